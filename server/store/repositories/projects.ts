import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { lockProject, type SqlDialect } from '../dialect.ts';
import { pastPosition } from '../keyset.ts';
import { fromJson, toJson } from '../json.ts';
import type { Database } from '../schema.ts';

export interface TrackingSettings {
  engineIds: string[];
  cadence: string;
  timeOfDay: string;
  weeklyDay: string;
  timezone: string;
  samplesPerPrompt: number;
}

export interface ProjectRecord {
  id: string;
  accountId: string;
  name: string;
  websiteUrl: string | null;
  brandTerms: string[];
  brandDomains: string[];
  hostId: string | null;
  tracking: TrackingSettings;
  latestRunAt: string | null;
  createdAt: string;
}

/** A project with the figures the Project resource shows, read in one statement. */
export interface ProjectView extends ProjectRecord {
  trackedPrompts: number;
  firstAnswerDate: string | null;
  latestAnswerDate: string | null;
}

/** A project with the generation of its data (Store.generation) read no later than the project itself. */
export type ProjectAt = ProjectRecord & { generation: string };

/** Which projects a key reads: all of its account's, or the listed ones. */
export interface ProjectScope {
  accountId: string;
  projectIds: readonly string[] | null;
}

const toRecord = (r: Database['projects']): ProjectRecord => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  websiteUrl: r.website_url,
  brandTerms: fromJson(r.brand_terms),
  brandDomains: fromJson(r.brand_domains),
  hostId: r.host_id,
  tracking: {
    engineIds: fromJson(r.engine_ids),
    cadence: r.cadence,
    timeOfDay: r.time_of_day,
    weeklyDay: r.weekly_day,
    timezone: r.timezone,
    samplesPerPrompt: r.samples_per_prompt,
  },
  latestRunAt: r.latest_run_at,
  createdAt: r.created_at,
});

