import { dataGeneration, type Db } from './database.ts';
import { accountsRepository } from './repositories/accounts.ts';
import { answersRepository } from './repositories/answers.ts';
import { apiKeysRepository } from './repositories/api-keys.ts';
import { brandTruthsRepository } from './repositories/brand-truths.ts';
import { competitorSetsRepository } from './repositories/competitor-sets.ts';
import { competitorsRepository } from './repositories/competitors.ts';
import { hostsRepository } from './repositories/hosts.ts';
import { projectsRepository } from './repositories/projects.ts';
import { promptSummariesRepository } from './repositories/prompt-summaries.ts';
import { promptsRepository } from './repositories/prompts.ts';
import { runRequestsRepository } from './repositories/run-requests.ts';
import { runsRepository } from './repositories/runs.ts';
import { settingsRepository } from './repositories/settings.ts';
import { sourceSummariesRepository } from './repositories/source-summaries.ts';
import { summariesRepository } from './repositories/summaries.ts';
import { surfaceSummariesRepository } from './repositories/surface-summaries.ts';
import { topicsRepository } from './repositories/topics.ts';
import { trendSummariesRepository } from './repositories/trend-summaries.ts';
import { webhooksRepository } from './repositories/webhooks.ts';

function repositories(db: Db) {
  return {
    accounts: accountsRepository(db),
    answers: answersRepository(db),
    apiKeys: apiKeysRepository(db),
    brandTruths: brandTruthsRepository(db),
    competitors: competitorsRepository(db),
    competitorSets: competitorSetsRepository(db),
    hosts: hostsRepository(db),
    projects: projectsRepository(db),
    prompts: promptsRepository(db),
    promptSummaries: promptSummariesRepository(db),
    runRequests: runRequestsRepository(db),
    runs: runsRepository(db),
    settings: settingsRepository(db),
    sourceSummaries: sourceSummariesRepository(db),
    summaries: summariesRepository(db),
    surfaceSummaries: surfaceSummariesRepository(db),
    topics: topicsRepository(db),
    trendSummaries: trendSummariesRepository(db),
    webhooks: webhooksRepository(db),
  };
}

export type Repositories = ReturnType<typeof repositories>;

export interface Store extends Repositories {
  /** Runs `work` in one transaction with every repository bound to it: all of it lands or none. */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /** Changes whenever the stored data may have changed; a cached read is valid while it does not. */
  generation(): string;
  close(): Promise<void>;
}

/** Every repository over one database. Callers never see SQL. */
export function createStore(db: Db): Store {
  return {
    ...repositories(db),
    transaction: (work) => db.transaction().execute((trx) => work(repositories(trx))),
    generation: () => dataGeneration(db),
    close: () => db.destroy(),
  };
}
