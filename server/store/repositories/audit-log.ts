import type { Db } from '../database.ts';

/** One event of an account: who (a person, a key, a host or the operator), when, from where, to what. */
export interface AuditRecord {
  id: string;
  accountId: string;
  at: string;
  kind: string;
  actorType: 'person' | 'key' | 'host' | 'operator';
  actorId: string | null;
  actorLabel: string;
  address: string | null;
  target: string | null;
  /** JSON of the event's particulars (a role, scopes), or null. */
  detail: string | null;
}

export interface AuditRow extends AuditRecord {
  seq: number;
  /** Attempts this entry stands for: more than 1 for a burst of failed sign-ins recorded once. */
  count: number;
}

export function auditLogRepository(db: Db) {
  return {
    async add(e: AuditRecord): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          id: e.id,
          account_id: e.accountId,
          at: e.at,
          kind: e.kind,
          actor_type: e.actorType,
          actor_id: e.actorId,
          actor_label: e.actorLabel,
          address: e.address,
          target: e.target,
          detail: e.detail,
        })
        .execute();
    },
    /**
     * Counts one more attempt on the newest entry of this kind and target since `since`, if there is one: a burst
     * is one entry. False when there is none (the caller then adds a new entry).
     */
    async bump(accountId: string, kind: string, target: string, since: string, at: string): Promise<boolean> {
      const last = await db
        .selectFrom('audit_log')
        .select('seq')
        .where('account_id', '=', accountId)
        .where('kind', '=', kind)
        .where('target', '=', target)
        .where('at', '>=', since)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!last) return false;
      await db
        .updateTable('audit_log')
        .set((eb) => ({ count: eb('count', '+', 1), at }))
        .where('seq', '=', last.seq)
        .execute();
      return true;
    },
    /** Newest first, below `beforeSeq` when given, `limit` entries at most. */
    async list(accountId: string, beforeSeq: number | null, limit: number): Promise<AuditRow[]> {
      let q = db.selectFrom('audit_log').selectAll().where('account_id', '=', accountId);
      if (beforeSeq !== null) q = q.where('seq', '<', beforeSeq);
      const rows = await q.orderBy('seq', 'desc').limit(limit).execute();
      return rows.map((r) => ({
        seq: Number(r.seq),
        id: r.id,
        accountId: r.account_id,
        at: r.at,
        kind: r.kind,
        actorType: r.actor_type as AuditRecord['actorType'],
        actorId: r.actor_id,
        actorLabel: r.actor_label,
        address: r.address,
        target: r.target,
        detail: r.detail,
        count: Number(r.count),
      }));
    },
  };
}
