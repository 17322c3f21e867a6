import { competitorKey, type CompetitorRecord } from '../store/repositories/competitors.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { cleanDomain } from './domain-names.ts';
import { AppError } from './errors.ts';
import type { Plan } from './plans.ts';

/**
 * Entries naming the same brand (case-insensitively) merged into one competitor, the first spelling kept, with
 * all their domains: that is how a competitor gets several domains. Over the plan's limit is 409 plan_limit.
 */
export function mergeCompetitors(
  plan: Pick<Plan, 'code' | 'limits'>,
  input: readonly { name: string; domain?: string | null }[],
): CompetitorRecord[] {
  const merged = new Map<string, CompetitorRecord>();
  for (const entry of input) {
    const key = competitorKey(entry.name);
    const competitor = merged.get(key) ?? { name: entry.name.trim(), domains: [] };
    const domain = entry.domain ? cleanDomain('domain', entry.domain) : null;
    if (domain && !competitor.domains.includes(domain)) competitor.domains.push(domain);
    merged.set(key, competitor);
  }
  const { maxCompetitors } = plan.limits;
  if (merged.size > maxCompetitors) {
    throw new AppError(
      'plan_limit',
      `The ${plan.code} plan allows at most ${maxCompetitors} competitors (maxCompetitors); the list has ${merged.size}.`,
    );
  }
  return [...merged.values()];
}

/** Replaces the whole list. Answers already stored keep the results they were scored with. */
export async function replaceCompetitors(
  s: Services,
  caller: Caller,
  projectId: string,
  input: readonly { name: string; domain?: string | null }[],
) {
  await readableProject(s, caller, projectId);
  await s.store.competitors.replace(projectId, mergeCompetitors(caller.plan, input));
  return { data: await s.store.competitors.list(projectId) };
}
