import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startFakeEngines } from '../fakes/engines/index.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';
import type { CpuPart, CpuPartsFigures } from '../../server/jobs/cpu-parts.ts';
import { cpuMs, mainThreadCpuMs } from './cpu.ts';

const exec = promisify(execFile);
export const ENGINES = ['chatgpt', 'claude', 'gemini', 'perplexity', 'grok', 'google-ai-mode'];

export interface RunFigures {
  prompts: number;
  answers: number;
  latencyMs: number;
  concurrency: number;
  /** ceil(prompts / concurrency) x latency: the shortest run the limits allow (engines work side by side). */
  boundMs: number;
  elapsedMs: number;
  answersPerSecond: number;
  /** From the run's completedAt to the first daily stats that count every answer with incompleteDays 0. */
  freshStatsMs: number;
  /** The service's CPU (user and system) from the request to the run's end, per answer: not inflated by a busy machine. */
  serviceCpuUsPerAnswer: number;
  /** Of it, the main thread's: the rest is V8's compiler and GC threads. */
  mainThreadCpuUsPerAnswer: number;
  /**
   * With `countParts`: the service's own count (ANSWERWATCH_PROFILE_PARTS) of its main thread's busy time in each part
   * of storing, per answer; null in a run measured without it.
   */
  partsUsPerAnswer: Record<CpuPart, number> | null;
}

/** Calls of the API at `baseUrl` with `key`, failing on any error status. */
export function caller(baseUrl: string, key: string) {
  return async (path: string, method = 'GET', body?: unknown) => {
    const r = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const json = (await r.json()) as Record<string, unknown>;
    if (r.status >= 400) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** An account with a key and `projects` projects of `prompts` prompts on the six cloud engines. */
export async function setUp(server: ServerProcess, db: string, prompts: number, projects = 1) {
  const cli = async (...args: string[]) =>
    JSON.parse((await exec(process.execPath, ['server/cli/bin.js', ...args, '--db', db, '--json'])).stdout);
  const account = await cli('accounts', 'create', '--plan', 'premium');
  await cli('accounts', 'update', account.id, '--remaining-units', '100000');
  const { key } = await cli(
    'keys',
    'create',
    '--account',
    account.id,
    '--label',
    'bench',
    '--scopes',
    'visibility:read,tracking:write,runs:execute',
  );
  const call = caller(server.baseUrl, key);
  const ids: string[] = [];
  for (let p = 0; p < projects; p += 1) {
    const name = p === 0 ? 'Acme' : `Acme ${p + 1}`;
    const project = (await call('/projects', 'POST', { name, websiteUrl: 'https://acme.example' }))
      .id as string;
    await call(`/projects/${project}/competitors`, 'PUT', [{ name: 'Globex', domain: 'globex.example' }]);
    for (let i = 0; i < prompts; i += 1) {
      await call(`/projects/${project}/prompts`, 'POST', {
        text: `which tool is best for task ${i}`,
        engineIds: ENGINES,
      });
    }
    ids.push(project);
  }
  return { key: key as string, call, project: ids[0]!, projects: ids };
}

const mapParts = (parts: Record<CpuPart, number>, f: (part: CpuPart, us: number) => number) =>
  Object.fromEntries(Object.entries(parts).map(([part, us]) => [part, f(part as CpuPart, us)])) as Record<
    CpuPart,
    number
  >;

/**
 * Runs of `prompts` prompts on the six cloud engines, in a real `start` process, against fakes on 127.0.0.1: `runs`
 * of them one after the other, each of its own project, on the same service. The first is a freshly started
 * process's (its code not yet optimised by V8, the scorer's word lists still to load); those after it show what the
 * service does once warm, as a service that runs for days does.
 */
export async function measureRuns(
  prompts: number,
  latencyMs: number,
  concurrency: number,
  { countParts = false, runs = 1 } = {},
): Promise<RunFigures[]> {
  const dir = mkdtempSync(join(tmpdir(), 'aw-bench-run-'));
  const fakes = await startFakeEngines({ latencyMs });
  const db = join(dir, 'run.db');
  const partsFile = join(dir, 'cpu-parts.json');
  const server = await startServer(db, {
    ...fakes.env,
    ...(countParts && { ANSWERWATCH_PROFILE_PARTS: partsFile }),
    ANSWERWATCH_ENGINE_CONCURRENCY: String(concurrency),
    ANSWERWATCH_JUDGE: 'off',
    ANSWERWATCH_LOG_LEVEL: 'warn',
    ANSWERWATCH_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  try {
    const { call, projects } = await setUp(server, db, prompts, runs);
    let partsBefore: Record<CpuPart, number> | null = null;
    const measureOne = async (project: string): Promise<RunFigures> => {
      const t0 = Date.now();
      const cpu0 = cpuMs([server.child.pid!]);
      const main0 = mainThreadCpuMs(server.child.pid!);
      const request = await call(`/projects/${project}/run-requests`, 'POST');
      let state = request;
      // Looked at as an integrator would, every 100 ms: polled every 10 ms, the reads alone cost the service about a
      // third of a core during a 30-second run. The run's own completedAt says when it ended, to the millisecond.
      while (state.status !== 'completed' && state.status !== 'failed') {
        await new Promise((r) => setTimeout(r, 100));
        state = await call(`/projects/${project}/run-requests/${request.id}`);
      }
      const serviceCpuMs = cpuMs([server.child.pid!]) - cpu0;
      const mainCpuMs = mainThreadCpuMs(server.child.pid!) - main0;
      if (state.status !== 'completed') throw new Error(`the run failed: ${JSON.stringify(state.error)}`);
      const answers = prompts * ENGINES.length;
      let stats: { incompleteDays: number; data: { answers: number }[] };
      do {
        stats = (await call(`/projects/${project}/stats/daily`)) as typeof stats;
      } while (stats.incompleteDays > 0 || stats.data.reduce((n, r) => n + r.answers, 0) < answers);
      const fresh = Date.now();
      const runs = (await call(`/projects/${project}/runs`)).data as {
        completedAt: string;
        answerCount: number;
      }[];
      if (runs[0]!.answerCount !== answers)
        throw new Error(`stored ${runs[0]!.answerCount} of ${answers} answers`);
      const elapsedMs = Date.parse(runs[0]!.completedAt) - t0;
      // Written by the service as the run ended; the stats read above came after, so it is there.
      if (countParts && !existsSync(partsFile))
        throw new Error('the service wrote no CPU parts (ANSWERWATCH_PROFILE_PARTS)');
      // The service writes its totals since it started: this run's are what they grew by.
      const total = countParts
        ? (JSON.parse(readFileSync(partsFile, 'utf8')) as CpuPartsFigures).cpuUs
        : null;
      const parts = total && mapParts(total, (part, us) => us - (partsBefore?.[part] ?? 0));
      partsBefore = total;
      return {
        prompts,
        answers,
        latencyMs,
        concurrency,
        boundMs: Math.ceil(prompts / concurrency) * latencyMs,
        elapsedMs,
        answersPerSecond: answers / (elapsedMs / 1000),
        freshStatsMs: Math.max(0, fresh - Date.parse(runs[0]!.completedAt)),
        serviceCpuUsPerAnswer: (serviceCpuMs * 1000) / answers,
        mainThreadCpuUsPerAnswer: (mainCpuMs * 1000) / answers,
        partsUsPerAnswer: parts && mapParts(parts, (_, us) => us / answers),
      };
    };
    const figures: RunFigures[] = [];
    for (const project of projects) figures.push(await measureOne(project));
    return figures;
  } finally {
    await server.stop();
    await fakes.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
