import { competitorKey } from '../store/repositories/competitors.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { resolveRange } from './date-range.ts';
import { checkEngineIds } from './engine-filter.ts';
import { renderDailyStats } from './daily-json.ts';
import { cachedRead } from './read-cache.ts';

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/**
 * One row per day and engine, in date order, from the daily summaries only (a year is 366 packed rows), rendered
 * straight to JSON text: a year on six engines is over two thousand rows.
 */
export async function dailyStats(
  s: Services,
  caller: Caller,
  projectId: string,
  q: { from?: string; to?: string; engine?: string[]; topicId?: string },
) {
  const project = await readableProject(s, caller, projectId);
  const range = resolveRange(q, s.clock.now());
  const only = checkEngineIds(q.engine);
  const filter = { projectId, ...range, topicId: q.topicId };
  return s.reads.get(project, JSON.stringify(['daily', filter, only]), async () => {
    const [rows, incompleteDays] = await Promise.all([
      s.store.summaries.daily(filter),
      s.store.summaries.pendingDays(filter),
    ]);
    return renderDailyStats(range, rows, only, incompleteDays);
  });
}

type CompetitorFilter = {
  projectId: string;
  from: string;
  to: string;
  engineIds: readonly string[] | undefined;
};

/** Share of voice: the own brand first, then every tracked competitor, each rate over all answers in range. */
async function shares(s: Services, projectName: string, filter: CompetitorFilter) {
  const competitors = await s.store.competitors.list(filter.projectId);
  const [totals, brands] = await Promise.all([
    s.store.summaries.totals(filter),
    s.store.summaries.brands(
      filter,
      competitors.map((c) => competitorKey(c.name)),
    ),
  ]);
  const row = (name: string, isOwnBrand: boolean, mentioned: number, cited: number) => ({
    name,
    isOwnBrand,
    mentioned,
    cited,
    mentionRate: rate(mentioned, totals.answers),
    citationRate: rate(cited, totals.answers),
  });
  return {
    from: filter.from,
    to: filter.to,
    answers: totals.answers,
    data: [
      row(projectName, true, totals.mentioned, totals.cited),
      ...competitors.map((c) => {
        const b = brands.get(competitorKey(c.name));
        return row(c.name, false, b?.mentioned ?? 0, b?.cited ?? 0);
      }),
    ],
  };
}

export type CompetitorShares = Awaited<ReturnType<typeof shares>>;

/**
 * Share of voice as JSON text, kept in the read cache like the other summaries' reads: a dashboard asks it on
 * every load, and its year of brand rows costs the database a millisecond or two each time.
 */
export async function competitorStats(
  s: Services,
  caller: Caller,
  projectId: string,
  q: { from?: string; to?: string; engine?: string[] },
) {
  const project = await readableProject(s, caller, projectId);
  const filter = { projectId, ...resolveRange(q, s.clock.now()), engineIds: checkEngineIds(q.engine) };
  return cachedRead(s, project, ['competitors', filter], () => shares(s, project.name, filter));
}

/** The same, as values (reports, MCP, the visibility summary): parsed from the kept text. */
export const competitorShares = async (
  ...args: Parameters<typeof competitorStats>
): Promise<CompetitorShares> => JSON.parse((await competitorStats(...args)).text) as CompetitorShares;
