import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { SchemaDialect } from './dialect.ts';
import type { Db } from './engine.ts';
import type { MigrationHooks } from './migration-hooks.ts';
import * as initial from './migrations/0001-initial.ts';
import * as runs from './migrations/0002-runs.ts';
import * as hosts from './migrations/0003-hosts.ts';
import * as positions from './migrations/0004-positions.ts';
import * as instances from './migrations/0005-instances.ts';
import * as insights from './migrations/0006-insights.ts';
import * as sourceGaps from './migrations/0007-source-gaps.ts';
import * as sourceGapCounts from './migrations/0008-source-gap-counts.ts';
import * as trendNotApplicable from './migrations/0009-trend-not-applicable.ts';
import * as mailOutbox from './migrations/0010-mail-outbox.ts';
import * as people from './migrations/0011-people.ts';
import * as auditLog from './migrations/0013-audit-log.ts';
import * as deviceCodes from './migrations/0014-device-codes.ts';
import * as passkeys from './migrations/0015-passkeys.ts';
import * as ssoProviders from './migrations/0016-sso-providers.ts';
import * as siteCrawls from './migrations/0017-site-crawls.ts';
import * as keyLastUsed from './migrations/0018-key-last-used.ts';
import * as brandTruthSuggestions from './migrations/0019-brand-truth-suggestions.ts';
import * as searchQueries from './migrations/0020-search-queries.ts';
import * as sourceTypeOverrides from './migrations/0021-source-type-overrides.ts';
import * as traffic from './migrations/0022-traffic.ts';
import * as reports from './migrations/0023-reports.ts';
import * as actionStates from './migrations/0024-action-states.ts';
import * as reportDigests from './migrations/0025-report-digests.ts';
import * as driftStatements from './migrations/0026-drift-statements.ts';
import * as reportLinkTokens from './migrations/0027-report-link-tokens.ts';

/** A migration file: one `up` that builds the same schema on both engines, asking `s` where they differ. */
interface PortableMigration {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe the schema before the typed view exists
  up(db: Kysely<any>, s: SchemaDialect, hooks: MigrationHooks): Promise<void>;
}

const MIGRATIONS: Record<string, PortableMigration> = {
  '0001-initial': initial,
  '0002-runs': runs,
  '0003-hosts': hosts,
  '0004-positions': positions,
  '0005-instances': instances,
  '0006-insights': insights,
  '0007-source-gaps': sourceGaps,
  '0008-source-gap-counts': sourceGapCounts,
  '0009-trend-not-applicable': trendNotApplicable,
  '0010-mail-outbox': mailOutbox,
  '0011-people': people,
  '0013-audit-log': auditLog,
  '0014-device-codes': deviceCodes,
  '0015-passkeys': passkeys,
  '0016-sso-providers': ssoProviders,
  '0017-site-crawls': siteCrawls,
  '0018-key-last-used': keyLastUsed,
  '0019-brand-truth-suggestions': brandTruthSuggestions,
  '0020-search-queries': searchQueries,
  '0021-source-type-overrides': sourceTypeOverrides,
  '0022-traffic': traffic,
  '0023-reports': reports,
  '0024-action-states': actionStates,
  '0025-report-digests': reportDigests,
  '0026-drift-statements': driftStatements,
  '0027-report-link-tokens': reportLinkTokens,
};

/**
 * Applies the migrations not applied yet, in name order. On PostgreSQL, Kysely's migrator takes an advisory lock
 * and runs them in one transaction, so instances starting together apply each migration once. One missing below
 * the newest applied is applied too, rather than refused: 0004-positions and 0005-instances were written side by
 * side, and a database made with 0005 first must still get 0004 (neither touches what the other makes).
 */
export async function migrateToLatest(db: Db, s: SchemaDialect, hooks: MigrationHooks): Promise<void> {
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (k: Kysely<unknown>) => m.up(k, s, hooks) }]),
  );
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
}

/** The names of the migrations applied to the database, in order. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** Whether the database has every migration this code knows (and so needs no migrator at this start). */
export async function isMigrated(db: Db): Promise<boolean> {
  try {
    const applied = new Set(await appliedMigrations(db));
    return Object.keys(MIGRATIONS).every((name) => applied.has(name));
  } catch {
    return false;
  }
}
