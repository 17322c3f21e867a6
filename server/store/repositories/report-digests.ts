import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { fromJson, toJson } from '../json.ts';

/** One recipient of a digest: a person of the account (by id) or an extra address the owner or an admin added. */
export interface DigestRecipient {
  email: string;
  personId: string | null;
}

export interface ReportDigestRecord {
  projectId: string;
  cadence: 'off' | 'weekly' | 'monthly';
  /** The weekday a weekly digest goes out, "monday" … "sunday". */
  weekday: string;
  recipients: DigestRecipient[];
  updatedAt: string;
  /** The last period sent, "from/to", null before the first. */
  lastPeriod: string | null;
}

type Row = {
  project_id: string;
  cadence: string;
  weekday: string;
  recipients: string;
  updated_at: string;
  last_period: string | null;
};

const toRecord = (r: Row): ReportDigestRecord => ({
  projectId: r.project_id,
  cadence: r.cadence as ReportDigestRecord['cadence'],
  weekday: r.weekday,
  recipients: fromJson<DigestRecipient[]>(r.recipients),
  updatedAt: r.updated_at,
  lastPeriod: r.last_period,
});

export function reportDigestsRepository(db: Db) {
  return {
    async get(projectId: string): Promise<ReportDigestRecord | undefined> {
      const row = await db
        .selectFrom('report_digests')
        .selectAll()
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row && toRecord(row);
    },
    /** Sets the schedule and recipients, and the period counted as sent (see updateReportDigest). */
    async put(d: ReportDigestRecord): Promise<void> {
      const values = {
        cadence: d.cadence,
        weekday: d.weekday,
        recipients: toJson(d.recipients),
        updated_at: d.updatedAt,
        last_period: d.lastPeriod,
      };
      await db
        .insertInto('report_digests')
        .values({ project_id: d.projectId, ...values })
        .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
        .execute();
    },
    /** Every digest that is not off. */
    async scheduled(): Promise<ReportDigestRecord[]> {
      const rows = await db.selectFrom('report_digests').selectAll().where('cadence', '!=', 'off').execute();
      return rows.map(toRecord);
    },
    /**
     * Takes the digest's period for `owner` until `until`, in one statement: only when that period was not sent
     * and no other instance holds an unexpired lease. False when another instance has it or had it.
     */
    async claim(projectId: string, period: string, owner: string, now: string, until: string) {
      const res = await db
        .updateTable('report_digests')
        .set({ leased_by: owner, lease_until: until })
        .where('project_id', '=', projectId)
        .where((eb) => eb.or([eb('last_period', 'is', null), eb('last_period', '!=', period)]))
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },
    /** Gives the lease back, recording `period` as sent unless it is null (then another look tries again). */
    async release(projectId: string, owner: string, period: string | null): Promise<void> {
      await db
        .updateTable('report_digests')
        .set({
          leased_by: null,
          lease_until: null,
          ...(period !== null && { last_period: period }),
        })
        .where('project_id', '=', projectId)
        .where('leased_by', '=', owner)
        .execute();
    },
    /** Adds a mail's token, and drops the project's tokens made before `keepFrom`: they open nothing any more. */
    async addUnsubscribeToken(
      projectId: string,
      email: string,
      tokenHash: string,
      at: string,
      keepFrom: string,
    ) {
      await db
        .deleteFrom('report_unsubscribe_tokens')
        .where('project_id', '=', projectId)
        .where('created_at', '<', keepFrom)
        .execute();
      await db
        .insertInto('report_unsubscribe_tokens')
        .values({ token_hash: tokenHash, project_id: projectId, email, created_at: at })
        .execute();
    },
    /** The recipient a token names, if it was made at `notBefore` or later. */
    async unsubscribeToken(tokenHash: string, notBefore: string) {
      return db
        .selectFrom('report_unsubscribe_tokens')
        .select(['project_id', 'email'])
        .where('token_hash', '=', tokenHash)
        .where('created_at', '>=', notBefore)
        .executeTakeFirst();
    },
    async optOut(projectId: string, email: string, at: string): Promise<void> {
      await db
        .insertInto('report_digest_optouts')
        .values({ project_id: projectId, email, unsubscribed_at: at })
        .onConflict((oc) => oc.columns(['project_id', 'email']).doNothing())
        .execute();
    },
    async optedOut(projectId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('report_digest_optouts')
        .select('email')
        .where('project_id', '=', projectId)
        .execute();
      return new Set(rows.map((r) => r.email));
    },
    /** The account's people (the identity library's members and their addresses). */
    async people(accountId: string): Promise<{ id: string; email: string }[]> {
      const { rows } = await sql<{ id: string; email: string }>`
        select u.id as id, u.email as email from auth_member m join auth_user u on u.id = m."userId"
        where m."organizationId" = ${accountId}`.execute(db);
      return rows.map((r) => ({ id: r.id, email: r.email.toLowerCase() }));
    },
  };
}