export function projectsRepository(db: Db, d: SqlDialect) {
  const viewQuery = () =>
    db
      .selectFrom('projects as p')
      .selectAll('p')
      .select((eb) => [
        eb
          .selectFrom('prompts')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('prompts.project_id', '=', 'p.id')
          .where('prompts.status', '=', 'active')
          .as('tracked_prompts'),
        eb
          .selectFrom('daily_summaries as d')
          .select(sql<string | null>`min(d.date)`.as('d'))
          .whereRef('d.project_id', '=', 'p.id')
          .where('d.topic_id', '=', '*')
          .as('first_date'),
        eb
          .selectFrom('daily_summaries as d')
          .select(sql<string | null>`max(d.date)`.as('d'))
          .whereRef('d.project_id', '=', 'p.id')
          .where('d.topic_id', '=', '*')
          .as('last_date'),
      ]);

  type ViewRow = Database['projects'] & {
    tracked_prompts: number | null;
    first_date: string | null;
    last_date: string | null;
  };
  const toView = (r: ViewRow): ProjectView => ({
    ...toRecord(r),
    trackedPrompts: Number(r.tracked_prompts ?? 0),
    firstAnswerDate: r.first_date,
    latestAnswerDate: r.last_date,
  });

  return {
    /**
     * Holds the project until the transaction ends, so a read that decides a write (is a run active? how many
     * today? was this key or slot used?) is not raced by another instance deciding the same thing at once.
     */
    async lock(id: string): Promise<void> {
      await lockProject(db, d, id);
    },
    async create(p: ProjectRecord): Promise<void> {
      await db
        .insertInto('projects')
        .values({
          id: p.id,
          account_id: p.accountId,
          name: p.name,
          website_url: p.websiteUrl,
          brand_terms: toJson(p.brandTerms),
          brand_domains: toJson(p.brandDomains),
          host_id: p.hostId,
          engine_ids: toJson(p.tracking.engineIds),
          cadence: p.tracking.cadence,
          time_of_day: p.tracking.timeOfDay,
          weekly_day: p.tracking.weeklyDay,
          timezone: p.tracking.timezone,
          samples_per_prompt: p.tracking.samplesPerPrompt,
          latest_run_at: p.latestRunAt,
          created_at: p.createdAt,
        })
        .execute();
    },
    async get(id: string): Promise<ProjectRecord | undefined> {
      const row = await db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },
    /**
     * The project and its generation in one statement where the engine keeps generations in the database; else
     * `generation` (the engine's, in the process) first, so that what follows is never older than it says.
     */
    async getAt(id: string, generation: () => Promise<string>): Promise<ProjectAt | undefined> {
      if (!d.projectGeneration) {
        const at = await generation();
        const row = await db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
        return row && { ...toRecord(row), generation: at };
      }
      const row = await db
        .selectFrom('projects as p')
        .selectAll('p')
        .select(d.projectGeneration(sql.ref('p.id')).as('generation'))
        .where('p.id', '=', id)
        .executeTakeFirst();
      return row && { ...toRecord(row), generation: row.generation };
    },
    async getView(id: string): Promise<ProjectView | undefined> {
      const row = await viewQuery().where('p.id', '=', id).executeTakeFirst();
      return row && toView(row as ViewRow);
    },
    /** Newest first, keyset-paged on (created_at, id). */
    async listViews(
      scope: ProjectScope,
      after: { createdAt: string; id: string } | null,
      limit: number,
    ): Promise<ProjectView[]> {
      let q = viewQuery().where('p.account_id', '=', scope.accountId);
      if (scope.projectIds) {
        if (scope.projectIds.length === 0) return [];
        q = q.where('p.id', 'in', scope.projectIds);
      }
      if (after) {
        q = q.where(pastPosition(after, 'desc', 'p'));
      }
      const rows = await q.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).execute();
      return rows.map((r) => toView(r as ViewRow));
    },
    async update(
      id: string,
      patch: Partial<Pick<ProjectRecord, 'name' | 'websiteUrl' | 'brandTerms' | 'brandDomains'>>,
    ): Promise<void> {
      const set = {
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.websiteUrl !== undefined && { website_url: patch.websiteUrl }),
        ...(patch.brandTerms !== undefined && { brand_terms: toJson(patch.brandTerms) }),
        ...(patch.brandDomains !== undefined && { brand_domains: toJson(patch.brandDomains) }),
      };
      // An empty patch is a valid request that changes nothing; SQL has no UPDATE without columns.
      if (Object.keys(set).length === 0) return;
      await db.updateTable('projects').set(set).where('id', '=', id).execute();
    },
    async updateTracking(id: string, t: TrackingSettings): Promise<void> {
      await db
        .updateTable('projects')
        .set({
          engine_ids: toJson(t.engineIds),
          cadence: t.cadence,
          time_of_day: t.timeOfDay,
          weekly_day: t.weeklyDay,
          timezone: t.timezone,
          samples_per_prompt: t.samplesPerPrompt,
        })
        .where('id', '=', id)
        .execute();
    },
    async setLatestRunAt(id: string, at: string): Promise<void> {
      await db.updateTable('projects').set({ latest_run_at: at }).where('id', '=', id).execute();
    },
    /** Every project's schedule, for the scheduler. */
    async schedules() {
      const rows = await db
        .selectFrom('projects')
        .select(['id', 'cadence', 'time_of_day', 'weekly_day', 'timezone'])
        .execute();
      return rows.map((r) => ({
        projectId: r.id,
        cadence: r.cadence,
        timeOfDay: r.time_of_day,
        weeklyDay: r.weekly_day,
        timezone: r.timezone,
      }));
    },
    async countByAccount(accountId: string): Promise<number> {
      const r = await db
        .selectFrom('projects')
        .select(db.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /**
     * The host a new project starts with: that of the account's newest project with one, else the account's newest
     * paired computer (an account paired before it had any project).
     */
    async latestHostId(accountId: string): Promise<string | null> {
      const r = await db
        .selectFrom('projects')
        .select('host_id')
        .where('account_id', '=', accountId)
        .where('host_id', 'is not', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (r?.host_id) return r.host_id;
      const host = await db
        .selectFrom('hosts')
        .select('id')
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return host?.id ?? null;
    },
    async idsInScope(scope: ProjectScope): Promise<string[]> {
      let q = db.selectFrom('projects').select('id').where('account_id', '=', scope.accountId);
      if (scope.projectIds) {
        if (scope.projectIds.length === 0) return [];
        q = q.where('id', 'in', scope.projectIds);
      }
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map((r) => r.id);
    },
  };
}
