import type { HostRecord } from '../store/repositories/hosts.ts';
import type { Services } from './context.ts';
import { notFound } from './errors.ts';

/** A project of this host, else 404: a host sees only the projects it serves. */
export async function hostProject(s: Services, host: HostRecord, projectId: string) {
  const project = await s.store.projects.get(projectId);
  if (!project || project.hostId !== host.id) throw notFound('project');
  return project;
}
