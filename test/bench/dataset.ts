import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAccount } from '../../server/domain/accounts.ts';
import { createApiKey } from '../../server/domain/api-keys.ts';
import { systemClock } from '../../server/domain/clock.ts';
import { seedDemo } from '../../server/domain/demo-data.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { createStore } from '../../server/store/index.ts';
import { databaseUrl, onServer } from '../support/pg-cluster.ts';

export interface Dataset {
  /** Where it is: an SQLite file, or a postgres:// URL. */
  db: string;
  key: string;
  projectId: string;
  answers: number;
  /** Answers per second of the seeding import, when this run built the dataset. */
  importRate: number | null;
}

/**
 * Builds (once; later runs reuse the file under .bench/) a project of `answers` answers over `days` days on six
 * engines with `competitors` competitors (and, when asked, browser twins of some), through the same import path
 * `answers import` uses. With `pg` (a server URL), the same project in a database of that server, reused the same way.
 */
export async function dataset(opts: {
  answers: number;
  days: number;
  competitors: number;
  /** Share of answers with a twin from the engine's signed-in browser variant (seedDemo's browserTwins). */
  browserTwins?: number;
  dir?: string;
  pg?: string;
}): Promise<Dataset> {
  const dir = opts.dir ?? '.bench';
  mkdirSync(dir, { recursive: true });
  const twins = opts.browserTwins ? `-twins${opts.browserTwins}` : '';
  const name = `answers_${opts.answers}_${opts.days}_${opts.competitors}${twins.replace('-', '_').replace('.', '_')}`;
  if (opts.pg) return pgDataset(opts.pg, name, join(dir, `pg-${name}.json`), opts);
  const db = join(dir, `answers-${opts.answers}-${opts.days}-${opts.competitors}${twins}.db`);
  const meta = `${db}.json`;
  if (existsSync(db) && existsSync(meta)) {
    const saved = JSON.parse(readFileSync(meta, 'utf8')) as Dataset;
    return { ...saved, importRate: null };
  }
  const building = `${db}.building`;
  rmSync(building, { force: true });
  const built = await build(building, opts);
  for (const suffix of ['', '-wal', '-shm'])
    if (existsSync(building + suffix)) renameSync(building + suffix, db + suffix);
  const result = { ...built, db };
  writeFileSync(meta, JSON.stringify(result));
  return result;
}

/** The data set in a database of a PostgreSQL server, built under another name and renamed once complete. */
async function pgDataset(
  server: string,
  name: string,
  meta: string,
  opts: { answers: number; days: number; competitors: number; browserTwins?: number },
): Promise<Dataset> {
  const exists = await onServer(server, `select 1 from pg_database where datname = '${name}'`);
  if (exists.length > 0 && existsSync(meta)) {
    const saved = JSON.parse(readFileSync(meta, 'utf8')) as Dataset;
    return { ...saved, db: databaseUrl(server, name), importRate: null };
  }
  const building = `${name}_building`;
  await onServer(
    server,
    `drop database if exists ${building} with (force)`,
    `drop database if exists ${name} with (force)`,
    `create database ${building}`,
  );
  const built = await build(databaseUrl(server, building), opts);
  await onServer(server, `alter database ${building} rename to ${name}`);
  const result = { ...built, db: databaseUrl(server, name) };
  writeFileSync(meta, JSON.stringify(result));
  return result;
}

/** Seeds a new project into the (empty or new) database at `location`, timing the import. */
export async function build(
  location: string,
  opts: { answers: number; days: number; competitors: number; browserTwins?: number },
): Promise<Dataset> {
  const store = createStore(await openDatabase(location));
  const account = await createAccount(store, systemClock, { plan: 'premium' });
  const { key } = await createApiKey(store, systemClock, { accountId: account.id, label: 'bench' });
  const started = performance.now();
  const projectId = await seedDemo(store, systemClock, {
    accountId: account.id,
    answers: opts.answers,
    days: opts.days,
    competitors: opts.competitors,
    browserTwins: opts.browserTwins,
  });
  const importRate = opts.answers / ((performance.now() - started) / 1000);
  await store.close();
  return { db: location, key, projectId, answers: opts.answers, importRate };
}
