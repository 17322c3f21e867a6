import type { Operation } from './operation.ts';
import { accountOps } from './operations/account.ts';
import { brandTruthOps } from './operations/brand-truth.ts';
import { actionOps } from './operations/actions.ts';
import { insightOps } from './operations/insights.ts';
import { projectOps } from './operations/projects.ts';
import { reportOps } from './operations/reports.ts';
import { resultOps } from './operations/results.ts';
import { runOps } from './operations/runs.ts';
import { setupOps } from './operations/setup.ts';
import { siteOps } from './operations/site.ts';
import { sourceTypeOps } from './operations/source-types.ts';
import { trafficOps } from './operations/traffic.ts';
import { webhookOps } from './operations/webhooks.ts';

export type { HttpMethod, Operation } from './operation.ts';

/**
 * Every operation of the contract (section 4), then the extensions beyond it. The Fastify routes and the OpenAPI
 * document are both built from this table, so a path cannot be served with rules other than the ones it is
 * documented with.
 */
export const ops = {
  ...projectOps,
  ...setupOps,
  ...resultOps,
  ...runOps,
  ...webhookOps,
  ...insightOps,
  ...accountOps,
  ...siteOps,
  ...brandTruthOps,
  ...sourceTypeOps,
  ...trafficOps,
  ...reportOps,
  ...actionOps,
};

export const operations: readonly Operation[] = Object.values(ops);
