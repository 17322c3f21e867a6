/**
 * Opening the database as every command, the service and the tests do: the store's openDatabase with the domain's
 * live summary code for the migrations that build summaries from the answers already stored (the store sits below
 * the domain and cannot import it).
 */
import { openDatabase as openStoreDatabase, type Db, type OpenOptions } from '../store/database.ts';
import type { MigrationHooks } from '../store/migration-hooks.ts';

export type { Db } from '../store/database.ts';

export const migrationHooks: MigrationHooks = {
  // Loaded when a migration calls it: every command opens the database, and only one that migrates pays for the
  // scoring code the backfill pulls in.
  backfillInsights: async (db, parts) => (await import('./insight-backfill.ts')).backfillInsights(db, parts),
};

export function openDatabase(location: string, opts: Omit<OpenOptions, 'migrations'> = {}): Promise<Db> {
  return openStoreDatabase(location, { ...opts, migrations: migrationHooks });
}
