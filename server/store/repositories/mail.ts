import type { Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { SqlDialect } from '../dialect.ts';
import type { Database } from '../schema.ts';

export type MailRow = Selectable<Database['mail_outbox']>;

export interface NewMail {
  id: string;
  idempotencyKey: string;
  kind: string;
  recipient: string;
  subject: string;
  contentSealed: string;
  createdAt: string;
}

/** One sending attempt: what the SMTP server answered (its reply code), or what went wrong before it could. */
export interface MailAttempt {
  at: string;
  responseCode: number | null;
  error: string | null;
  durationMs: number;
}

export type MailOutcome =
  | { status: 'sent'; nextAttemptAt: null }
  | { status: 'failed'; nextAttemptAt: null }
  | { status: 'pending'; nextAttemptAt: string };

export function mailRepository(db: Db, d: SqlDialect) {
  return {
    /** Queues a mail, due at once; false (and nothing written) when a mail of the same key was queued before. */
    async enqueue(m: NewMail): Promise<boolean> {
      const r = await db
        .insertInto('mail_outbox')
        .values({
          id: m.id,
          idempotency_key: m.idempotencyKey,
          kind: m.kind,
          recipient: m.recipient,
          subject: m.subject,
          content_sealed: m.contentSealed,
          status: 'pending',
          created_at: m.createdAt,
          sent_at: null,
          next_attempt_at: m.createdAt,
          lease_until: null,
          lease_owner: null,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .executeTakeFirst();
      return (r.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
    /** The sealed content of every mail still to send: what the sealing key must open. */
    async pendingContents(): Promise<string[]> {
      const rows = await db
        .selectFrom('mail_outbox')
        .select('content_sealed')
        .where('status', '=', 'pending')
        .execute();
      return rows.flatMap((r) => (r.content_sealed === null ? [] : [r.content_sealed]));
    },
    /**
     * Leases up to `limit` pending mails due by `now` with no live lease, oldest first, until `until`: one
     * statement picks and leases them, passing over those another process is taking (as webhook deliveries are
     * claimed), so no mail is handed to two senders.
     */
    async claimDue(owner: string, now: string, until: string, limit: number): Promise<MailRow[]> {
      const due = d.claim(
        db
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
          .orderBy('next_attempt_at')
          .orderBy('seq')
          .limit(limit),
      );
      const rows = await db
        .updateTable('mail_outbox')
        .set({ lease_until: until, lease_owner: owner })
        .where('id', 'in', due)
        .returningAll()
        .execute();
      return rows.sort(
        (x, y) => (x.next_attempt_at ?? '').localeCompare(y.next_attempt_at ?? '') || x.seq - y.seq,
      );
    },
    /**
     * Writes an attempt's outcome onto the mail it leased, unless another process recorded this attempt first. A
     * mail sent or failed for good drops its content: the links in it are single-use and no longer needed.
     */
    async recordAttempt(m: MailRow, attempt: MailAttempt, outcome: MailOutcome): Promise<boolean> {
      const attempts = [...(JSON.parse(m.attempts) as MailAttempt[]), attempt];
      const r = await db
        .updateTable('mail_outbox')
        .set({
          status: outcome.status,
          attempts: JSON.stringify(attempts),
          attempt_count: m.attempt_count + 1,
          next_attempt_at: outcome.nextAttemptAt,
          sent_at: outcome.status === 'sent' ? attempt.at : null,
          lease_until: null,
          ...(outcome.status !== 'pending' && { content_sealed: null }),
        })
        .where('id', '=', m.id)
        .where('attempt_count', '=', m.attempt_count)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
  };
}
