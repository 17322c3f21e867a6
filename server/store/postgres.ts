import pg from 'pg';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { DELIVERIES_CHANNEL, postgresDialect } from './dialect.ts';
import { registerEngine, type ChangedProjects, type Db } from './engine.ts';
import { StoreOpenError, StoreUnavailableError } from './errors.ts';
import { isMigrated, migrateToLatest } from './migrate.ts';
import type { MigrationHooks } from './migration-hooks.ts';
import { keyCache } from './postgres-key-cache.ts';
import { postgresRateCounter } from './postgres-rate-counter.ts';
import { statementNames, type RunStatement, type StatementNames } from './postgres-statements.ts';
import { redactLocation } from './location.ts';
import { CHANGES_CHANNEL, installSupportObjects, supportInstalled } from './postgres-support.ts';
import type { Database } from './schema.ts';

/** PostgreSQL 15 is the oldest we run on (CREATE OR REPLACE TRIGGER, MERGE-era planner and locking behaviour). */
const MIN_SERVER_VERSION = 150000;
/** Any number that serves the advisory lock of the support objects' installation. */
const SUPPORT_LOCK = 7_120_349_113;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const DROPPED =
  /connection terminated|not queryable|timeout exceeded when trying to connect|connection timeout/i;

/** Why the database cannot be reached, when that is what `err` says; null for any other error. */
function unavailableReason(err: unknown): string | null {
  const e = err as { code?: string; message?: string } | null;
  const code = e?.code ?? '';
  if (NETWORK_CODES.has(code)) return code === 'ECONNREFUSED' ? 'connection refused' : code;
  if (UNAVAILABLE_STATES.has(code) || code.startsWith('08')) return e?.message ?? code;
  if (DROPPED.test(e?.message ?? '')) return e!.message!;
  return null;
}

function unavailable(err: unknown): unknown {
  const reason = unavailableReason(err);
  return reason === null ? err : Object.assign(new StoreUnavailableError(reason), { cause: err });
}

/** bigint counts and sums (count(*), sum(integer)) come back as numbers, as they do from SQLite. */
const NUMERIC_OIDS = new Set([20, 1700]);
const toNumber = (text: string) => Number(text);
export const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    NUMERIC_OIDS.has(oid) && format !== 'binary'
      ? toNumber
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * PostgreSQL text cannot hold U+0000 (the server refuses the whole statement), SQLite's can. No id, name or answer
 * needs it, so it is written as U+FFFD: a lookup by a text holding it finds nothing, as on SQLite, and a stray one
 * in an engine's answer never fails the write that stores it.
 */
const withoutNul = (value: unknown): unknown =>
  typeof value === 'string'
    ? value.includes('\0')
      ? value.replaceAll('\0', '\uFFFD')
      : value
    : Array.isArray(value)
      ? value.map(withoutNul)
      : value;

/**
 * A pool that reports a lost database as StoreUnavailableError, whatever the query, and runs statements as named
 * prepared statements (postgres-statements.ts).
 */
function kyselyPool(pool: pg.Pool, names: StatementNames): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect().catch((err: unknown) => Promise.reject(unavailable(err)));
      let w = wrapped.get(client);
      if (!w) {
        // The pool listens for errors only on idle connections: one lost while checked out (between the queries
        // of a transaction) would be an unhandled 'error' that ends the process. Its next query fails as
        // unavailable instead, and the pool drops it when it is released.
        let lost = false;
        client.on('error', () => {
          lost = true;
        });
        w = {
          query: ((text: string, params: unknown[]) =>
            client
              .query({ name: names.nameOf(text), text, values: params.map(withoutNul) })
              .catch((err: unknown) => {
                names.failed(text, err);
                return Promise.reject(unavailable(err));
              })) as never,
          release: () => client.release(lost),
        };
        wrapped.set(client, w);
      }
      return w;
    },
    end: () => pool.end(),
  };
}

/**
 * The way in's statement run on the pool itself (RunStatement): Kysely's connection provider and the wrapper
 * above cost more CPU than the statement's own driver work. pg-pool's `query` listens for a connection lost
 * during the query and drops it on release.
 */
function runOnPool(pool: pg.Pool, names: StatementNames): RunStatement {
  return (text, values) =>
    pool.query({ name: names.nameOf(text), text, values: values.map(withoutNul), rowMode: 'array' }).then(
      (r) => r.rows as unknown[][],
      (err: unknown) => {
        names.failed(text, err);
        return Promise.reject(unavailable(err));
      },
    );
}

