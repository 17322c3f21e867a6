import pg from 'pg';
import { startFakeEngines } from '../fakes/engines/index.ts';
import { databaseUrl, onServer } from '../support/pg-cluster.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import type { BenchPostgres } from './bench-pg.ts';
import { cpuMs } from './cpu.ts';
import { caller, ENGINES, setUp } from './run-bench.ts';

/** Runs requested at once, one project each: split over the instances, so each instance works as many. */
export const PG_RUNS = 2;

export interface PgRunFigures {
  instances: number;
  runs: number;
  answers: number;
  latencyMs: number;
  concurrency: number;
  /** ceil(prompts x runs an instance works / concurrency) x latency: the shortest the engines' limits allow. */
  boundMs: number;
  elapsedMs: number;
  answersPerSecond: number;
  /** Runs each instance worked (seen as the owner of their leases), in instance order. */
  runsPerInstance: number[];
  /** Each instance's CPU (user and system) over the runs, per answer it stored. */
  serviceCpuUsPerAnswer: number[];
  /** The database server's CPU (every process of it) over the runs, per answer stored. */
  databaseCpuUsPerAnswer: number | null;
  /** This process's CPU over the runs (the fake engines, and the polling), per answer stored. */
  benchCpuUsPerAnswer: number;
}

const pidOf = (owner: string) => Number(owner.split(':')[1]);

/**
 * PG_RUNS runs of `prompts` prompts on the six cloud engines through `instances` `serve` processes on a fresh
 * database of the bench's PostgreSQL, against fakes on 127.0.0.1: each run is requested through the instance that
 * should work it (the instance that accepts a request looks for work at once, the others at their next poll), and
 * which instance worked which run is read from the requests' leases while they run.
 */
export async function measurePgRuns(
  server: BenchPostgres,
  prompts: number,
  latencyMs: number,
  concurrency: number,
  instances: number,
): Promise<PgRunFigures> {
  const name = `aw_bench_runs_${process.pid}_${Date.now()}`;
  await onServer(server.url, `create database ${name}`);
  const db = databaseUrl(server.url, name);
  const fakes = await startFakeEngines({ latencyMs });
  const env = {
    ...server.env,
    ...fakes.env,
    ANSWERWATCH_ENGINE_CONCURRENCY: String(concurrency),
    ANSWERWATCH_JUDGE: 'off',
    ANSWERWATCH_LOG_LEVEL: 'warn',
    ANSWERWATCH_RATE_LIMIT_PER_MINUTE: '100000000',
  };
  const servers: ServerProcess[] = [];
  const leases = new pg.Client({ connectionString: db });
  try {
    // One after the other: the first start migrates the fresh database.
    for (let i = 0; i < instances; i += 1) servers.push(await startServer(db, env));
    await leases.connect();
    const { key, projects } = await setUp(servers[0]!, db, prompts, PG_RUNS);
    const calls = servers.map((s) => caller(s.baseUrl, key));
    const pids = servers.map((s) => s.child.pid!);
    const owners = new Map<string, number>();
    const t0 = Date.now();
    const service0 = pids.map((pid) => cpuMs([pid]));
    const db0 = server.pid ? cpuMs([server.pid]) : null;
    const bench0 = process.cpuUsage();
    const requests: { id: string; project: string; call: ReturnType<typeof caller> }[] = [];
    for (const [i, project] of projects.entries()) {
      const call = calls[i % instances]!;
      requests.push({
        id: (await call(`/projects/${project}/run-requests`, 'POST')).id as string,
        project,
        call,
      });
    }
    let open = requests;
    while (open.length > 0) {
      await new Promise((r) => setTimeout(r, 100));
      const leased = await leases.query<{ id: string; lease_owner: string }>(
        'select id, lease_owner from run_requests where lease_owner is not null',
      );
      for (const r of leased.rows) owners.set(r.id, pids.indexOf(pidOf(r.lease_owner)));
      const states = await Promise.all(
        open.map((r) => r.call(`/projects/${r.project}/run-requests/${r.id}`)),
      );
      for (const s of states) {
        if (s.status === 'failed') throw new Error(`a run failed: ${JSON.stringify(s.error)}`);
      }
      open = open.filter((_, i) => states[i]!.status !== 'completed');
    }
    const serviceCpuMs = pids.map((pid, i) => cpuMs([pid]) - service0[i]!);
    const dbCpuMs = db0 === null ? null : cpuMs([server.pid!]) - db0;
    const bench = process.cpuUsage(bench0);
    const perRun = prompts * ENGINES.length;
    let end = 0;
    for (const r of requests) {
      const run = (
        (await r.call(`/projects/${r.project}/runs`)).data as { completedAt: string; answerCount: number }[]
      )[0]!;
      if (run.answerCount !== perRun) throw new Error(`stored ${run.answerCount} of ${perRun} answers`);
      end = Math.max(end, Date.parse(run.completedAt));
    }
    const runsPerInstance = pids.map((_, i) => requests.filter((r) => owners.get(r.id) === i).length);
    const answers = perRun * requests.length;
    const elapsedMs = end - t0;
    return {
      instances,
      runs: requests.length,
      answers,
      latencyMs,
      concurrency,
      boundMs: Math.ceil((prompts * Math.max(...runsPerInstance)) / concurrency) * latencyMs,
      elapsedMs,
      answersPerSecond: answers / (elapsedMs / 1000),
      runsPerInstance,
      serviceCpuUsPerAnswer: serviceCpuMs.map((ms, i) =>
        runsPerInstance[i] === 0 ? Number.NaN : (ms * 1000) / (perRun * runsPerInstance[i]!),
      ),
      databaseCpuUsPerAnswer: dbCpuMs === null ? null : (dbCpuMs * 1000) / answers,
      benchCpuUsPerAnswer: (bench.user + bench.system) / answers,
    };
  } finally {
    await leases.end().catch(() => {});
    await Promise.all(servers.map((s) => s.stop()));
    await fakes.close();
    await onServer(server.url, `drop database if exists ${name} with (force)`);
  }
}
