import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpsUrl, Text } from '../contract/common.ts';
import { ProjectCreate } from '../contract/projects.ts';
import { CompetitorsReplace } from '../contract/setup.ts';
import type { Services } from '../domain/context.ts';
import { firstRun, firstRunPlans } from '../domain/first-run.ts';
import type { Plan } from '../domain/plans.ts';
import type { EngineSupply } from '../domain/readiness.ts';

const FirstRun = z.strictObject({
  plan: z.string().trim().min(1).max(40),
  accountName: Text(120).optional(),
  name: Text(120),
  websiteUrl: HttpsUrl,
  brandTerms: ProjectCreate.shape.brandTerms,
  brandDomains: ProjectCreate.shape.brandDomains,
  competitors: CompetitorsReplace.optional(),
  prompts: z.array(Text(500)).min(1, 'add at least one prompt').max(50),
  engineIds: z.array(z.string().min(1).max(60)).min(1, 'tick at least one engine').max(50),
});

/**
 * A fresh machine's start, for the owner's web UI only (registered under /local/v1 behind its token): the plans
 * on offer with their engines' readiness, the first account with its first project in one go, or a demo.
 */
export function firstRunRoutes(
  local: FastifyInstance,
  s: Services,
  o: { plans: readonly Plan[]; supply: EngineSupply; hostAccount?: (accountId: string) => void },
): void {
  local.get('/first-run', async () => firstRunPlans(s, o.plans, o.supply));
  local.post('/first-run', { schema: { body: FirstRun } }, async (req, reply) => {
    const created = await firstRun(s, o.plans, FirstRun.parse(req.body));
    o.hostAccount?.(created.accountId);
    reply.code(201);
    return created;
  });
  local.post('/demo', async (_req, reply) => {
    // Loaded when asked: the demo's content is large, and a service that never seeds one never reads it.
    const { seedDemoAccount } = await import('../jobs/demo-seed.ts');
    const created = await seedDemoAccount(s, o.plans);
    o.hostAccount?.(created.accountId);
    reply.code(201);
    return created;
  });
}
