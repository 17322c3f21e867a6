import { engineLabel } from '../../engines/catalog.ts';
import type { PromptRecord } from '../store/repositories/prompts.ts';
import type { Caller, Services } from './context.ts';
import { readableProject } from './access.ts';
import { splitPage } from './paging.ts';

export const promptResource = (p: PromptRecord) => ({
  id: p.id,
  text: p.text,
  topicIds: p.topicIds,
  engineIds: p.engineIds,
  status: p.status,
  createdAt: p.createdAt,
});

/** Engines the project tracks (defaults and active prompts' engines) and those with stored answers. */
export async function listEngines(s: Services, caller: Caller, projectId: string) {
  const project = await readableProject(s, caller, projectId);
  const tracked = new Set([
    ...project.tracking.engineIds,
    ...(await s.store.prompts.activeEngineLists(projectId)).flat(),
  ]);
  const all = [...tracked, ...(await s.store.summaries.enginesWithAnswers(projectId))];
  return {
    data: [...new Set(all)].map((id) => ({ id, label: engineLabel(id), tracked: tracked.has(id) })),
  };
}

export async function listTopics(
  s: Services,
  caller: Caller,
  projectId: string,
  q: { cursor?: string; limit: number },
) {
  await readableProject(s, caller, projectId);
  const after = s.cursors.decode<{ createdAt: string; id: string }>(`topics:${projectId}`, null, q.cursor);
  const rows = await s.store.topics.list(projectId, after, q.limit + 1);
  const page = splitPage(rows, q.limit, (t) =>
    s.cursors.encode(`topics:${projectId}`, null, { createdAt: t.createdAt, id: t.id }),
  );
  return {
    data: page.data.map((t) => ({ id: t.id, label: t.label, promptCount: t.promptCount })),
    nextCursor: page.nextCursor,
  };
}

export async function listPrompts(
  s: Services,
  caller: Caller,
  projectId: string,
  q: { cursor?: string; limit: number; topicId?: string; status?: 'active' | 'paused' },
) {
  await readableProject(s, caller, projectId);
  const filters = { topicId: q.topicId ?? null, status: q.status ?? null };
  const list = `prompts:${projectId}`;
  const after = s.cursors.decode<{ createdAt: string; id: string }>(list, filters, q.cursor);
  const rows = await s.store.prompts.list({
    projectId,
    topicId: q.topicId,
    status: q.status,
    after,
    limit: q.limit + 1,
  });
  const page = splitPage(rows, q.limit, (p) =>
    s.cursors.encode(list, filters, { createdAt: p.createdAt, id: p.id }),
  );
  return {
    data: page.data.map(promptResource),
    nextCursor: page.nextCursor,
  };
}

export async function listCompetitors(s: Services, caller: Caller, projectId: string) {
  await readableProject(s, caller, projectId);
  return { data: await s.store.competitors.list(projectId) };
}
