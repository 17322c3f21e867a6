/**
 * Bring-your-own-key: the engine keys (sealed, never uploaded) and each project's tracking settings, which are set
 * on this host and reported at check-in (the service shows them read-only).
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { HostTracking } from '../../../server/contract/host-sync.ts';
import type { SecretBox } from '../../../server/domain/secret-box.ts';
import type { AgentDatabase } from './schema.ts';

export type HostTrackingData = z.infer<typeof HostTracking>;

export interface ByokStore {
  setEngineKey(engineId: string, key: string, at: string): Promise<void>;
  removeEngineKey(engineId: string): Promise<boolean>;
  /** Engines that have a key, never the keys. */
  engineKeyIds(): Promise<string[]>;
  /** The opened keys, for building engines in this process only. */
  engineKeys(): Promise<Map<string, string>>;

  tracking(projectId: string): Promise<HostTrackingData | undefined>;
  setTracking(projectId: string, tracking: HostTrackingData, at: string): Promise<void>;
  allTracking(): Promise<{ projectId: string; tracking: HostTrackingData }[]>;
}

export function byokStore(db: Kysely<AgentDatabase>, box: SecretBox): ByokStore {
  return {
    async setEngineKey(engineId, key, at) {
      const sealed = box.seal(key);
      await db
        .insertInto('engine_keys')
        .values({ engine_id: engineId, sealed_key: sealed, updated_at: at })
        .onConflict((oc) => oc.column('engine_id').doUpdateSet({ sealed_key: sealed, updated_at: at }))
        .execute();
    },
    async removeEngineKey(engineId) {
      const r = await db.deleteFrom('engine_keys').where('engine_id', '=', engineId).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async engineKeyIds() {
      const rows = await db.selectFrom('engine_keys').select('engine_id').orderBy('engine_id').execute();
      return rows.map((r) => r.engine_id);
    },
    async engineKeys() {
      const rows = await db.selectFrom('engine_keys').select(['engine_id', 'sealed_key']).execute();
      return new Map(rows.map((r) => [r.engine_id, box.open(r.sealed_key)]));
    },

    async tracking(projectId) {
      const row = await db
        .selectFrom('byok_tracking')
        .select('body')
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row && HostTracking.parse(JSON.parse(row.body));
    },
    async setTracking(projectId, tracking, at) {
      const body = JSON.stringify(HostTracking.parse(tracking));
      await db
        .insertInto('byok_tracking')
        .values({ project_id: projectId, body, updated_at: at })
        .onConflict((oc) => oc.column('project_id').doUpdateSet({ body, updated_at: at }))
        .execute();
    },
    async allTracking() {
      const rows = await db
        .selectFrom('byok_tracking')
        .select(['project_id', 'body'])
        .orderBy('project_id')
        .execute();
      return rows.map((r) => ({ projectId: r.project_id, tracking: HostTracking.parse(JSON.parse(r.body)) }));
    },
  };
}
