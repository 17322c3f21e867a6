import type { ProjectView } from '../store/repositories/projects.ts';
import { readableProject, scopeOf } from './access.ts';
import type { Caller, Services } from './context.ts';
import { notFound } from './errors.ts';
import { splitPage } from './paging.ts';

export function projectResource(p: ProjectView) {
  return {
    id: p.id,
    name: p.name,
    websiteUrl: p.websiteUrl,
    visibility: {
      trackedPrompts: p.trackedPrompts,
      engines: p.tracking.engineIds,
      latestRunAt: p.latestRunAt,
      firstAnswerDate: p.firstAnswerDate,
      latestAnswerDate: p.latestAnswerDate,
    },
  };
}

export async function describeKey(s: Services, caller: Caller) {
  return {
    keyId: caller.keyId,
    label: caller.label,
    scopes: caller.scopes,
    createdAt: caller.createdAt,
    expiresAt: caller.expiresAt,
    account: { plan: caller.plan.code },
    projects: caller.projectsInScope ?? (await s.store.projects.idsInScope(scopeOf(caller))),
  };
}

export async function listProjects(s: Services, caller: Caller, q: { cursor?: string; limit: number }) {
  const after = s.cursors.decode<{ createdAt: string; id: string }>('projects', null, q.cursor);
  const rows = await s.store.projects.listViews(scopeOf(caller), after, q.limit + 1);
  const page = splitPage(rows, q.limit, (last) =>
    s.cursors.encode('projects', null, { createdAt: last.createdAt, id: last.id }),
  );
  return { data: page.data.map(projectResource), nextCursor: page.nextCursor };
}

export async function getProject(s: Services, caller: Caller, projectId: string) {
  await readableProject(s, caller, projectId);
  const view = await s.store.projects.getView(projectId);
  if (!view) throw notFound('project');
  return { ...projectResource(view), brandTerms: view.brandTerms, brandDomains: view.brandDomains };
}
