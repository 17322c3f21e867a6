import { Migrator, type Kysely, type Migration } from 'kysely';
import type { SchemaDialect } from './dialect.ts';
import type { Db } from './engine.ts';
import * as initial from './migrations/0001-initial.ts';
import * as runs from './migrations/0002-runs.ts';
import * as hosts from './migrations/0003-hosts.ts';
import * as scheduleSlots from './migrations/0004-schedule-slots.ts';

/** A migration file: one `up` that builds the same schema on both engines, asking `s` where they differ. */
interface PortableMigration {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists
  up(db: Kysely<any>, s: SchemaDialect): Promise<void>;
}

const MIGRATIONS: Record<string, PortableMigration> = {
  '0001-initial': initial,
  '0002-runs': runs,
  '0003-hosts': hosts,
  '0004-schedule-slots': scheduleSlots,
};

/**
 * Applies the migrations not applied yet, in name order. On PostgreSQL, Kysely's migrator takes an advisory lock
 * and runs them in one transaction, so instances starting together apply each migration once.
 */
export async function migrateToLatest(db: Db, s: SchemaDialect): Promise<void> {
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (k: Kysely<unknown>) => m.up(k, s) }]),
  );
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
}
