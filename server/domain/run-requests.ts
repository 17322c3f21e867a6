import type { HostRecord } from '../store/repositories/hosts.ts';
import type { RunRequestRow, RunRequestStatus } from '../store/repositories/run-requests.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { notFound } from './errors.ts';
import { isOnline } from './host-view.ts';
import { splitPage } from './paging.ts';
import { cancelRunRequest } from './cancel-run.ts';

export function runRequestResource(r: RunRequestRow, host: HostRecord | undefined, now: Date) {
  return {
    id: r.id,
    status: r.status as RunRequestStatus,
    mode: r.mode as 'cloud' | 'host',
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    completedAt: r.completed_at,
    runIds: r.run_ids,
    promptCount: r.prompt_count,
    estimatedUnits: r.estimated_units,
    warning: r.warning,
    error: r.error_code ? { code: r.error_code, message: r.error_message ?? r.error_code } : null,
    host: r.mode === 'host' ? { online: isOnline(host, now), lastSeenAt: host?.lastSeenAt ?? null } : null,
  };
}

const projectHost = async (s: Services, hostId: string | null) =>
  hostId ? s.store.hosts.get(hostId) : undefined;

export async function listRunRequests(
  s: Services,
  caller: Caller,
  projectId: string,
  q: { cursor?: string; limit: number },
) {
  const project = await readableProject(s, caller, projectId);
  const list = `run-requests:${projectId}`;
  const after = s.cursors.decode<{ createdAt: string; id: string }>(list, null, q.cursor);
  const [rows, host] = await Promise.all([
    s.store.runRequests.list(projectId, after, q.limit + 1),
    projectHost(s, project.hostId),
  ]);
  const page = splitPage(rows, q.limit, (r) =>
    s.cursors.encode(list, null, { createdAt: r.created_at, id: r.id }),
  );
  const now = s.clock.now();
  return { data: page.data.map((r) => runRequestResource(r, host, now)), nextCursor: page.nextCursor };
}

export async function getRunRequest(s: Services, caller: Caller, projectId: string, requestId: string) {
  const project = await readableProject(s, caller, projectId);
  const row = await s.store.runRequests.get(projectId, requestId);
  if (!row) throw notFound('run request');
  return runRequestResource(row, await projectHost(s, project.hostId), s.clock.now());
}

/** Cancel through the API: the request must belong to a project the key reads. */
export async function cancelProjectRunRequest(
  s: Services,
  caller: Caller,
  projectId: string,
  requestId: string,
) {
  await readableProject(s, caller, projectId);
  if (!(await s.store.runRequests.get(projectId, requestId))) throw notFound('run request');
  return { id: requestId, outcome: await cancelRunRequest(s.store, s.clock, requestId) };
}
