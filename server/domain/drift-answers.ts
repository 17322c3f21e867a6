import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { observedWindow, type DayRange } from './date-range.ts';

/**
 * The answers a judge found drifting from the Brand Truth in a period: how many drift fully and partly, and the
 * newest of them (each the same as its answer read: `narrativeDrift` true or `partial`, with the judge's reason).
 */
export async function driftingAnswers(
  s: Services,
  caller: Caller,
  projectId: string,
  range: DayRange,
  limit: number,
) {
  await readableProject(s, caller, projectId);
  const w = observedWindow(range);
  const [counts, latest] = await Promise.all([
    s.store.driftingAnswers.counts(projectId, w.from, w.to),
    s.store.driftingAnswers.latest(projectId, w.from, w.to, limit),
  ]);
  return { ...counts, latest };
}
