import { engineOf, type ChangedProjects, type Db } from './engine.ts';
import { projectCache } from './project-cache.ts';
import { useKeyInSteps, type KeyUse, type KeyUsed } from './key-use.ts';
import type { RateCounter } from './rate-counter.ts';
import type { ProjectAt } from './repositories/projects.ts';
import { accountBrandsRepository } from './repositories/account-brands.ts';
import { accountsRepository } from './repositories/accounts.ts';
import { actionExamplesRepository } from './repositories/action-examples.ts';
import { actionStatesRepository } from './repositories/action-states.ts';
import { actionTopsRepository } from './repositories/action-tops.ts';
import { answersRepository } from './repositories/answers.ts';
import { apiKeysRepository } from './repositories/api-keys.ts';
import { auditLogRepository } from './repositories/audit-log.ts';
import { brandTruthsRepository } from './repositories/brand-truths.ts';
import { competitorSetsRepository } from './repositories/competitor-sets.ts';
import { competitorsRepository } from './repositories/competitors.ts';
import { driftingAnswersRepository } from './repositories/drifting-answers.ts';
import { hostsRepository } from './repositories/hosts.ts';
import { mailRepository } from './repositories/mail.ts';
import { projectsRepository } from './repositories/projects.ts';
import { promptSummariesRepository } from './repositories/prompt-summaries.ts';
import { promptsRepository } from './repositories/prompts.ts';
import { reportLinksRepository } from './repositories/report-links.ts';
import { reportDigestsRepository } from './repositories/report-digests.ts';
import { runRequestsRepository } from './repositories/run-requests.ts';
import { runsRepository } from './repositories/runs.ts';
import { settingsRepository } from './repositories/settings.ts';
import { siteCrawlsRepository } from './repositories/site-crawls.ts';
import { querySummariesRepository } from './repositories/query-summaries.ts';
import { driftSummariesRepository } from './repositories/drift-summaries.ts';
import { actionSummariesRepository } from './repositories/action-summaries.ts';
import { sourceSummariesRepository } from './repositories/source-summaries.ts';
import { sourceTypeOverridesRepository } from './repositories/source-type-overrides.ts';
import { summariesRepository } from './repositories/summaries.ts';
import { surfaceSummariesRepository } from './repositories/surface-summaries.ts';
import { topicsRepository } from './repositories/topics.ts';
import { trafficRepository } from './repositories/traffic.ts';
import { trendSummariesRepository } from './repositories/trend-summaries.ts';
import { webhooksRepository } from './repositories/webhooks.ts';
import type { SqlDialect } from './dialect.ts';

export type { ChangedProjects } from './engine.ts';

function repositories(db: Db, d: SqlDialect) {
  return {
    accountBrands: accountBrandsRepository(db),
    accounts: accountsRepository(db),
    actionExamples: actionExamplesRepository(db, d),
    actionStates: actionStatesRepository(db),
    actionTops: actionTopsRepository(db),
    answers: answersRepository(db, d),
    apiKeys: apiKeysRepository(db),
    auditLog: auditLogRepository(db),
    brandTruths: brandTruthsRepository(db),
    competitors: competitorsRepository(db),
    competitorSets: competitorSetsRepository(db),
    driftingAnswers: driftingAnswersRepository(db),
    hosts: hostsRepository(db),
    mail: mailRepository(db, d),
    projects: projectsRepository(db, d),
    prompts: promptsRepository(db),
    promptSummaries: promptSummariesRepository(db),
    reportLinks: reportLinksRepository(db),
    reportDigests: reportDigestsRepository(db),
    runRequests: runRequestsRepository(db, d),
    runs: runsRepository(db),
    settings: settingsRepository(db),
    siteCrawls: siteCrawlsRepository(db),
    sourceSummaries: sourceSummariesRepository(db, d),
    querySummaries: querySummariesRepository(db, d),
    driftSummaries: driftSummariesRepository(db),
    actionSummaries: actionSummariesRepository(db),
    sourceTypeOverrides: sourceTypeOverridesRepository(db),
    summaries: summariesRepository(db, d),
    surfaceSummaries: surfaceSummariesRepository(db),
    topics: topicsRepository(db),
    traffic: trafficRepository(db),
    trendSummaries: trendSummariesRepository(db),
    webhooks: webhooksRepository(db, d),
  };
}

export type Repositories = ReturnType<typeof repositories>;

/** Attempts of a transaction that the database aborted only to break a deadlock or a serialization conflict. */
const TRANSACTION_ATTEMPTS = 5;

export interface Store extends Repositories {
  /**
   * Runs `work` in one transaction with every repository bound to it: all of it lands or none. `work` may run
   * again when the database aborted it to resolve a conflict, so it does nothing but database work.
   */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /** Changes whenever the project's stored data may have changed; a cached read is valid while it does not. */
  generation(projectId: string): Promise<string>;
  /**
   * A project with its generation, in one round trip to the database: what every read of a project starts with.
   * Kept per instance while its generation holds (project-cache.ts). `known`: its generation as read earlier in
   * the same request (KeyUsed.projectGeneration), which spares the round trip that checks a kept project.
   */
  readProject(projectId: string, known?: string): Promise<ProjectAt | undefined>;
  /** Early word that another process changed these projects, for caches to drop entries before they are asked. */
  onChange(listener: (changed: ChangedProjects) => void): () => void;
  /** Word that another instance queued webhook deliveries (PostgreSQL only), for the deliverer to look at once. */
  onDeliveriesQueued(listener: () => void): () => void;
  /** Where request counts for rate limits live, shared by every process that serves this database. */
  rateCounter: RateCounter;
  /**
   * The way in of a request that presents a key: finds the key (with its projects and its account's plan), notes
   * its use, and counts the request, in the key's bucket when the key is live, else in the address's. One round
   * trip on PostgreSQL.
   */
  useKey(use: KeyUse): Promise<KeyUsed>;
  /**
   * The database as the identity library (better-auth, server/auth) takes it, for its own Kysely adapter: its
   * tables are its own (their schema comes from migration 0011), read and written by nothing else here but the
   * organization row every account is given when it is made (accounts repository, migration 0013).
   */
  identityDatabase: { db: Db; engine: 'sqlite' | 'postgres' };
  close(): Promise<void>;
}

/** Every repository over one database. Callers never see SQL, nor which engine runs it. */
export function createStore(db: Db): Store {
  const engine = engineOf(db);
  const d = engine.dialect;
  const repos = repositories(db, d);
  return {
    ...repos,
    async transaction(work) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await db.transaction().execute((trx) => work(repositories(trx, d)));
        } catch (err) {
          if (attempt >= TRANSACTION_ATTEMPTS || !d.isRetryable(err)) throw err;
        }
      }
    },
    generation: (projectId) => engine.generation(projectId),
    readProject: projectCache(
      (projectId) => repos.projects.getAt(projectId, () => engine.generation(projectId)),
      (projectId) => engine.generation(projectId),
    ),
    onChange: (listener) => engine.onChange(listener),
    onDeliveriesQueued: (listener) => engine.onDeliveriesQueued(listener),
    rateCounter: engine.rateCounter,
    useKey: (use) => (engine.useKey ? engine.useKey(use) : useKeyInSteps(repos, engine.rateCounter, use)),
    identityDatabase: { db, engine: d.engine },
    async close() {
      await engine.close();
      await db.destroy();
    },
  };
}
