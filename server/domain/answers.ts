import { readableProject } from './access.ts';
import { renderAnswerPage } from './answer-json.ts';
import { answerDetailResource } from './answer-view.ts';
import type { Caller, Services } from './context.ts';
import { observedWindow, resolveRange } from './date-range.ts';
import { checkEngineIds } from './engine-filter.ts';
import { AppError, notFound } from './errors.ts';
import { splitPage } from './paging.ts';
import { competitorKey } from '../store/repositories/competitors.ts';
import type { AnswerMatch, CompetitorSlot } from '../store/repositories/answers.ts';
import type { SENTIMENTS } from '../contract/results.ts';

/** The answer filters of the contract and of its extensions, shared by the list and the summary. */
export interface AnswerFilterQuery {
  from?: string;
  to?: string;
  engine?: string[];
  topicId?: string;
  promptId?: string;
  runId?: string;
  mentioned?: boolean;
  cited?: boolean;
  q?: string;
  sentiment?: (typeof SENTIMENTS)[number];
  maxPosition?: number;
  competitor?: string;
}

export interface AnswerQuery extends AnswerFilterQuery {
  sort?: 'newest' | 'oldest';
  cursor?: string;
  limit: number;
}

/** Where the competitor of that name sits in each competitor set answers were scored against. */
async function competitorSlots(s: Services, projectId: string, name: string): Promise<CompetitorSlot[]> {
  const key = competitorKey(name);
  const slots: CompetitorSlot[] = [];
  for (const [set, names] of await s.store.competitorSets.all(projectId)) {
    const index = names.findIndex((n) => competitorKey(n) === key);
    if (index >= 0) slots.push({ set, index });
  }
  return slots;
}

/** The store's filter for a query: the window resolved, the engines checked, a competitor found in the sets. */
export async function answerMatch(
  s: Services,
  projectId: string,
  q: AnswerFilterQuery,
): Promise<{ match: AnswerMatch; window: AnswerMatch['window'] }> {
  const window = windowFor(q, s.clock.now());
  const match: AnswerMatch = {
    projectId,
    window,
    engineIds: checkEngineIds(q.engine),
    topicId: q.topicId,
    promptId: q.promptId,
    runId: q.runId,
    mentioned: q.mentioned,
    cited: q.cited,
    sentiment: q.sentiment,
    maxPosition: q.maxPosition,
    text: q.q,
    ...(q.competitor !== undefined && { competitor: await competitorSlots(s, projectId, q.competitor) }),
  };
  return { match, window };
}

/** A run fixes its own dates, so runId alone has no default window and cannot be combined with from or to. */
function windowFor(q: AnswerFilterQuery, now: Date) {
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
  const project = await readableProject(s, caller, projectId);
  const { match, window } = await answerMatch(s, projectId, q);
  const { cursor, limit, sort, ...filterParams } = q;
  // The resolved window joins the cursor's filters, so a cursor stays tied to the dates of its first page; the
  // sort joins them only when it is not the default, so the contract's cursors read as they always did.
  const filters = {
    ...filterParams,
    window,
    engine: match.engineIds,
    ...(sort === 'oldest' && { sort }),
  };
  const list = `answers:${projectId}`;
  const after = s.cursors.decode<{ observedAt: string; id: string }>(list, filters, cursor);
  const key = JSON.stringify([list, filters, after, limit]);
  return s.reads.get(project, key, async () => {
    const [found, topics] = await Promise.all([
      s.store.answers.list({
        ...match,
        order: sort === 'oldest' ? 'asc' : 'desc',
        after,
        limit: limit + 1,
      }),
      s.store.topics.labels(projectId),
    ]);
    const position = (r: { observed_at: string; id: string }) =>
      s.cursors.encode(list, filters, { observedAt: r.observed_at, id: r.id });
    const page = splitPage(found.rows, limit, position);
    // A text search that stopped at its scan bound goes on from the last answer it looked at.
    if (page.nextCursor === null && found.scannedTo) page.nextCursor = position(found.scannedTo);
    const setIds = [...new Set(page.data.flatMap((r) => r.competitor_set ?? []))];
    const sets = await s.store.competitorSets.get(projectId, setIds);
    return renderAnswerPage(page.data, topics, sets, page.nextCursor);
  });
}

export async function getAnswer(s: Services, caller: Caller, projectId: string, answerId: string) {
  await readableProject(s, caller, projectId);
  const found = await s.store.answers.get(projectId, answerId);
  if (!found) throw notFound('answer');
  const { row, topicLabel, setNames } = found;
  const topics = new Map(row.topic_id !== null && topicLabel !== null ? [[row.topic_id, topicLabel]] : []);
  const sets = new Map(
    row.competitor_set !== null && setNames !== null ? [[row.competitor_set, setNames]] : [],
  );
  return answerDetailResource(row, topics, sets);
}
