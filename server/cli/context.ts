import { availableParallelism } from 'node:os';
import type { Config } from '../config.ts';
import { systemClock } from '../domain/clock.ts';
import type { Store } from '../store/index.ts';
import { fail } from './output.ts';

export interface DbOptions {
  db?: string;
  json?: boolean;
}

/**
 * Opens the store a command works on, runs it, and closes it; refusals print their detail, not a stack. The
 * configuration and the store are loaded here, when a command needs them, not when the CLI starts.
 */
export async function withStore(
  opts: DbOptions,
  work: (store: Store, config: Config) => Promise<void>,
): Promise<void> {
  const [{ loadConfig }, { AppError }] = await Promise.all([
    import('../config.ts'),
    import('../domain/errors.ts'),
  ]);
  const config = loadConfig(process.env, opts.db ? { database: opts.db } : {});
  const store = await openStore(config);
  try {
    await work(store, config);
  } catch (err) {
    if (err instanceof AppError) fail(err.detail);
    throw err;
  } finally {
    await store.close();
  }
}

/** The configured database as a store; a database that cannot be opened stops the command with one line. */
export async function openStore(config: Config): Promise<Store> {
  const [{ openDatabase }, { createStore }, { StoreOpenError }] = await Promise.all([
    import('../store/database.ts'),
    import('../store/index.ts'),
    import('../store/errors.ts'),
  ]);
  try {
    return createStore(await openDatabase(config.database, { poolSize: config.databasePool }));
  } catch (err) {
    if (err instanceof StoreOpenError) fail(err.message);
    throw err;
  }
}

export const clock = systemClock;

export function parseCount(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) fail(`${name} must be a whole number of 0 or more, got ${text}`);
  return n;
}

export function parseShare(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !(n >= 0 && n <= 1))
    fail(`${name} must be a share from 0 to 1, like 0.2, got ${text}`);
  return n;
}

/**
 * Threads that score an import: `--workers N` (0 scores in the command's own thread). By default one a core but
 * one: the command's own thread stores what they score, a serial share of the work that needs a core of its own
 * (README, Benchmarks: Import). On one core, none.
 */
export function scoringWorkers(text: string | undefined): number {
  return parseCount('--workers', text) ?? availableParallelism() - 1;
}

export const splitList = (text: string | undefined): string[] | undefined =>
  text === undefined
    ? undefined
    : text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
