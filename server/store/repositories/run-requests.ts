import type { Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { SqlDialect } from '../dialect.ts';
import { pastPosition } from '../keyset.ts';
import type { Database } from '../schema.ts';

type Row = Selectable<Database['run_requests']>;
export type RunRequestRow = Row & { run_ids: string[] };

export type RunRequestStatus =
  'waiting_for_host' | 'queued' | 'running' | 'completed' | 'failed' | 'canceled';
export const ACTIVE_STATUSES: readonly RunRequestStatus[] = ['queued', 'waiting_for_host', 'running'];

export interface NewRunRequest {
  id: string;
  projectId: string;
  source: 'api' | 'schedule';
  trigger: 'manual' | 'scheduled';
  status: RunRequestStatus;
  mode: 'cloud' | 'host';
  idempotencyKey: string | null;
  bodyHash: string | null;
  samplesPerPrompt: number;
  promptCount: number;
  estimatedUnits: number;
  heldPeriodUnits: number;
  heldPrepaidUnits: number;
  warning: string | null;
  createdAt: string;
  /** The service asks cloud engines; the host asks local-fetch engines (every engine on byok plans). */
  cloudNeeded: boolean;
  hostNeeded: boolean;
  /** The schedule slot (due instant) a scheduled request was started for: at most one request per slot. */
  scheduleSlot?: string;
  /** Made already leased by the worker that will run it, so no other worker takes it before that one begins it. */
  lease?: { owner: string; until: string };
}

export type RunPart = 'cloud' | 'host';

export interface StatusChange {
  status: RunRequestStatus;
  at: string;
  completed?: boolean;
  error?: { code: string; message: string } | null;
  warning?: string | null;
}

export function runRequestsRepository(db: Db, d: SqlDialect) {
  async function withRuns(rows: Row[]): Promise<RunRequestRow[]> {
    if (rows.length === 0) return [];
    const runs = await db
      .selectFrom('runs')
      .select(['id', 'request_id'])
      .where(
        'request_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('created_at')
      .execute();
    return rows.map((r) => ({ ...r, run_ids: runs.filter((x) => x.request_id === r.id).map((x) => x.id) }));
  }

  return {
    async create(r: NewRunRequest): Promise<void> {
      await db
        .insertInto('run_requests')
        .values({
          id: r.id,
          project_id: r.projectId,
          source: r.source,
          trigger: r.trigger,
          status: r.status,
          mode: r.mode,
          idempotency_key: r.idempotencyKey,
          body_hash: r.bodyHash,
          samples_per_prompt: r.samplesPerPrompt,
          prompt_count: r.promptCount,
          estimated_units: r.estimatedUnits,
          held_period_units: r.heldPeriodUnits,
          held_prepaid_units: r.heldPrepaidUnits,
          warning: r.warning,
          error_code: null,
          error_message: null,
          created_at: r.createdAt,
          updated_at: r.createdAt,
          completed_at: null,
          cloud_needed: r.cloudNeeded ? 1 : 0,
          host_needed: r.hostNeeded ? 1 : 0,
          schedule_slot: r.scheduleSlot ?? null,
          lease_owner: r.lease?.owner ?? null,
          lease_until: r.lease?.until ?? null,
        })
        .execute();
    },
    /** Whether a request was already started for this schedule slot (by this process or another). */
    async slotTaken(projectId: string, slot: string): Promise<boolean> {
      const row = await db
        .selectFrom('run_requests')
        .select('id')
        .where('project_id', '=', projectId)
        .where('schedule_slot', '=', slot)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Requests made through the API, newest first; scheduled runs are not listed. */
    async list(projectId: string, after: { createdAt: string; id: string } | null, limit: number) {
      let q = db
        .selectFrom('run_requests')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('source', '=', 'api');
      if (after) q = q.where(pastPosition(after, 'desc'));
      return withRuns(await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute());
    },
    async get(projectId: string, id: string): Promise<RunRequestRow | undefined> {
      const row = await db
        .selectFrom('run_requests')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && (await withRuns([row]))[0];
    },
    async byId(id: string): Promise<RunRequestRow | undefined> {
      const row = await db.selectFrom('run_requests').selectAll().where('id', '=', id).executeTakeFirst();
      return row && (await withRuns([row]))[0];
    },
    async byIdempotencyKey(projectId: string, key: string): Promise<RunRequestRow | undefined> {
      const row = await db
        .selectFrom('run_requests')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row && (await withRuns([row]))[0];
    },
    /** A key past its replay window is free again: the old request keeps its history without it. */
    async releaseIdempotencyKey(id: string): Promise<void> {
      await db.updateTable('run_requests').set({ idempotency_key: null }).where('id', '=', id).execute();
    },
    /** The request that is queued, waiting or running, if any: at most one per project. */
    async active(projectId: string) {
      return db
        .selectFrom('run_requests')
        .select('id')
        .where('project_id', '=', projectId)
        .where('status', 'in', ACTIVE_STATUSES)
        .executeTakeFirst();
    },
    /** API requests made since the instant given (the daily limit counts only those). */
    async countSince(projectId: string, since: string): Promise<number> {
      const r = await db
        .selectFrom('run_requests')
        .select(db.fn.countAll<number>().as('n'))
        .where('project_id', '=', projectId)
        .where('source', '=', 'api')
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /**
     * Moves a request to `change.status` only when it is still in one of `from`; answers whether it moved, so
     * two workers (or a worker and a cancel) never both act on one request.
     */
    async transition(id: string, from: readonly RunRequestStatus[], change: StatusChange): Promise<boolean> {
      const res = await db
        .updateTable('run_requests')
        .set({
          status: change.status,
          updated_at: change.at,
          ...(change.completed && { completed_at: change.at, lease_owner: null, lease_until: null }),
          ...(change.error !== undefined && {
            error_code: change.error?.code ?? null,
            error_message: change.error?.message ?? null,
          }),
          ...(change.warning !== undefined && { warning: change.warning }),
        })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },
    /**
     * Takes a request whose cloud part is still to do, under no live lease (its worker died or gave it up), for
     * `owner` until `until`: a cloud request once queued, a host request once its host has started it. Oldest
     * first, so requests are served in the order they came. One statement picks and leases the row, passing over
     * rows another worker is taking at the same moment, so two workers never take the same request.
     */
    async claimNext(owner: string, now: string, until: string): Promise<Row | undefined> {
      const next = d.claim(
        db
          .selectFrom('run_requests')
          .select('id')
          .where('cloud_needed', '=', 1)
          .where('cloud_outcome', 'is', null)
          .where((eb) =>
            eb.or([
              eb.and([eb('mode', '=', 'cloud'), eb('status', 'in', ['queued', 'running'])]),
              eb.and([eb('mode', '=', 'host'), eb('status', '=', 'running')]),
            ]),
          )
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
          .orderBy('created_at')
          .limit(1),
      );
      return db
        .updateTable('run_requests')
        .set({ lease_owner: owner, lease_until: until })
        .where('id', 'in', next)
        .returningAll()
        .executeTakeFirst();
    },
    /** Records how one part ended; the lease of the cloud part goes with it. */
    /** A part's outcome, with the request's warning replaced when one is given (what the part left undone). */
    async setPartOutcome(id: string, part: RunPart, outcome: string, warning?: string): Promise<void> {
      await db
        .updateTable('run_requests')
        .set({
          ...(part === 'cloud'
            ? { cloud_outcome: outcome, lease_owner: null, lease_until: null }
            : { host_outcome: outcome }),
          ...(warning !== undefined && { warning }),
        })
        .where('id', '=', id)
        .execute();
    },
    /** Host-mode requests of these projects that a host should run, oldest first. */
    async forHost(projectIds: readonly string[]): Promise<Row[]> {
      if (projectIds.length === 0) return [];
      return db
        .selectFrom('run_requests')
        .selectAll()
        .where('project_id', 'in', projectIds)
        .where('mode', '=', 'host')
        .where('host_needed', '=', 1)
        .where('host_outcome', 'is', null)
        .where('status', 'in', ['waiting_for_host', 'queued', 'running'])
        .orderBy('created_at')
        .execute();
    },
    /** Extends the lease while the owner still holds it; false means another worker took the request over. */
    async renewLease(id: string, owner: string, until: string): Promise<boolean> {
      const res = await db
        .updateTable('run_requests')
        .set({ lease_until: until })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return res.numUpdatedRows > 0n;
    },
    /** Gives a request up at shutdown so the next worker takes it over at once instead of after the lease. */
    async releaseLease(id: string, owner: string): Promise<void> {
      await db
        .updateTable('run_requests')
        .set({ lease_until: null })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .execute();
    },
    async isCancelRequested(id: string): Promise<boolean> {
      const r = await db
        .selectFrom('run_requests')
        .select(['cancel_requested', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      return !r || r.cancel_requested === 1 || r.status === 'canceled';
    },
    async requestCancel(id: string): Promise<void> {
      await db.updateTable('run_requests').set({ cancel_requested: 1 }).where('id', '=', id).execute();
    },
    /** Host requests still waiting for their computer that were made before `before`. */
    async waitingSince(before: string): Promise<Row[]> {
      return db
        .selectFrom('run_requests')
        .selectAll()
        .where('status', '=', 'waiting_for_host')
        .where('created_at', '<=', before)
        .execute();
    },
    /** Running host parts whose host has not been seen since `before` (or never): the host vanished mid-run. */
    async hostGoneSince(before: string): Promise<Row[]> {
      return db
        .selectFrom('run_requests as r')
        .innerJoin('projects as p', 'p.id', 'r.project_id')
        .leftJoin('hosts as h', 'h.id', 'p.host_id')
        .selectAll('r')
        .where('r.status', '=', 'running')
        .where('r.host_needed', '=', 1)
        .where('r.host_outcome', 'is', null)
        .where('r.updated_at', '<=', before)
        .where((eb) => eb.or([eb('h.last_seen_at', 'is', null), eb('h.last_seen_at', '<=', before)]))
        .execute();
    },
    async addSpent(id: string, units: number): Promise<void> {
      if (units === 0) return;
      await db
        .updateTable('run_requests')
        .set((eb) => ({ spent_units: eb('spent_units', '+', units) }))
        .where('id', '=', id)
        .execute();
    },
  };
}
