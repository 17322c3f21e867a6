import type { ProjectRecord } from '../store/repositories/projects.ts';
import type { Caller, Services } from './context.ts';
import { notFound } from './errors.ts';

/** Which projects the caller reads: its account's, narrowed to the key's list when the key has one. */
export const scopeOf = (caller: Caller) => ({ accountId: caller.accountId, projectIds: caller.projectIds });

export function canRead(caller: Caller, project: { id: string; accountId: string }): boolean {
  return project.accountId === caller.accountId && (caller.projectIds?.includes(project.id) ?? true);
}

/** A project the key cannot read is answered exactly like one that does not exist. */
export async function readableProject(
  s: Services,
  caller: Caller,
  projectId: string,
): Promise<ProjectRecord> {
  const project = await s.store.projects.get(projectId);
  if (!project || !canRead(caller, project)) throw notFound('project');
  return project;
}
