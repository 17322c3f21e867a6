import type { Db } from '../database.ts';
import { fromJson } from '../json.ts';

export interface HostRecord {
  id: string;
  accountId: string;
  deviceLabel: string | null;
  engineIds: string[];
  lastSeenAt: string | null;
}

export function hostsRepository(db: Db) {
  return {
    async get(id: string): Promise<HostRecord | undefined> {
      const r = await db.selectFrom('hosts').selectAll().where('id', '=', id).executeTakeFirst();
      return (
        r && {
          id: r.id,
          accountId: r.account_id,
          deviceLabel: r.device_label,
          engineIds: fromJson(r.engine_ids),
          lastSeenAt: r.last_seen_at,
        }
      );
    },
  };
}
