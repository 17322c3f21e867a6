import { sql, type Selectable } from 'kysely';
import type { Db } from '../database.ts';
import { padded } from '../in-list.ts';
import type { SqlDialect } from '../dialect.ts';
import type { Database } from '../schema.ts';

export type WebhookRow = Selectable<Database['webhooks']>;
export type DeliveryRow = Selectable<Database['webhook_deliveries']>;
/** A delivery claimed for an attempt, with what the attempt needs of its webhook. */
export type DueDelivery = DeliveryRow & Pick<WebhookRow, 'url' | 'secret_sealed'>;

export interface NewWebhook {
  id: string;
  projectId: string;
  url: string;
  events: string;
  description: string | null;
  /** JSON of the alert thresholds given, or null. */
  thresholds: string | null;
  secretSealed: string;
  createdAt: string;
}

export interface NewDelivery {
  id: string;
  webhookId: string;
  projectId: string;
  eventId: string;
  event: string;
  payload: string;
  runId: string | null;
  requestId: string | null;
  createdAt: string;
}

/** One attempt as the contract lists it. */
export interface Attempt {
  at: string;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

/** Deliveries kept per webhook: the contract shows the last 50. */
const HISTORY = 50;

export function webhooksRepository(db: Db, d: SqlDialect) {
  return {
    async create(w: NewWebhook): Promise<void> {
      await db
        .insertInto('webhooks')
        .values({
          id: w.id,
          project_id: w.projectId,
          url: w.url,
          events: w.events,
          description: w.description,
          secret_sealed: w.secretSealed,
          active: 1,
          created_at: w.createdAt,
          last_delivery_at: null,
          last_delivery_status: null,
          consecutive_failures: 0,
          thresholds: w.thresholds,
        })
        .execute();
    },
    async list(projectId: string): Promise<WebhookRow[]> {
      return db
        .selectFrom('webhooks')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    async get(projectId: string, id: string): Promise<WebhookRow | undefined> {
      return db
        .selectFrom('webhooks')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Writes the given fields (at least one) of a webhook; false when the project has no such webhook. */
    async update(
      projectId: string,
      id: string,
      fields: { events?: string; description?: string | null; thresholds?: string | null },
    ): Promise<boolean> {
      const r = await db
        .updateTable('webhooks')
        .set(fields)
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    /** Every webhook's sealed signing secret, of every project: what a sealing key must open. */
    async sealedSecrets(): Promise<string[]> {
      const rows = await db.selectFrom('webhooks').select('secret_sealed').execute();
      return rows.map((r) => r.secret_sealed);
    },
    async byId(id: string): Promise<WebhookRow | undefined> {
      return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async countByProject(projectId: string): Promise<number> {
      const r = await db
        .selectFrom('webhooks')
        .select(db.fn.countAll<number>().as('n'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** Deleting a webhook drops its deliveries, pending ones included (they cascade). */
    async delete(projectId: string, id: string): Promise<boolean> {
      const r = await db
        .deleteFrom('webhooks')
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
      return r.numDeletedRows > 0n;
    },
    /** The project's active webhooks subscribed to any of `events`. */
    async subscribers(projectId: string, ...events: string[]): Promise<WebhookRow[]> {
      const rows = await db
        .selectFrom('webhooks')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('active', '=', 1)
        .execute();
      return rows.filter((w) => (JSON.parse(w.events) as string[]).some((e) => events.includes(e)));
    },
    /**
     * Queues deliveries, due at once, and keeps each webhook's history to the last 50 (never a pending one); the
     * other instances' deliverers are told once the transaction commits.
     */
    async enqueue(deliveries: readonly NewDelivery[], now: string): Promise<void> {
      if (deliveries.length === 0) return;
      await d.announceDeliveries(db);
      await db
        .insertInto('webhook_deliveries')
        .values(
          deliveries.map((d) => ({
            id: d.id,
            webhook_id: d.webhookId,
            project_id: d.projectId,
            event_id: d.eventId,
            event: d.event,
            payload: d.payload,
            status: 'pending',
            run_id: d.runId,
            request_id: d.requestId,
            created_at: d.createdAt,
            delivered_at: null,
            next_attempt_at: now,
            attempt_count: 0,
            attempts: '[]',
            lease_until: null,
          })),
        )
        .execute();
      for (const webhookId of new Set(deliveries.map((d) => d.webhookId))) {
        await db
          .deleteFrom('webhook_deliveries')
          .where('webhook_id', '=', webhookId)
          .where('status', '!=', 'pending')
          .where('seq', '<=', (eb) =>
            eb
              .selectFrom('webhook_deliveries')
              .select('seq')
              .where('webhook_id', '=', webhookId)
              .orderBy('seq', 'desc')
              .limit(1)
              .offset(HISTORY),
          )
          .execute();
      }
    },
    /** The last 50 deliveries, newest first: the contract keeps no more history than that. */
    async deliveries(webhookId: string): Promise<DeliveryRow[]> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .orderBy('seq', 'desc')
        .limit(HISTORY)
        .execute();
    },
    /**
     * The recorded deliveries of these events to these webhooks (a project's: at most 5), with their payloads,
     * newest first; read through the per-webhook index, so only their history is looked at.
     */
    async deliveriesOf(webhookIds: readonly string[], events: readonly string[]): Promise<DeliveryRow[]> {
      if (webhookIds.length === 0) return [];
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', 'in', webhookIds)
        .where('event', 'in', events)
        .orderBy('seq', 'desc')
        .execute();
    },
    async delivery(id: string): Promise<DeliveryRow | undefined> {
      return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /**
     * Leases up to `limit` pending deliveries due by `now` with no live lease, oldest first, until `until`, at most
     * `perWebhook.max` in flight for any one webhook counting the `perWebhook.inFlight` this process has already, so
     * one slow receiver cannot take every slot. The lease is taken only on rows still free when it is written, so
     * two processes picking the same rows never both win one and no attempt is made twice. Each delivery comes with
     * its webhook's URL and sealed secret, read by the same statement that picks it, so an attempt reads nothing
     * more. `more`: due deliveries of webhooks with room were left behind (no room left in `limit`, or their webhook
     * filled up), so a look once any attempt ends may find some. The webhooks already full are not read at all.
     */
    async claimDue(
      owner: string,
      now: string,
      until: string,
      limit: number,
      perWebhook: { max: number; inFlight: ReadonlyMap<string, number> },
    ): Promise<{ claimed: DueDelivery[]; more: boolean }> {
      const full = [...perWebhook.inFlight].filter(([, n]) => n >= perWebhook.max).map(([id]) => id);
      const read = limit * perWebhook.max;
      // The oldest due rows of the webhooks with room, read through the due index and only as many as could be
      // taken, so a backlog of thousands costs each look a few hundred rows, not all of them.
      let candidates = db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
        .select(['d.id', 'd.webhook_id', 'w.url', 'w.secret_sealed'])
        .where('d.status', '=', 'pending')
        .where('d.next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<', now)]))
        .orderBy('d.next_attempt_at')
        .orderBy('d.seq')
        .limit(read);
      if (full.length > 0) candidates = candidates.where('d.webhook_id', 'not in', padded(full));
      // Picked here, in due order, rather than ranked in SQL: a statement naming the busy webhooks was a new one to
      // build and prepare at every look, and a look follows every attempt.
      const held = new Map(perWebhook.inFlight);
      const picked = new Map<string, { url: string; secret_sealed: string }>();
      const found = await candidates.execute();
      let more = found.length >= read;
      for (const c of found) {
        const n = held.get(c.webhook_id) ?? 0;
        if (picked.size >= limit || n >= perWebhook.max) {
          more = true;
          continue;
        }
        held.set(c.webhook_id, n + 1);
        picked.set(c.id, c);
      }
      if (picked.size === 0) return { claimed: [], more };
      const rows = await db
        .updateTable('webhook_deliveries')
        .set({ lease_until: until, lease_owner: owner })
        .where('id', 'in', padded([...picked.keys()]))
        // Checked again on the row as the lease is written; read through an expression so that the rows are found
        // by id (the few picked) and not by walking every pending delivery in the due index, which SQLite's
        // planner, with no statistics, prefers for an equality on `status` (each claim cost the whole backlog).
        .where(sql`${sql.ref('status')} || ''`, '=', 'pending')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .returningAll()
        .execute();
      const claimed = rows
        .sort((x, y) => (x.next_attempt_at ?? '').localeCompare(y.next_attempt_at ?? '') || x.seq - y.seq)
        .map((r) => {
          const w = picked.get(r.id)!;
          return { ...r, url: w.url, secret_sealed: w.secret_sealed };
        });
      return { claimed, more };
    },
    /**
     * Takes one attempt of a delivery until `until`: only when it is still pending at the same attempt count with
     * no live lease, so two processes never make the same attempt.
     */
    async lease(d: DeliveryRow, owner: string, now: string, until: string): Promise<boolean> {
      const r = await db
        .updateTable('webhook_deliveries')
        .set({ lease_until: until, lease_owner: owner })
        .where('id', '=', d.id)
        .where('status', '=', 'pending')
        .where('attempt_count', '=', d.attempt_count)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    /** Writes an attempt's outcome onto the delivery it leased. */
    async recordAttempt(
      d: DeliveryRow,
      attempt: Attempt,
      outcome: { status: 'pending' | 'delivered' | 'failed'; nextAttemptAt: string | null },
    ): Promise<boolean> {
      const attempts = [...(JSON.parse(d.attempts) as Attempt[]), attempt];
      const r = await db
        .updateTable('webhook_deliveries')
        .set({
          status: outcome.status,
          attempts: JSON.stringify(attempts),
          attempt_count: d.attempt_count + 1,
          next_attempt_at: outcome.nextAttemptAt,
          delivered_at: outcome.status === 'delivered' ? attempt.at : null,
          lease_until: null,
        })
        .where('id', '=', d.id)
        .where('attempt_count', '=', d.attempt_count)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    /**
     * A 2xx resets the count; a failed attempt adds one, and the 20th in a row turns the webhook off. Says whether
     * this attempt turned it off, and whether it is on now.
     */
    async noteAttempt(
      webhookId: string,
      at: string,
      delivered: boolean,
      offAt: number,
    ): Promise<{ turnedOff: boolean; active: boolean }> {
      const row = await db
        .updateTable('webhooks')
        .set((eb) => ({
          last_delivery_at: at,
          last_delivery_status: delivered ? 'delivered' : 'failed',
          consecutive_failures: delivered ? 0 : eb('consecutive_failures', '+', 1),
        }))
        .where('id', '=', webhookId)
        .returning(['active', 'consecutive_failures'])
        .executeTakeFirst();
      if (!row) return { turnedOff: false, active: false };
      if (delivered || row.active !== 1 || row.consecutive_failures < offAt) {
        return { turnedOff: false, active: row.active === 1 };
      }
      await db.updateTable('webhooks').set({ active: 0 }).where('id', '=', webhookId).execute();
      return { turnedOff: true, active: false };
    },
    /** Turns a webhook off by hand (the demo's, whose address is an example): it sends nothing from then on. */
    async turnOff(webhookId: string): Promise<void> {
      await db.updateTable('webhooks').set({ active: 0 }).where('id', '=', webhookId).execute();
    },
    /** A webhook turned off sends nothing more: what was still pending fails. */
    async failPending(webhookId: string): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', next_attempt_at: null, lease_until: null })
        .where('webhook_id', '=', webhookId)
        .where('status', '=', 'pending')
        .execute();
    },
  };
}
