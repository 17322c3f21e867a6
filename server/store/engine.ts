import type { Kysely } from 'kysely';
import type { SqlDialect } from './dialect.ts';
import type { KeyUse, KeyUsed } from './key-use.ts';
import type { RateCounter } from './rate-counter.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** Projects whose data changed elsewhere, or every project ('*'). */
export type ChangedProjects = readonly string[] | '*';

/**
 * What an open database brings besides its Kysely instance: the engine's dialect, how to tell that a project's
 * data may have changed, and where request counts live. Kept beside the Kysely instance (not in it), so that
 * `openDatabase` still answers a plain Kysely instance that tests and tools can query.
 */
export interface StoreEngine {
  readonly dialect: SqlDialect;
  /** Changes whenever the project's stored data may have changed, whoever wrote it. */
  generation(projectId: string): Promise<string>;
  /** Early word that data changed elsewhere, so caches can drop entries; `generation` stays the proof. */
  onChange(listener: (changed: ChangedProjects) => void): () => void;
  /** Word that webhook deliveries were queued by any process on this database (see announceDeliveries). */
  onDeliveriesQueued(listener: () => void): () => void;
  readonly rateCounter: RateCounter;
  /** A request's key use in one round trip (Store.useKey); null where the store makes it in steps (key-use.ts). */
  readonly useKey: ((use: KeyUse) => Promise<KeyUsed>) | null;
  /** Ends what the engine keeps open besides the pool (a listening connection). */
  close(): Promise<void>;
}

const engines = new WeakMap<Db, StoreEngine>();

export function registerEngine(db: Db, engine: StoreEngine): Db {
  engines.set(db, engine);
  return db;
}

export function engineOf(db: Db): StoreEngine {
  const engine = engines.get(db);
  if (!engine) throw new Error('this Kysely instance was not opened by openDatabase');
  return engine;
}
