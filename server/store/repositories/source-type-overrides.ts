import type { Db } from '../database.ts';

export interface SourceTypeOverrideRecord {
  domain: string;
  type: string;
}

export function sourceTypeOverridesRepository(db: Db) {
  return {
    /** The project's overrides, by domain. */
    async list(projectId: string): Promise<SourceTypeOverrideRecord[]> {
      return db
        .selectFrom('source_type_overrides')
        .select(['domain', 'type'])
        .where('project_id', '=', projectId)
        .orderBy('domain')
        .execute();
    },
    /** Replaces the whole list in one transaction, so a read sees the old list or the new one, never a part. */
    async replace(projectId: string, list: readonly SourceTypeOverrideRecord[]): Promise<void> {
      const atomic = <T>(work: (trx: typeof db) => Promise<T>) =>
        db.isTransaction ? work(db) : db.transaction().execute(work);
      await atomic(async (trx) => {
        await trx.deleteFrom('source_type_overrides').where('project_id', '=', projectId).execute();
        if (list.length === 0) return;
        await trx
          .insertInto('source_type_overrides')
          .values(list.map((o) => ({ project_id: projectId, domain: o.domain, type: o.type })))
          .execute();
      });
    },
  };
}
