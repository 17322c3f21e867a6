/** The projects of the last check-in, as the service sent them, so the host keeps its schedule offline. */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { HostProject, type HostPrompt } from '../../../server/contract/host-sync.ts';
import type { AgentDatabase } from './schema.ts';

export type HostProjectData = z.infer<typeof HostProject>;
export type HostPromptData = z.infer<typeof HostPrompt>;

export interface ProjectCache {
  cachedProjects(): Promise<HostProjectData[]>;
  cachedProject(projectId: string): Promise<HostProjectData | undefined>;
  /** Replaces the cache with a check-in's projects; true when anything changed. */
  replaceProjects(projects: readonly HostProjectData[], at: string): Promise<boolean>;
}

export function projectCache(db: Kysely<AgentDatabase>): ProjectCache {
  return {
    async cachedProjects() {
      const rows = await db.selectFrom('cached_projects').select('body').orderBy('position').execute();
      return rows.map((r) => HostProject.parse(JSON.parse(r.body)));
    },
    async cachedProject(projectId) {
      const row = await db
        .selectFrom('cached_projects')
        .select('body')
        .where('id', '=', projectId)
        .executeTakeFirst();
      return row && HostProject.parse(JSON.parse(row.body));
    },
    async replaceProjects(projects, at) {
      const before = await db
        .selectFrom('cached_projects')
        .select(['id', 'body'])
        .orderBy('position')
        .execute();
      const after = projects.map((p) => ({ id: p.id, body: JSON.stringify(p) }));
      const same =
        before.length === after.length &&
        before.every((b, i) => b.id === after[i]!.id && b.body === after[i]!.body);
      if (same) return false;
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('cached_projects').execute();
        for (const [position, p] of after.entries()) {
          await tx
            .insertInto('cached_projects')
            .values({ id: p.id, position, body: p.body, updated_at: at })
            .execute();
        }
      });
      return true;
    },
  };
}
