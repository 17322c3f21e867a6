import { competitorKey } from '../store/repositories/competitors.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { resolveRange } from './date-range.ts';
import { checkEngineIds } from './engine-filter.ts';
import { renderDailyStats } from './daily-json.ts';

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

/** Share of voice: the own brand first, then every tracked competitor, each rate over all answers in range. */
export async function competitorStats(
  s: Services,
  caller: Caller,
  projectId: string,
  q: { from?: string; to?: string; engine?: string[] },
) {
  const project = await readableProject(s, caller, projectId);
  const range = resolveRange(q, s.clock.now());
  const filter = { projectId, ...range, engineIds: checkEngineIds(q.engine) };
  const competitors = await s.store.competitors.list(projectId);
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
    ...range,
    answers: totals.answers,
    data: [
      row(project.name, true, totals.mentioned, totals.cited),
      ...competitors.map((c) => {
        const b = brands.get(competitorKey(c.name));
        return row(c.name, false, b?.mentioned ?? 0, b?.cited ?? 0);
      }),
    ],
  };
}
