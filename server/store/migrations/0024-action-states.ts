import type { Kysely } from 'kysely';
import type { SchemaDialect } from '../dialect.ts';

/*
 * What people decided about a ranked action (issue 25, ranked actions): done or dismissed, with a fingerprint of the
 * evidence they decided on. Actions themselves are computed from the summaries at read time; only the decisions are
 * stored, keyed by the action's id (kind and subject), so a decision outlives recomputation. A row whose
 * fingerprint no longer matches the evidence counts as open again. `action_tops` keeps the top ten last announced
 * by the opt-in `actions.updated` event, which a run sends when its end changes them.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>, s: SchemaDialect): Promise<void> {
  await db.schema
    .createTable('action_states')
    .addColumn('project_id', s.text, (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('action_id', s.text, (c) => c.notNull())
    .addColumn('status', s.text, (c) => c.notNull())
    .addColumn('fingerprint', s.text, (c) => c.notNull())
    .addColumn('updated_at', s.text, (c) => c.notNull())
    .addPrimaryKeyConstraint('action_states_pk', ['project_id', 'action_id'])
    .execute();
  await db.schema
    .createTable('action_tops')
    .addColumn('project_id', s.text, (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('ids', s.text, (c) => c.notNull())
    .addColumn('updated_at', s.text, (c) => c.notNull())
    .execute();
}
