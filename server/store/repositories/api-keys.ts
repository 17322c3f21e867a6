import type { Scope } from '../../contract/account.ts';
import type { Db } from '../database.ts';
import { fromJson, toJson } from '../json.ts';
import type { Database } from '../schema.ts';

export interface KeyRecord {
  id: string;
  accountId: string;
  label: string;
  scopes: Scope[];
  /** True when the key reads every project of its account, present and future. */
  allProjects: boolean;
  projectIds: string[];
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  /** Its latest request, to the minute (touch below); null when never used. */
  lastUsedAt: string | null;
}

export function apiKeysRepository(db: Db) {
  async function withProjects(row: Database['api_keys']): Promise<KeyRecord> {
    const projects = await db
      .selectFrom('api_key_projects')
      .select('project_id')
      .where('key_id', '=', row.id)
      .orderBy('project_id')
      .execute();
    return {
      id: row.id,
      accountId: row.account_id,
      label: row.label,
      scopes: fromJson<Scope[]>(row.scopes),
      allProjects: row.all_projects === 1,
      projectIds: projects.map((p) => p.project_id),
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      revokedAt: row.revoked_at,
      lastUsedAt: row.last_used_at,
    };
  }

  return {
    async create(key: KeyRecord, keyHash: string): Promise<void> {
      // Inside the store's transaction (a key created with its audit entry) this is part of it.
      const work = async (trx: Db) => {
        await trx
          .insertInto('api_keys')
          .values({
            id: key.id,
            account_id: key.accountId,
            label: key.label,
            key_hash: keyHash,
            scopes: toJson(key.scopes),
            all_projects: key.allProjects ? 1 : 0,
            created_at: key.createdAt,
            expires_at: key.expiresAt,
            revoked_at: null,
            last_used_at: null,
          })
          .execute();
        if (key.projectIds.length > 0) {
          await trx
            .insertInto('api_key_projects')
            .values(key.projectIds.map((project_id) => ({ key_id: key.id, project_id })))
            .execute();
        }
      };
      await (db.isTransaction ? work(db) : db.transaction().execute(work));
    },
    async findByHash(keyHash: string): Promise<KeyRecord | undefined> {
      const row = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('key_hash', '=', keyHash)
        .executeTakeFirst();
      return row && withProjects(row);
    },
    async get(id: string): Promise<KeyRecord | undefined> {
      const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
      return row && withProjects(row);
    },
    async listByAccount(accountId: string): Promise<KeyRecord[]> {
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return Promise.all(rows.map(withProjects));
    },
    async revoke(id: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('api_keys')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },
    /** Notes a use at `at` unless one at or after `since` is noted already (another instance may have). */
    async touch(id: string, at: string, since: string): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: at })
        .where('id', '=', id)
        .where((w) => w.or([w('last_used_at', 'is', null), w('last_used_at', '<', since)]))
        .execute();
    },
    async addProject(keyId: string, projectId: string): Promise<void> {
      await db
        .insertInto('api_key_projects')
        .values({ key_id: keyId, project_id: projectId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
  };
}
