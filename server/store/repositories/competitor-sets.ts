import { createHash } from 'node:crypto';
import type { Db } from '../database.ts';
import { fromJson, toJson } from '../json.ts';

/**
 * A set's id is a hash of its names, so the same list always gets the same id: a project stores each list once
 * however many answers were scored against it, and a set never changes once written. With 64 bits, two of
 * the few lists a project ever has cannot realistically collide.
 */
const setId = (namesJson: string): string =>
  createHash('sha256').update(namesJson).digest('hex').slice(0, 16);

/** The competitor lists answers were scored against, in list order; answers store only their hits by index. */
export function competitorSetsRepository(db: Db) {
  return {
    /** Stores the list unless it is already stored and returns its id; null for an empty list. */
    async ensure(projectId: string, names: readonly string[]): Promise<string | null> {
      if (names.length === 0) return null;
      const json = toJson(names);
      const id = setId(json);
      await db
        .insertInto('competitor_sets')
        .values({ project_id: projectId, id, names: json })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return id;
    },
    /** Every set the project has stored, by set id: a project has a handful (one per list it ever had). */
    async all(projectId: string): Promise<Map<string, string[]>> {
      const rows = await db
        .selectFrom('competitor_sets')
        .select(['id', 'names'])
        .where('project_id', '=', projectId)
        .execute();
      return new Map(rows.map((r) => [r.id, fromJson<string[]>(r.names)]));
    },
    /** The names of each requested set that exists, by set id. */
    async get(projectId: string, ids: readonly string[]): Promise<Map<string, string[]>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('competitor_sets')
        .select(['id', 'names'])
        .where('project_id', '=', projectId)
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.id, fromJson<string[]>(r.names)]));
    },
  };
}
