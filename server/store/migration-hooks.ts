import type { Db } from './engine.ts';

/**
 * The parts of the insight summaries a migration can build from the stored answers on its own. A backfill runs the
 * live code, which writes the newest shape of their tables, so a part is built by a migration that leaves its
 * tables in that shape: 0006 builds prompts and trends, and 0008, which changed the source tables, builds sources.
 * Surfaces go with prompts: they pair the prompts' day rows. 0020 builds queries.
 */
export type InsightPart = 'sources' | 'prompts' | 'trends' | 'queries';

/**
 * What a migration needs from above the store. Summaries are built from stored answers by the domain's live code
 * (scoring rules and deltas the store must not import), so whoever opens the database hands that code in.
 */
export interface MigrationHooks {
  /** Builds `parts` of the insight summaries from the answers already stored, into their empty tables. */
  backfillInsights(db: Db, parts: ReadonlySet<InsightPart>): Promise<number>;
}
