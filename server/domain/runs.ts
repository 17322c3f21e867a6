import { isoDay } from './clock.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { invalid } from './errors.ts';
import { splitPage } from './paging.ts';

type RunStatus = 'completed' | 'running' | 'failed' | 'canceled';

export interface RunQuery {
  from?: string;
  to?: string;
  status?: RunStatus;
  cursor?: string;
  limit: number;
}

/** Runs have no default start: without from, the whole history up to `to` (default today) is listed. */
export async function listRuns(s: Services, caller: Caller, projectId: string, q: RunQuery) {
  await readableProject(s, caller, projectId);
  const from = q.from ?? '0000-01-01';
  const to = q.to ?? isoDay(s.clock.now());
  if (from > to) throw invalid(`from (${from}) is after to (${to})`);
  const filters = { from, to, status: q.status ?? null };
  const list = `runs:${projectId}`;
  const after = s.cursors.decode<{ createdAt: string; id: string }>(list, filters, q.cursor);
  const rows = await s.store.runs.list({ projectId, from, to, status: q.status, after, limit: q.limit + 1 });
  const page = splitPage(rows, q.limit, (r) =>
    s.cursors.encode(list, filters, { createdAt: r.created_at, id: r.id }),
  );
  return {
    data: page.data.map((r) => ({
      id: r.id,
      status: r.status as RunStatus,
      trigger: r.trigger as 'scheduled' | 'manual',
      startedAt: r.started_at,
      completedAt: r.completed_at,
      promptCount: r.prompt_count,
      answerCount: r.answer_count,
    })),
    nextCursor: page.nextCursor,
  };
}
