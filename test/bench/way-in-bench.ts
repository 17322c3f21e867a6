import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccount } from '../../server/domain/accounts.ts';
import { createApiKey, hashKey, KEY_BUCKET } from '../../server/domain/api-keys.ts';
import { systemClock } from '../../server/domain/clock.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { newId } from '../../server/domain/ids.ts';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import { createStore } from '../../server/store/index.ts';
import type { KeyUse } from '../../server/store/key-use.ts';
import { databaseUrl, onServer, startPgCluster } from '../support/pg-cluster.ts';
import { cpuMs } from './cpu.ts';

/**
 * `npx tsx test/bench/way-in-bench.ts`: the way in of a request (Store.useKey of a key kept per instance, and what
 * a cached read takes next from the store: its project, or the key's projects for `/me`), in process, on SQLite
 * and then on a throwaway PostgreSQL cluster, where it is one statement that counts the request and reads the
 * project's generation or the key's projects. Prints the CPU of this process and of the database server per call,
 * one at a time and with 8 in flight; WAY_IN_CALLS calls a phase (default 20,000), after 2,000 unmeasured. Run it
 * with `node --import tsx --cpu-prof` to see where the service's share goes (issue 24).
 */
const CALLS = Number(process.env.WAY_IN_CALLS ?? 20_000);
const IN_FLIGHT = 8;

/** The postmaster's pid: its backends are its children, which cpuMs counts with it. */
const postmasterPid = (dir: string) =>
  Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);

/**
 * Every phase on one store: `dbPid`, the database server's process (none for SQLite, which runs in this one).
 * Each call is the way in and what a cached read takes next from the store: the project with its generation
 * (kept per instance, checked against the generation the way in read on PostgreSQL), or the key's projects.
 */
async function measure(label: string, location: string, dbPid: () => number | null) {
  const db = await openDatabase(location);
  const store = createStore(db);
  try {
    const account = await createAccount(store, systemClock, { plan: 'premium' });
    const projectId = newId('prj');
    const createdAt = new Date().toISOString();
    await store.projects.create({
      id: projectId,
      accountId: account.id,
      name: 'Bench',
      websiteUrl: 'https://example.com',
      brandTerms: [],
      brandDomains: [],
      hostId: null,
      tracking: {
        engineIds: ['chatgpt'],
        cadence: 'manual',
        timeOfDay: '09:00',
        weeklyDay: 'monday',
        timezone: 'UTC',
        samplesPerPrompt: 1,
      },
      latestRunAt: null,
      createdAt,
    });
    const { key } = await createApiKey(store, systemClock, { accountId: account.id, label: 'bench' });
    const apiPlans = DEFAULT_PLANS.filter((p) => p.apiAccess).map((p) => p.code);
    const use = (ahead: Partial<KeyUse>): KeyUse => {
      const now = Date.now();
      return {
        keyHash: hashKey(key),
        at: new Date(now).toISOString(),
        notedBefore: new Date(now - 60_000).toISOString(),
        keyBucket: KEY_BUCKET,
        otherwise: 'addr:127.0.0.1',
        apiPlans,
        windows: {
          minute: Math.floor(now / 60_000),
          day: Math.floor(now / 86_400_000),
          perMinute: 1e9,
          perDay: 1e9,
        },
        ...ahead,
      };
    };
    const pid = dbPid();
    const dbCpu = () => (pid === null ? 0 : cpuMs([pid]));
    const call = async (ahead: Partial<KeyUse>) => {
      const used = await store.useKey(use(ahead));
      if (!used.count.allowed) throw new Error('not counted');
      if (ahead.projectId !== undefined) {
        if (!(await store.readProject(ahead.projectId, used.projectGeneration)))
          throw new Error('no project');
      } else if (!used.projectsInScope) {
        await store.projects.idsInScope({ accountId: account.id, projectIds: null });
      }
    };
    const phase = async (what: string, ahead: Partial<KeyUse>, inFlight: number) => {
      for (let i = 0; i < 2000; i++) await call(ahead);
      const cpu0 = process.cpuUsage();
      const db0 = dbCpu();
      const t0 = performance.now();
      let left = CALLS;
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (left-- > 0) await call(ahead);
        }),
      );
      const wall = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      const dbMs = dbCpu() - db0;
      const us = (n: number) => ((n / CALLS) * 1000).toFixed(1).padStart(6);
      console.log(
        `${label.padEnd(10)} ${what.padEnd(24)} ${String(inFlight).padStart(2)} in flight: service ${us((cpu.user + cpu.system) / 1000)} µs ` +
          `(user ${us(cpu.user / 1000)}, system ${us(cpu.system / 1000)}), database ${us(dbMs)} µs, ` +
          `${Math.round((CALLS / wall) * 1000)} a second`,
      );
    };
    for (const inFlight of [1, IN_FLIGHT]) {
      await phase('project generation', { projectId }, inFlight);
      await phase('/me (projects in scope)', { listProjects: true }, inFlight);
    }
  } finally {
    await store.close();
  }
}

const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

async function main() {
  console.log(`${load()}, ${CALLS} calls a phase`);
  const dir = mkdtempSync(join(tmpdir(), 'aw-way-in-'));
  try {
    await measure('SQLite', join(dir, 'way-in.db'), () => null);
    const cluster = await startPgCluster({ fast: true, dir });
    try {
      const name = `wayin_${process.pid}`;
      await onServer(cluster.url, `create database ${name}`);
      await measure('PostgreSQL', databaseUrl(cluster.url, name), () => postmasterPid(dir));
    } finally {
      await cluster.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(load());
}

await main();
