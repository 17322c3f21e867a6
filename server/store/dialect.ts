import {
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
} from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any select of any table can be claimed
type AnySelect = SelectQueryBuilder<any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of any shape
type AnyTable = CreateTableBuilder<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- locks are taken on any database or transaction
type AnyDb = Kysely<any>;

/** The PostgreSQL channel that says webhook deliveries were queued (see announceDeliveries). */
export const DELIVERIES_CHANNEL = 'answerwatch_deliveries';

/**
 * What differs between the two engines, in one place, so that repositories and migrations stay one code path.
 * A repository or migration that needs something engine-specific asks this object; nothing else in the store
 * tests which engine it runs on.
 */
export interface SqlDialect {
  readonly engine: 'sqlite' | 'postgres';
  /**
   * Holds `key` until the current transaction ends: transactions that lock the same key run one after the other,
   * so a read that decides a write (is a run already active? was this slot started?) cannot be raced. SQLite runs
   * one writing transaction at a time already, so there it costs nothing.
   */
  lock(db: AnyDb, key: string): Promise<void>;
  /**
   * A SELECT of rows to claim for work (in `update ... where id in (select ...)`): on PostgreSQL the rows are
   * locked and rows another worker is claiming are passed over, not waited on (FOR UPDATE SKIP LOCKED).
   */
  claim<Q extends AnySelect>(select: Q): Q;
  /** Whether a failed transaction may simply be run again (a deadlock or serialization failure). */
  isRetryable(err: unknown): boolean;
  /**
   * Tells the other instances on this database, once the current transaction commits, that webhook deliveries were
   * queued (PostgreSQL NOTIFY on DELIVERIES_CHANNEL), so their deliverers look at once instead of at their next poll.
   * SQLite serves one process, whose deliverer is woken in process; it sends nothing.
   */
  announceDeliveries(db: AnyDb): Promise<void>;
  /**
   * The text lowercased by Unicode's rules, as JavaScript's `toLowerCase` does it: SQL's own `lower` folds only
   * ASCII letters on SQLite and under PostgreSQL's "C" collation, so `Ü` would never match `ü`.
   */
  foldCase(text: Expression<string>): RawBuilder<string>;
  /**
   * The generation of a project's data (Store.generation) as SQL, so that a read gets it in its own statement;
   * null on SQLite, whose generation lives in the process (sqlite.ts) and costs no query.
   */
  projectGeneration: ((projectId: Expression<string>) => RawBuilder<string>) | null;
  readonly schema: SchemaDialect;
}

/** Column types and table options for migrations: one migration file builds the same schema on both engines. */
export interface SchemaDialect {
  readonly engine: 'sqlite' | 'postgres';
  /** Text compared byte by byte, as SQLite does: ids and ISO timestamps sort the same on both engines. */
  readonly text: 'text' | Expression<unknown>;
  readonly integer: 'integer';
  /** A key numbered by the database, counting up. */
  readonly serial: 'integer' | 'bigserial';
  autoIncrement(c: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
  /**
   * Stores the table in primary-key order on SQLite (WITHOUT ROWID), for short range reads of summary tables;
   * PostgreSQL keeps every table as a heap, and its primary-key index serves the same reads.
   */
  clustered<T extends AnyTable>(table: T): T;
}

const sqliteSchema: SchemaDialect = {
  engine: 'sqlite',
  text: 'text',
  integer: 'integer',
  serial: 'integer',
  autoIncrement: (c) => c.autoIncrement(),
  clustered: (table) => table.modifyEnd(sql`without rowid`) as typeof table,
};

const postgresSchema: SchemaDialect = {
  engine: 'postgres',
  text: sql`text collate "C"`,
  integer: 'integer',
  serial: 'bigserial',
  autoIncrement: (c) => c,
  clustered: (table) => table,
};

/**
 * SQLite has no Unicode case mapping of its own (without ICU): each connection the store opens registers this
 * function, JavaScript's `toLowerCase` (server/store/sqlite.ts).
 */
export const SQLITE_FOLD_CASE = 'unicode_lower';

export const sqliteDialect: SqlDialect = {
  engine: 'sqlite',
  lock: async () => {},
  claim: (select) => select,
  announceDeliveries: async () => {},
  isRetryable: () => false,
  foldCase: (text) => sql<string>`${sql.raw(SQLITE_FOLD_CASE)}(${text})`,
  projectGeneration: null,
  schema: sqliteSchema,
};

/** SQLSTATE codes of failures that go away when the transaction runs again. */
const RETRYABLE = new Set(['40001', '40P01']);

export const postgresDialect: SqlDialect = {
  engine: 'postgres',
  async lock(db, key) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);
  },
  claim: (select) => select.forUpdate().skipLocked() as typeof select,
  async announceDeliveries(db) {
    await sql`select pg_notify(${DELIVERIES_CHANNEL}, '')`.execute(db);
  },
  isRetryable: (err) => RETRYABLE.has((err as { code?: string } | null)?.code ?? ''),
  // ICU's root-locale mapping, the one JavaScript's toLowerCase follows; every PostgreSQL built with ICU (Debian's,
  // the official images, the managed services) has this collation.
  foldCase: (text) => sql<string>`lower(${text} collate "und-x-icu")`,
  // The table of postgres-support.ts; a project never changed has no row there yet, and is at generation 0.
  projectGeneration: (projectId) =>
    sql<string>`coalesce((select g.generation from project_generations g where g.project_id = ${projectId}), 0)::text`,
  schema: postgresSchema,
};

/** The lock Store transactions take to serialise decisions about one project (see projects.lock). */
export const lockProject = (db: AnyDb, d: SqlDialect, projectId: string): Promise<void> =>
  d.lock(db, `project:${projectId}`);
