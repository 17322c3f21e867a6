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
 * `npx tsx test/bench/way-in-bench.ts`: the way in of a request on PostgreSQL (Store.useKey of a key kept per
 * instance: one statement that counts the request and reads the project's generation or the key's projects), in
 * process, against a throwaway cluster: CPU of this process and of the database server per call, one at a time and
 * with 8 in flight. WAY_IN_CALLS calls a phase (default 20,000). Run with --cpu-prof to see where the service's
 * share goes.
 */
const CALLS = Number(process.env.WAY_IN_CALLS ?? 20_000);
const IN_FLIGHT = 8;

/** The postmaster's pid: its backends are its children, which cpuMs counts with it. */
const postmasterPid = (dir: string) =>
  Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'aw-way-in-'));
  const cluster = await startPgCluster({ fast: true, dir });
  const name = `wayin_${process.pid}`;
  await onServer(cluster.url, `create database ${name}`);
  const db = await openDatabase(databaseUrl(cluster.url, name));
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
    const pgPid = postmasterPid(dir);
    const phase = async (label: string, ahead: Partial<KeyUse>, inFlight: number) => {
      for (let i = 0; i < 500; i++) await store.useKey(use(ahead));
      const cpu0 = process.cpuUsage();
      const db0 = cpuMs([pgPid]);
      const t0 = performance.now();
      let left = CALLS;
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (left-- > 0) {
            const used = await store.useKey(use(ahead));
            if (!used.count.allowed) throw new Error('not counted');
          }
        }),
      );
      const wall = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      const dbMs = cpuMs([pgPid]) - db0;
      const us = (n: number) => ((n / CALLS) * 1000).toFixed(1).padStart(6);
      console.log(
        `${label.padEnd(28)} ${String(inFlight).padStart(2)} in flight: service ${us((cpu.user + cpu.system) / 1000)} µs ` +
          `(user ${us(cpu.user / 1000)}, system ${us(cpu.system / 1000)}), database ${us(dbMs)} µs, ` +
          `${Math.round((CALLS / wall) * 1000)} a second`,
      );
    };
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ${CALLS} calls a phase`,
    );
    for (const inFlight of [1, IN_FLIGHT]) {
      await phase('project generation', { projectId }, inFlight);
      await phase('/me (projects in scope)', { listProjects: true }, inFlight);
    }
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await store.close();
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
