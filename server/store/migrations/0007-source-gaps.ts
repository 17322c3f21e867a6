import type { Kysely } from 'kysely';
import type { Db } from '../engine.ts';
import { sourceSummariesRepository } from '../repositories/source-summaries.ts';

const GAP_KINDS: ReadonlySet<string> = new Set(['b', 'c']);

/*
 * The source summaries' domains counted in answers that name the brand (`b`) and in answers that name a tracked
 * competitor (`c`): what stats/sources?gaps=true reads. New kinds of row, no new column. Rows of these kinds a
 * backfill of 0006 may have written already (it runs the live delta code) are dropped first, so nothing counts
 * twice.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['source_days', 'source_months'])
    await db
      .deleteFrom(table)
      .where('kind', 'in', [...GAP_KINDS])
      .execute();
  // Loaded here, not at the top, for the reason 0006 gives.
  const [{ insightDeltas }, { forEachStoredBatch }] = await Promise.all([
    import('../../domain/insight-deltas.ts'),
    import('../insight-backfill.ts'),
  ]);
  const sources = sourceSummariesRepository(db as Db);
  await forEachStoredBatch(db as Db, (projectId, counts) =>
    sources.add(
      projectId,
      insightDeltas(counts).sources.filter((d) => GAP_KINDS.has(d.kind)),
    ),
  );
}
