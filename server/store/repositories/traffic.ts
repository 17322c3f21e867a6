import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { bulkInsert } from '../bulk-insert.ts';
import { chunks, inKeyOrder } from '../in-list.ts';
import type { Database } from '../schema.ts';

/** One rollup cell: bot hits of an hour (or day), page, agent, status class and verification. */
export interface TrafficCell {
  period: string;
  page: string;
  agent: string;
  statusClass: string;
  verification: string;
  hits: number;
  firstSeen: string;
  lastSeen: string;
}

export interface ReferralCell {
  day: string;
  page: string;
  engine: string;
  visits: number;
}

/** What a batch adds, merged by key in memory first (a batch of 5,000 lines holds a few hundred cells). */
export interface TrafficBatch {
  hours: ReadonlyMap<string, TrafficCell>;
  days: ReadonlyMap<string, TrafficCell>;
  referrals: ReadonlyMap<string, ReferralCell>;
}

/** A day range of a project: both ends are UTC days and count. */
export interface TrafficScope {
  projectId: string;
  from: string;
  to: string;
}

/** Per agent, verification and status class over a range. */
export interface AgentTotals {
  agent: string;
  verification: string;
  statusClass: string;
  hits: number;
  firstSeen: string;
  lastSeen: string;
}

export interface StoredRanges {
  source: string;
  creationTime: string;
  prefixes: string[];
  updatedAt: string;
}

const INSERT_CHUNK = 500;

type CellTable = 'traffic_hours' | 'traffic_days';
type CellRow = Database['traffic_hours'];
const CELL_COLUMNS = [
  'project_id',
  'period',
  'page',
  'agent',
  'status_class',
  'verification',
  'hits',
  'first_seen',
  'last_seen',
] as const;

/** Upserts of 500 cells compiled once per table (bulk-insert.ts): building them anew cost as much as running them. */
const insertCells = Object.fromEntries(
  (['traffic_hours', 'traffic_days'] as const).map((table) => [
    table,
    bulkInsert(INSERT_CHUNK, CELL_COLUMNS, (db: Db, rows: readonly CellRow[]) =>
      db
        .insertInto(table)
        .values([...rows])
        .onConflict((oc) =>
          oc
            .columns(['project_id', 'period', 'page', 'agent', 'status_class', 'verification'])
            .doUpdateSet((eb) => ({
              hits: eb(eb.ref(`${table}.hits`), '+', eb.ref('excluded.hits')),
              // min and max as CASE, which both engines read the same (SQLite's scalar max is PostgreSQL's greatest).
              first_seen: sql<string>`case when excluded.first_seen < ${sql.ref(`${table}.first_seen`)} then excluded.first_seen else ${sql.ref(`${table}.first_seen`)} end`,
              last_seen: sql<string>`case when excluded.last_seen > ${sql.ref(`${table}.last_seen`)} then excluded.last_seen else ${sql.ref(`${table}.last_seen`)} end`,
            })),
        ),
    ),
  ]),
) as Record<CellTable, (db: Db, rows: readonly CellRow[]) => Promise<unknown>>;

