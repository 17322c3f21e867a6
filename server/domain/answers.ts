import { readableProject } from './access.ts';
import { renderAnswerPage } from './answer-json.ts';
import { answerDetailResource } from './answer-view.ts';
import type { Caller, Services } from './context.ts';
import { observedWindow, resolveRange } from './date-range.ts';
import { checkEngineIds } from './engine-filter.ts';
import { AppError, notFound } from './errors.ts';
import { splitPage } from './paging.ts';

export interface AnswerQuery {
  from?: string;
  to?: string;
  engine?: string[];
  topicId?: string;
  promptId?: string;
  runId?: string;
  mentioned?: boolean;
  cited?: boolean;
  cursor?: string;
  limit: number;
}

/** A run fixes its own dates, so runId alone has no default window and cannot be combined with from or to. */
function windowFor(q: AnswerQuery, now: Date) {
  if (q.runId === undefined) return observedWindow(resolveRange(q, now));
  if (q.from !== undefined || q.to !== undefined) {
    throw new AppError(
      'unsupported_filter_combination',
      'runId cannot be combined with from or to: a run fixes its own dates.',
    );
  }
  return null;
}

export async function listAnswers(s: Services, caller: Caller, projectId: string, q: AnswerQuery) {
  await readableProject(s, caller, projectId);
  const window = windowFor(q, s.clock.now());
  const engineIds = checkEngineIds(q.engine);
  const { cursor, limit, ...filterParams } = q;
  // The resolved window joins the cursor's filters, so a cursor stays tied to the dates of its first page.
  const filters = { ...filterParams, window, engine: engineIds };
  const list = `answers:${projectId}`;
  const after = s.cursors.decode<{ observedAt: string; id: string }>(list, filters, cursor);
  const key = JSON.stringify([list, filters, after, limit]);
  return s.reads.get(projectId, key, async () => {
    const [rows, topics] = await Promise.all([
      s.store.answers.list({
        projectId,
        window,
        engineIds,
        topicId: q.topicId,
        promptId: q.promptId,
        runId: q.runId,
        mentioned: q.mentioned,
        cited: q.cited,
        after,
        limit: limit + 1,
      }),
      s.store.topics.labels(projectId),
    ]);
    const page = splitPage(rows, limit, (r) =>
      s.cursors.encode(list, filters, { observedAt: r.observed_at, id: r.id }),
    );
    const setIds = [...new Set(page.data.flatMap((r) => r.competitor_set ?? []))];
    const sets = await s.store.competitorSets.get(projectId, setIds);
    return renderAnswerPage(page.data, topics, sets, page.nextCursor);
  });
}

export async function getAnswer(s: Services, caller: Caller, projectId: string, answerId: string) {
  await readableProject(s, caller, projectId);
  const [row, topics] = await Promise.all([
    s.store.answers.get(projectId, answerId),
    s.store.topics.labels(projectId),
  ]);
  if (!row) throw notFound('answer');
  const sets = await s.store.competitorSets.get(
    projectId,
    row.competitor_set === null ? [] : [row.competitor_set],
  );
  return answerDetailResource(row, topics, sets);
}
