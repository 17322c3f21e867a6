import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * The mail outbox: every e-mail the service sends (verification, password reset, invitations, reports) is a row
 * written in the transaction of the change that causes it, then sent by the mail sender under a lease, as webhook
 * deliveries are. The idempotency key is unique, so a mail enqueued twice (two instances sending one period's
 * report) is one row. The content (text, HTML, attachments) is sealed: it holds single-use links.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('seq', s.serial, (c) => s.autoIncrement(c.primaryKey()))
    .addColumn('id', s.text, (c) => c.notNull().unique())
    .addColumn('idempotency_key', s.text, (c) => c.notNull().unique())
    .addColumn('kind', s.text, (c) => c.notNull())
    .addColumn('recipient', s.text, (c) => c.notNull())
    .addColumn('subject', s.text, (c) => c.notNull())
    .addColumn('content_sealed', s.text)
    .addColumn('status', s.text, (c) => c.notNull())
    .addColumn('created_at', s.text, (c) => c.notNull())
    .addColumn('sent_at', s.text)
    .addColumn('next_attempt_at', s.text)
    .addColumn('attempt_count', s.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', s.text, (c) => c.notNull().defaultTo('[]'))
    .addColumn('lease_until', s.text)
    .addColumn('lease_owner', s.text)
    .execute();
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}
