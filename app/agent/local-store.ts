/**
 * The agent's own SQLite file (default `<dataDir>/agent.db`): the pairing (the device token sealed), the projects
 * of the last check-in, bring-your-own-key engine keys (sealed, never uploaded) and tracking settings, the outbox
 * of runs and answers the service has not acknowledged yet, and the progress of site crawls under way. The sealing
 * key is `answerwatch.key` beside the file (or ANSWERWATCH_SECRET_KEY), as for the service. Each part's queries are
 * in ./local-store/.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import { createSecretBox, type SecretBox } from '../../server/domain/secret-box.ts';
import { loadSecretKey } from '../../server/secret-key.ts';
import { byokStore, type ByokStore } from './local-store/byok.ts';
import { crawlStore, type CrawlStore } from './local-store/crawls.ts';
import { outboxAnswerStore, type OutboxAnswerStore } from './local-store/outbox-answers.ts';
import { pairingStore, type PairingStore } from './local-store/pairing.ts';
import { projectCache, type ProjectCache } from './local-store/projects.ts';
import { runStore, type RunStore } from './local-store/runs.ts';
import { siteCrawlJobStore, type SiteCrawlJobStore } from './local-store/site-crawl-jobs.ts';
import type { AgentDatabase } from './local-store/schema.ts';
import * as initial from './migrations/0001-agent.ts';
import * as runErrorCode from './migrations/0002-run-error-code.ts';
import * as runFailures from './migrations/0003-run-failures.ts';
import * as crawlProgress from './migrations/0004-crawl-progress.ts';
import * as siteCrawlJobs from './migrations/0005-site-crawl-jobs.ts';
import * as searchQueries from './migrations/0006-search-queries.ts';

export interface LocalStore
  extends PairingStore, ProjectCache, ByokStore, RunStore, OutboxAnswerStore, CrawlStore, SiteCrawlJobStore {
  readonly path: string;
  close(): Promise<void>;
}

const migrations: Record<string, Migration> = {
  '0001-agent': initial,
  '0002-run-error-code': runErrorCode,
  '0003-run-failures': runFailures,
  '0004-crawl-progress': crawlProgress,
  '0005-site-crawl-jobs': siteCrawlJobs,
  '0006-search-queries': searchQueries,
};
const provider: MigrationProvider = { getMigrations: async () => migrations };

export interface OpenLocalStoreOptions {
  /** Where the sealing key comes from (ANSWERWATCH_SECRET_KEY); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** A given SecretBox instead of the key file (tests). */
  secrets?: SecretBox;
}

/** Opens (creating when needed) and migrates the agent's database. */
export async function openLocalStore(path: string, options: OpenLocalStoreOptions = {}): Promise<LocalStore> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const box = options.secrets ?? createSecretBox(loadSecretKey(options.env ?? process.env, path));
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<AgentDatabase>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(
      `agent database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
  return {
    path,
    ...pairingStore(db, box),
    ...projectCache(db),
    ...byokStore(db, box),
    ...runStore(db),
    ...outboxAnswerStore(db),
    ...crawlStore(db),
    ...siteCrawlJobStore(db),
    async close() {
      await db.destroy();
    },
  };
}