export function trafficRepository(db: Db) {
  async function addCells(table: CellTable, projectId: string, cells: ReadonlyMap<string, TrafficCell>) {
    for (const chunk of chunks(inKeyOrder(cells), INSERT_CHUNK)) {
      await insertCells[table](
        db,
        chunk.map((c) => ({
          project_id: projectId,
          period: c.period,
          page: c.page,
          agent: c.agent,
          status_class: c.statusClass,
          verification: c.verification,
          hits: c.hits,
          first_seen: c.firstSeen,
          last_seen: c.lastSeen,
        })),
      );
    }
  }

  return {
    /** Adds a batch's cells to the hour, day and referral rollups. */
    async add(projectId: string, batch: TrafficBatch): Promise<void> {
      await addCells('traffic_hours', projectId, batch.hours);
      await addCells('traffic_days', projectId, batch.days);
      for (const chunk of chunks(inKeyOrder(batch.referrals), INSERT_CHUNK)) {
        await db
          .insertInto('traffic_referral_days')
          .values(chunk.map((r) => ({ project_id: projectId, ...r })))
          .onConflict((oc) =>
            oc.columns(['project_id', 'day', 'page', 'engine']).doUpdateSet((eb) => ({
              visits: eb(eb.ref('traffic_referral_days.visits'), '+', eb.ref('excluded.visits')),
            })),
          )
          .execute();
      }
    },

    /** Whether any log of the project was ever imported (an import noted, or rollups kept from one). */
    async imported(projectId: string): Promise<boolean> {
      const [noted, kept] = await Promise.all(
        [
          db.selectFrom('traffic_imports').select('project_id').where('project_id', '=', projectId).limit(1),
          db.selectFrom('traffic_days').select('project_id').where('project_id', '=', projectId).limit(1),
        ].map((q) => q.executeTakeFirst()),
      );
      return noted !== undefined || kept !== undefined;
    },

    /** Lines of a file (or batch) already stored, by its key; null when it was never seen. */
    async linesDone(projectId: string, importKey: string): Promise<number | null> {
      const row = await db
        .selectFrom('traffic_imports')
        .select('lines_done')
        .where('project_id', '=', projectId)
        .where('import_key', '=', importKey)
        .executeTakeFirst();
      return row ? Number(row.lines_done) : null;
    },

    /** Notes how far a file got; called in the transaction that stores the lines up to there. */
    async setLinesDone(projectId: string, importKey: string, linesDone: number, at: string): Promise<void> {
      await db
        .insertInto('traffic_imports')
        .values({
          project_id: projectId,
          import_key: importKey,
          lines_done: linesDone,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc.columns(['project_id', 'import_key']).doUpdateSet({ lines_done: linesDone, updated_at: at }),
        )
        .execute();
    },

    /** Hits per agent, verification and status class over the range's days, with first and last instants. */
    async agentTotals(s: TrafficScope): Promise<AgentTotals[]> {
      const rows = await db
        .selectFrom('traffic_days')
        .select((eb) => [
          'agent',
          'verification',
          'status_class',
          eb.fn.sum<number>('hits').as('hits'),
          eb.fn.min<string>('first_seen').as('first_seen'),
          eb.fn.max<string>('last_seen').as('last_seen'),
        ])
        .where('project_id', '=', s.projectId)
        .where('period', '>=', s.from)
        .where('period', '<=', s.to)
        .groupBy(['agent', 'verification', 'status_class'])
        .execute();
      return rows.map((r) => ({
        agent: r.agent,
        verification: r.verification,
        statusClass: r.status_class,
        hits: Number(r.hits),
        firstSeen: r.first_seen,
        lastSeen: r.last_seen,
      }));
    },

    /** Distinct pages each agent fetched in the range, spoofed hits left out. */
    async agentPages(s: TrafficScope): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('traffic_days')
        .select((eb) => ['agent', eb.fn.count<number>('page').distinct().as('pages')])
        .where('project_id', '=', s.projectId)
        .where('period', '>=', s.from)
        .where('period', '<=', s.to)
        .where('verification', '<>', 'spoofed')
        .groupBy('agent')
        .execute();
      return new Map(rows.map((r) => [r.agent, Number(r.pages)]));
    },

    /** Hits per day and agent (spoofed left out), for the series. */
    async agentDays(s: TrafficScope): Promise<{ day: string; agent: string; hits: number }[]> {
      const rows = await db
        .selectFrom('traffic_days')
        .select((eb) => ['period', 'agent', eb.fn.sum<number>('hits').as('hits')])
        .where('project_id', '=', s.projectId)
        .where('period', '>=', s.from)
        .where('period', '<=', s.to)
        .where('verification', '<>', 'spoofed')
        .groupBy(['period', 'agent'])
        .execute();
      return rows.map((r) => ({ day: r.period, agent: r.agent, hits: Number(r.hits) }));
    },

    /** Per page, agent and status class (spoofed left out): hits and the last instant, for the pages read. */
    async pageAgents(
      s: TrafficScope,
    ): Promise<{ page: string; agent: string; statusClass: string; hits: number; lastSeen: string }[]> {
      const rows = await db
        .selectFrom('traffic_days')
        .select((eb) => [
          'page',
          'agent',
          'status_class',
          eb.fn.sum<number>('hits').as('hits'),
          eb.fn.max<string>('last_seen').as('last_seen'),
        ])
        .where('project_id', '=', s.projectId)
        .where('period', '>=', s.from)
        .where('period', '<=', s.to)
        .where('verification', '<>', 'spoofed')
        .groupBy(['page', 'agent', 'status_class'])
        .execute();
      return rows.map((r) => ({
        page: r.page,
        agent: r.agent,
        statusClass: r.status_class,
        hits: Number(r.hits),
        lastSeen: r.last_seen,
      }));
    },

    /**
     * The last instant each agent got each status class on each page, over all stored days, spoofed hits left out:
     * for the agents and pages a batch's failures concern (a batch knows only its own lines).
     */
    async lastStatuses(
      projectId: string,
      agents: readonly string[],
      pages: readonly string[],
    ): Promise<{ page: string; agent: string; statusClass: string; lastSeen: string }[]> {
      const found = [];
      for (const some of chunks(pages, INSERT_CHUNK)) {
        const rows = await db
          .selectFrom('traffic_days')
          .select((eb) => ['page', 'agent', 'status_class', eb.fn.max<string>('last_seen').as('last_seen')])
          .where('project_id', '=', projectId)
          .where('agent', 'in', [...agents])
          .where('page', 'in', [...some])
          .where('verification', '<>', 'spoofed')
          .groupBy(['page', 'agent', 'status_class'])
          .execute();
        for (const r of rows)
          found.push({ page: r.page, agent: r.agent, statusClass: r.status_class, lastSeen: r.last_seen });
      }
      return found;
    },

    /** AI referral visits per day, landing page and engine over the range. */
    async referrals(s: TrafficScope): Promise<ReferralCell[]> {
      const rows = await db
        .selectFrom('traffic_referral_days')
        .select(['day', 'page', 'engine', 'visits'])
        .where('project_id', '=', s.projectId)
        .where('day', '>=', s.from)
        .where('day', '<=', s.to)
        .execute();
      return rows.map((r) => ({ ...r, visits: Number(r.visits) }));
    },

    /** Drops a project's hourly rows of hours before `before` (`YYYY-MM-DDTHH`); the daily rows stay. */
    async dropHoursBefore(projectId: string, before: string): Promise<void> {
      await db
        .deleteFrom('traffic_hours')
        .where('project_id', '=', projectId)
        .where('period', '<', before)
        .execute();
    },

    /** Forgets the keys of API batches last seen before `before` (an ISO instant): a shipper retries within minutes. */
    async dropBatchKeysBefore(projectId: string, before: string): Promise<void> {
      await db
        .deleteFrom('traffic_imports')
        .where('project_id', '=', projectId)
        .where('import_key', 'like', 'batch:%')
        .where('updated_at', '<', before)
        .execute();
    },

    async storedRanges(): Promise<StoredRanges[]> {
      const rows = await db.selectFrom('traffic_ranges').selectAll().orderBy('source').execute();
      return rows.map((r) => ({
        source: r.source,
        creationTime: r.creation_time,
        prefixes: JSON.parse(r.prefixes) as string[],
        updatedAt: r.updated_at,
      }));
    },

    async putRanges(ranges: StoredRanges): Promise<void> {
      const row = {
        creation_time: ranges.creationTime,
        prefixes: JSON.stringify(ranges.prefixes),
        updated_at: ranges.updatedAt,
      };
      await db
        .insertInto('traffic_ranges')
        .values({ source: ranges.source, ...row })
        .onConflict((oc) => oc.column('source').doUpdateSet(row))
        .execute();
    },
  };
}
