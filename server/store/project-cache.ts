import type { ProjectAt } from './repositories/projects.ts';

/** Projects kept per instance: past this, the longest unused is dropped. */
const MAX_PROJECTS = 10_000;

/**
 * The project every read of one starts with, kept per instance and served while its generation is the one it was
 * read at (issue 24). The generation changes in the same commit as any change to the project or its data, whichever
 * process made it (PostgreSQL counts it in the database, SQLite per file), so a kept project is never stale: a
 * project renamed, moved or deleted anywhere is read again on its very next request. On PostgreSQL a kept project
 * costs the small read of its generation instead of the row, or nothing when the request's way in read it already
 * (`known`, read with the key's count in the same statement); one not kept, the row with its generation, as before.
 */
export function projectCache(
  read: (projectId: string) => Promise<ProjectAt | undefined>,
  generation: (projectId: string) => Promise<string>,
): (projectId: string, known?: string) => Promise<ProjectAt | undefined> {
  const kept = new Map<string, ProjectAt>();
  return async (projectId, known) => {
    const hit = kept.get(projectId);
    kept.delete(projectId);
    if (hit && hit.generation === (known ?? (await generation(projectId)))) {
      kept.set(projectId, hit);
      return hit;
    }
    const project = await read(projectId);
    if (project) {
      kept.set(projectId, project);
      if (kept.size > MAX_PROJECTS) kept.delete(kept.keys().next().value!);
    }
    return project;
  };
}
