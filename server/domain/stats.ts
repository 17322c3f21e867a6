import type { z } from 'zod';
import type { DailyStats } from '../contract/stats.ts';
import { competitorKey } from '../store/repositories/competitors.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { resolveRange } from './date-range.ts';
import { checkEngineIds } from './engine-filter.ts';
import { JsonText } from './json-text.ts';

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** Every engine id is rendered once per process, not once per row. */
const engineJson = new Map<string, string>();
const jsonOf = (id: string) => engineJson.get(id) ?? engineJson.set(id, JSON.stringify(id)).get(id)!;

/**
 * One row per day and engine, in date order. Read from the daily summaries only (a year is 366 packed rows), and
 * rendered straight to JSON text: a year on six engines is over two thousand rows.
 */
export async function dailyStats(
  s: Services,
  caller: Caller,
  projectId: string,
  q: { from?: string; to?: string; engine?: string[]; topicId?: string },
) {
  await readableProject(s, caller, projectId);
  const range = resolveRange(q, s.clock.now());
  const only = checkEngineIds(q.engine);
  const filter = { projectId, ...range, topicId: q.topicId };
  const [days, incompleteDays] = await Promise.all([
    s.store.summaries.daily(filter),
    s.store.summaries.pendingDays(filter),
  ]);
  let data = '';
  for (const day of days) {
    const date = JSON.stringify(day.date);
    for (const engineId of Object.keys(day.engines).sort()) {
      const [answers, mentioned, cited] = day.engines[engineId]!;
      if (answers === 0 || (only && !only.includes(engineId))) continue;
      data += `${data ? ',' : ''}{"date":${date},"engineId":${jsonOf(engineId)},"answers":${answers},"mentioned":${mentioned},"cited":${cited},"mentionRate":${mentioned / answers},"citationRate":${cited / answers}}`;
    }
  }
  return new JsonText<z.output<typeof DailyStats>>(
    `{"from":${JSON.stringify(range.from)},"to":${JSON.stringify(range.to)},"data":[${data}],"incompleteDays":${incompleteDays}}`,
  );
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
