import type { Db } from '../database.ts';
import { fromJson, toJson } from '../json.ts';

export interface HostRecord {
  id: string;
  accountId: string;
  deviceLabel: string | null;
  engineIds: string[];
  lastSeenAt: string | null;
}

type Row = {
  id: string;
  account_id: string;
  device_label: string | null;
  engine_ids: string;
  last_seen_at: string | null;
};

const toRecord = (r: Row): HostRecord => ({
  id: r.id,
  accountId: r.account_id,
  deviceLabel: r.device_label,
  engineIds: fromJson(r.engine_ids),
  lastSeenAt: r.last_seen_at,
});

export function hostsRepository(db: Db) {
  return {
    async get(id: string): Promise<HostRecord | undefined> {
      const r = await db.selectFrom('hosts').selectAll().where('id', '=', id).executeTakeFirst();
      return r && toRecord(r);
    },
    /** The account's computers, oldest first. */
    async list(accountId: string): Promise<HostRecord[]> {
      const rows = await db
        .selectFrom('hosts')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },
    /** Unpairs a computer of the account: its token stops working at once; its projects have no host (the key's `set null`). */
    async remove(id: string, accountId: string): Promise<boolean> {
      const r = await db
        .deleteFrom('hosts')
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async byTokenHash(tokenHash: string): Promise<HostRecord | undefined> {
      const r = await db
        .selectFrom('hosts')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return r && toRecord(r);
    },
    async create(
      h: HostRecord & { tokenHash: string; agentVersion: string; createdAt: string },
    ): Promise<void> {
      await db
        .insertInto('hosts')
        .values({
          id: h.id,
          account_id: h.accountId,
          device_label: h.deviceLabel,
          token_hash: h.tokenHash,
          agent_version: h.agentVersion,
          engine_ids: toJson(h.engineIds),
          last_seen_at: h.lastSeenAt,
          created_at: h.createdAt,
        })
        .execute();
    },
    async checkIn(id: string, at: string, agentVersion: string, engineIds: readonly string[]): Promise<void> {
      await db
        .updateTable('hosts')
        .set({ last_seen_at: at, agent_version: agentVersion, engine_ids: toJson(engineIds) })
        .where('id', '=', id)
        .execute();
    },
    /** Projects of the account without a host get this one: a new computer serves what had none. */
    async adoptProjects(hostId: string, accountId: string): Promise<void> {
      await db
        .updateTable('projects')
        .set({ host_id: hostId })
        .where('account_id', '=', accountId)
        .where('host_id', 'is', null)
        .execute();
    },
    async projectIds(hostId: string): Promise<string[]> {
      const rows = await db.selectFrom('projects').select('id').where('host_id', '=', hostId).execute();
      return rows.map((r) => r.id);
    },
    async createPairCode(codeHash: string, accountId: string, expiresAt: string, at: string): Promise<void> {
      await db
        .insertInto('host_pair_codes')
        .values({
          code_hash: codeHash,
          account_id: accountId,
          expires_at: expiresAt,
          used_at: null,
          created_at: at,
        })
        .execute();
    },
    /** Uses a code once: the account it pairs with, or undefined when unknown, used or expired. */
    async consumePairCode(codeHash: string, at: string): Promise<string | undefined> {
      const r = await db
        .updateTable('host_pair_codes')
        .set({ used_at: at })
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returning('account_id')
        .executeTakeFirst();
      return r?.account_id;
    },
  };
}
