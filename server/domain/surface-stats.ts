import {
  SURFACE_COUNTS,
  type SurfaceCounts,
  type SurfaceDomainTotals,
  type SurfaceTotals,
} from '../store/repositories/surface-summaries.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { resolveRange } from './date-range.ts';
import { checkEngineIds } from './engine-filter.ts';
import { sourceClassifier } from './source-class.ts';
import { SURFACE_PAIRS } from './surface-deltas.ts';
import { cachedRead } from './read-cache.ts';

export interface SurfaceQuery {
  from?: string;
  to?: string;
  engine?: string[];
  topicId?: string;
}

const TOP_SOURCES = 20;

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

const agreement = (both: number, api: number, app: number, neither: number) => {
  const pairs = both + api + app + neither;
  return {
    agreement: rate(both + neither, pairs),
    both,
    apiOnly: api,
    appOnly: app,
    neither,
    apiRate: rate(both + api, pairs),
    appRate: rate(both + app, pairs),
  };
};

/** A pair's figures from its counts summed over prompts and days. */
function pairFigures(rows: readonly SurfaceTotals[]) {
  const c = Object.fromEntries(SURFACE_COUNTS.map((k) => [k, 0])) as SurfaceCounts;
  let prompts = 0;
  for (const r of rows) {
    for (const k of SURFACE_COUNTS) c[k] += r.counts[k];
    if (r.counts.paired_days > 0) prompts += 1;
  }
  const apiAverage = c.position_pairs === 0 ? null : c.api_positions / c.position_pairs;
  const appAverage = c.position_pairs === 0 ? null : c.app_positions / c.position_pairs;
  return {
    prompts,
    pairedDays: c.paired_days,
    answerPairs: c.answer_pairs,
    mention: agreement(c.mention_both, c.mention_api, c.mention_app, c.mention_neither),
    citation: agreement(c.cited_both, c.cited_api, c.cited_app, c.cited_neither),
    position: {
      pairs: c.position_pairs,
      apiAverage,
      appAverage,
      difference: apiAverage === null || appAverage === null ? null : appAverage - apiAverage,
    },
  };
}

const top = (list: readonly SurfaceDomainTotals[]) =>
  [...list]
    .sort((a, b) => b.promptDays - a.promptDays || (a.domain < b.domain ? -1 : 1))
    .slice(0, TOP_SOURCES);

/**
 * What the API says against what people see in the app: for each engine answered through both its API and its
 * local-fetch browser variant, every API answer paired with every app answer to the same tracked prompt on the same
 * day. Read from the surfaces summary, which the transaction that stores answers keeps.
 */
export async function surfaceStats(s: Services, caller: Caller, projectId: string, q: SurfaceQuery) {
  const project = await readableProject(s, caller, projectId);
  const range = resolveRange(q, s.clock.now());
  const engineIds = checkEngineIds(q.engine);
  const pairs = SURFACE_PAIRS.filter(
    (p) => !engineIds || engineIds.includes(p.api) || engineIds.includes(p.app),
  );
  return cachedRead(s, project, ['surfaces', projectId, range, engineIds, q.topicId], async () => {
    const promptIds =
      q.topicId === undefined ? null : (await s.store.prompts.all(projectId, q.topicId)).map((p) => p.id);
    const scope = { projectId, apiEngineIds: pairs.map((p) => p.api), promptIds, ...range };
    const [totals, domains, competitors] = await Promise.all([
      s.store.surfaceSummaries.totals(scope),
      s.store.surfaceSummaries.domains(scope),
      s.store.competitors.list(projectId),
    ]);
    const classify = sourceClassifier(project, competitors);
    const sources = (apiEngineId: string, side: 'api' | 'app') =>
      top(domains.filter((d) => d.apiEngineId === apiEngineId && d.side === side)).map((d) => ({
        domain: d.domain,
        ...classify.domain(d.domain),
        promptDays: d.promptDays,
      }));

    const data = pairs
      .map((p) => ({ pair: p, figures: pairFigures(totals.filter((t) => t.apiEngineId === p.api)) }))
      .filter(({ figures }) => figures.pairedDays > 0)
      .map(({ pair, figures }) => ({
        apiEngineId: pair.api,
        appEngineId: pair.app,
        ...figures,
        sources: { apiOnly: sources(pair.api, 'api'), appOnly: sources(pair.api, 'app') },
      }));
    return { ...range, data };
  });
}
