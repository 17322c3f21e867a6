import type { ProjectAt } from '../store/repositories/projects.ts';
import type { Caller, Services } from './context.ts';
import { notFound } from './errors.ts';

/** Which projects the caller reads: its account's, narrowed to the key's list when the key has one. */
export const scopeOf = (caller: Caller) => ({ accountId: caller.accountId, projectIds: caller.projectIds });

export function canRead(caller: Caller, project: { id: string; accountId: string }): boolean {
  return project.accountId === caller.accountId && (caller.projectIds?.includes(project.id) ?? true);
}

/**
 * A project the key cannot read is answered exactly like one that does not exist. It comes with its generation,
 * which a cached read of it checks (read-cache.ts): one round trip for both.
 */
export async function readableProject(s: Services, caller: Caller, projectId: string): Promise<ProjectAt> {
  const seen = caller.projectSeen?.id === projectId ? caller.projectSeen.generation : undefined;
  const project = await s.store.readProject(projectId, seen);
  if (!project || !canRead(caller, project)) throw notFound('project');
  return project;
}
