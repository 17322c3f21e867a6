import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';

/** A share link of one project's report for one period; its token is kept only as a hash. */
export interface ReportLinkRecord {
  id: string;
  projectId: string;
  from: string;
  to: string;
  expiresAt: string;
  createdAt: string;
  /** Who made it: the key's or person's label. */
  createdBy: string;
  revokedAt: string | null;
}

const toRecord = (r: Database['report_links']): ReportLinkRecord => ({
  id: r.id,
  projectId: r.project_id,
  from: r.from_date,
  to: r.to_date,
  expiresAt: r.expires_at,
  createdAt: r.created_at,
  createdBy: r.created_by,
  revokedAt: r.revoked_at,
});

export function reportLinksRepository(db: Db) {
  return {
    /** `tokenSealed`: a digest's link keeps its token sealed, to be handed out again (liveDigestLink). */
    async create(
      link: ReportLinkRecord,
      tokenHash: string,
      tokenSealed: string | null = null,
    ): Promise<void> {
      await db
        .insertInto('report_links')
        .values({
          id: link.id,
          project_id: link.projectId,
          token_hash: tokenHash,
          from_date: link.from,
          to_date: link.to,
          expires_at: link.expiresAt,
          created_at: link.createdAt,
          created_by: link.createdBy,
          revoked_at: link.revokedAt,
          token_sealed: tokenSealed,
        })
        .execute();
    },
    async findByHash(tokenHash: string): Promise<ReportLinkRecord | undefined> {
      const row = await db
        .selectFrom('report_links')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row && toRecord(row);
    },
    /** The newest link a digest made for the period that is neither revoked nor expired by `now`, with its sealed token. */
    async liveDigestLink(projectId: string, period: { from: string; to: string }, now: string) {
      const row = await db
        .selectFrom('report_links')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('from_date', '=', period.from)
        .where('to_date', '=', period.to)
        .where('token_sealed', 'is not', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row && { link: toRecord(row), tokenSealed: row.token_sealed! };
    },
    /** The project's links, newest first. */
    async list(projectId: string): Promise<ReportLinkRecord[]> {
      const rows = await db
        .selectFrom('report_links')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toRecord);
    },
    async get(projectId: string, id: string): Promise<ReportLinkRecord | undefined> {
      const row = await db
        .selectFrom('report_links')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toRecord(row);
    },
    /** Revokes a live link; false when there is none of that id or it was revoked already. */
    async revoke(projectId: string, id: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('report_links')
        .set({ revoked_at: at })
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },
  };
}
