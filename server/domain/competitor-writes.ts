import { competitorKey, type CompetitorRecord } from '../store/repositories/competitors.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { cleanDomain } from './domain-names.ts';
import { AppError } from './errors.ts';

/**
 * Replaces the whole list. Names match case-insensitively, so entries naming the same brand are merged into one
 * competitor (the first spelling kept) with all their domains: that is how a competitor gets several domains.
 * Answers already stored keep the results they were scored with.
 */
export async function replaceCompetitors(
  s: Services,
  caller: Caller,
  projectId: string,
  input: readonly { name: string; domain?: string | null }[],
) {
  await readableProject(s, caller, projectId);
  const merged = new Map<string, CompetitorRecord>();
  for (const entry of input) {
    const key = competitorKey(entry.name);
    const competitor = merged.get(key) ?? { name: entry.name.trim(), domains: [] };
    const domain = entry.domain ? cleanDomain('domain', entry.domain) : null;
    if (domain && !competitor.domains.includes(domain)) competitor.domains.push(domain);
    merged.set(key, competitor);
  }
  const { maxCompetitors } = caller.plan.limits;
  if (merged.size > maxCompetitors) {
    throw new AppError(
      'plan_limit',
      `The ${caller.plan.code} plan allows at most ${maxCompetitors} competitors (maxCompetitors); the list has ${merged.size}.`,
    );
  }
  await s.store.competitors.replace(projectId, [...merged.values()]);
  return { data: await s.store.competitors.list(projectId) };
}
