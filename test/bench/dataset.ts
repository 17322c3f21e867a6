import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAccount } from '../../server/domain/accounts.ts';
import { createApiKey } from '../../server/domain/api-keys.ts';
import { systemClock } from '../../server/domain/clock.ts';
import { seedDemo } from '../../server/domain/demo-data.ts';
import { openDatabase } from '../../server/store/database.ts';
import { createStore } from '../../server/store/index.ts';

export interface Dataset {
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
 * `answers import` uses.
 */
export async function dataset(opts: {
  answers: number;
  days: number;
  competitors: number;
  /** Share of answers with a twin from the engine's signed-in browser variant (seedDemo's browserTwins). */
  browserTwins?: number;
  dir?: string;
}): Promise<Dataset> {
  const dir = opts.dir ?? '.bench';
  mkdirSync(dir, { recursive: true });
  const twins = opts.browserTwins ? `-twins${opts.browserTwins}` : '';
  const db = join(dir, `answers-${opts.answers}-${opts.days}-${opts.competitors}${twins}.db`);
  const meta = `${db}.json`;
  if (existsSync(db) && existsSync(meta)) {
    const saved = JSON.parse(readFileSync(meta, 'utf8')) as Dataset;
    return { ...saved, importRate: null };
  }
  const building = `${db}.building`;
  rmSync(building, { force: true });
  const store = createStore(await openDatabase(building));
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
  for (const suffix of ['', '-wal', '-shm'])
    if (existsSync(building + suffix)) renameSync(building + suffix, db + suffix);
  const result = { db, key, projectId, answers: opts.answers, importRate };
  writeFileSync(meta, JSON.stringify(result));
  return result;
}