/** The one line that says why the database named at start cannot be used. */
function openFailure(where: string, err: unknown): StoreOpenError {
  const e = err as { code?: string; message?: string };
  if (e.code === 'ECONNREFUSED')
    return new StoreOpenError(where, 'connection refused (is PostgreSQL running there?)');
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return new StoreOpenError(where, 'host not found');
  const message = (e.message ?? String(err)).split('\n')[0]!;
  return new StoreOpenError(where, message);
}

/**
 * Notifications of committed changes and of queued webhook deliveries, on a connection of its own that is opened
 * when someone listens and opened again after the database comes back (everything is then reported changed, and
 * deliveries queued: notices may have been missed).
 */
function changeListener(url: string) {
  const listeners = new Set<(changed: ChangedProjects) => void>();
  const deliveryListeners = new Set<() => void>();
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const emit = (changed: ChangedProjects) => {
    for (const listener of listeners) listener(changed);
  };
  const emitDeliveries = () => {
    for (const listener of deliveryListeners) listener();
  };
  const connect = async (delayMs: number) => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url, application_name: 'answerwatch-listen' });
    const again = () => {
      if (client !== c || stopped) return;
      client = null;
      c.end().catch(() => {});
      retry = setTimeout(() => void connect(Math.min(delayMs * 2, 30_000)), delayMs);
      retry.unref();
    };
    client = c;
    c.on('error', again);
    c.on('end', again);
    c.on('notification', (n) => {
      if (n.channel === DELIVERIES_CHANNEL) emitDeliveries();
      else emit(n.payload === '*' || !n.payload ? '*' : n.payload.split(','));
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANGES_CHANNEL}`);
      await c.query(`listen ${DELIVERIES_CHANNEL}`);
      emit('*');
      emitDeliveries();
    } catch {
      again();
    }
  };
  const listen = <L>(set: Set<L>, listener: L) => {
    set.add(listener);
    if (!client && !stopped && !retry) void connect(1_000);
    return () => void set.delete(listener);
  };
  return {
    add: (listener: (changed: ChangedProjects) => void) => listen(listeners, listener),
    addDeliveries: (listener: () => void) => listen(deliveryListeners, listener),
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * Opens a PostgreSQL database (a postgres:// URL) with a pool of `poolSize` connections, migrates it, and
 * installs the support objects. Every failure to reach it is one StoreOpenError line with the password hidden.
 */
export async function openPostgres(
  url: string,
  opts: { poolSize?: number; migrations: MigrationHooks },
): Promise<Db> {
  const where = redactLocation(url);
  try {
    new URL(url);
  } catch {
    throw new StoreOpenError(where, 'not a valid URL (postgres://user:password@host:5432/database)');
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    application_name: 'answerwatch',
    types,
  });
  // A pooled connection the server dropped while idle: the pool discards it and the next query connects anew.
  pool.on('error', () => {});
  try {
    const r = await pool.query<{ v: string }>('show server_version_num');
    const version = Number(r.rows[0]?.v);
    if (version < MIN_SERVER_VERSION) {
      throw new Error(`PostgreSQL 15 or later is needed; this server is version ${r.rows[0]?.v}`);
    }
  } catch (err) {
    await pool.end();
    throw openFailure(where, err);
  }
  const names = statementNames();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: kyselyPool(pool, names) }) });
  try {
    // Most starts find the schema current: two reads then, instead of the migrator's locks and DDL.
    if (!(await isMigrated(db)) || !(await supportInstalled(db))) {
      await migrateToLatest(db, postgresDialect.schema, opts.migrations);
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${sql.lit(SUPPORT_LOCK)})`.execute(trx);
        await installSupportObjects(trx);
      });
    }
  } catch (err) {
    await db.destroy();
    throw err;
  }
  const changes = changeListener(url);
  const counter = postgresRateCounter(db);
  return registerEngine(db, {
    dialect: postgresDialect,
    async generation(projectId) {
      const r = await sql<{ generation: number }>`
        select generation from project_generations where project_id = ${projectId}`.execute(db);
      return String(r.rows[0]?.generation ?? 0);
    },
    onChange: (listener) => changes.add(listener),
    onDeliveriesQueued: (listener) => changes.addDeliveries(listener),
    rateCounter: counter,
    useKey: keyCache(db, runOnPool(pool, names), counter, (listener) => changes.add(listener)),
    close: () => changes.stop(),
  });
}
