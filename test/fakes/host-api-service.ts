/**
 * The service behind the fake host API (./host-api.ts puts it on HTTP): its state in memory, and its answer to
 * each call of the host sync contract, with bodies checked by the contract's schemas and failures thrown as
 * Problems that carry the service's status and `code`.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  AnswersBody,
  CheckInBody,
  FinishBody,
  HOST_PREFIX,
  PairBody,
  ScheduledRunBody,
  type HostAnswer,
  type HostProject,
  type HostPrompt,
} from '../../server/contract/host-sync.ts';

type Project = z.infer<typeof HostProject>;
type Prompt = z.infer<typeof HostPrompt>;
type Answer = z.infer<typeof HostAnswer>;

export interface FakeRequest {
  id: string;
  projectId: string;
  status: 'waiting_for_host' | 'queued' | 'running' | 'completed' | 'failed' | 'canceled';
  samplesPerPrompt: number;
  createdAt: string;
  runId: string | null;
}

export interface FakeRun {
  runId: string;
  requestId: string | null;
  clientRunId: string | null;
  projectId: string;
  samplesPerPrompt: number;
  prompts: Prompt[];
  status: 'running' | 'completed' | 'failed' | 'canceled';
  error: string | null;
  /** Times the agent reported this run's start (scheduled runs: once per POST /projects/{id}/runs). */
  reported: number;
}

/** The service's state, for the tests to read and steer. */
export interface FakeHostState {
  readonly checkIns: z.infer<typeof CheckInBody>[];
  readonly pairs: z.infer<typeof PairBody>[];
  readonly projects: Map<string, Project>;
  readonly requests: Map<string, FakeRequest>;
  readonly runs: Map<string, FakeRun>;
  /** Stored answers by key. */
  readonly answers: Map<string, Answer & { runId: string }>;
  /** How many times each key was uploaded (stored or duplicate). */
  readonly uploadsByKey: Map<string, number>;
  /** Finish calls as they came. */
  readonly finishes: { runId: string; body: z.infer<typeof FinishBody> }[];
  /** Answers uploaded again after they were stored. */
  duplicates(): number;
  /** Device tokens handed out. */
  tokens(): string[];
  addPairCode(code: string, accountId?: string): void;
  addProject(project: Project): void;
  /** A host-mode run request, queued for the host; returns its id. */
  queueRequest(projectId: string, samplesPerPrompt?: number): string;
  /** Ends a run here (as a cancel in the service would): later uploads get 409. */
  endRun(runId: string, status?: 'canceled' | 'failed'): void;
}

const alnum = (n: number) =>
  randomBytes(n * 2)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, n)
    .padEnd(n, 'x');

export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(detail);
  }
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Problem(400, 'invalid_parameter', parsed.error.message);
  return parsed.data;
}

export function createFakeHostService(): {
  state: FakeHostState;
  route(method: string, path: string, body: unknown, auth: string | undefined): [number, unknown];
} {
  const checkIns: z.infer<typeof CheckInBody>[] = [];
  const pairs: z.infer<typeof PairBody>[] = [];
  const pairCodes = new Map<string, string>();
  const tokens = new Map<string, { hostId: string; deviceLabel: string }>();
  const projects = new Map<string, Project>();
  const requests = new Map<string, FakeRequest>();
  const runs = new Map<string, FakeRun>();
  const answers = new Map<string, Answer & { runId: string }>();
  const uploadsByKey = new Map<string, number>();
  const finishes: { runId: string; body: z.infer<typeof FinishBody> }[] = [];
  let duplicates = 0;
  let clock = Date.parse('2026-03-02T08:00:00.000Z');
  const now = () => new Date((clock += 1000)).toISOString();

  const runView = (run: FakeRun) => ({
    runId: run.runId,
    requestId: run.requestId,
    projectId: run.projectId,
    samplesPerPrompt: run.samplesPerPrompt,
    prompts: run.prompts,
  });

  const newRun = (
    projectId: string,
    samplesPerPrompt: number,
    requestId: string | null,
    clientRunId: string | null,
  ) => {
    const run: FakeRun = {
      runId: `run${alnum(20)}`,
      requestId,
      clientRunId,
      projectId,
      samplesPerPrompt,
      prompts: structuredClone(projects.get(projectId)?.prompts ?? []),
      status: 'running',
      error: null,
      reported: 1,
    };
    runs.set(run.runId, run);
    return run;
  };

  const runOf = (runId: string) => {
    const run = runs.get(runId);
    if (!run) throw new Problem(404, 'not_found', 'No such run, or this key cannot read it.');
    return run;
  };

  function route(method: string, path: string, body: unknown, auth: string | undefined): [number, unknown] {
    if (method !== 'POST') throw new Problem(405, 'method_not_allowed', 'POST only');
    if (!path.startsWith(HOST_PREFIX)) throw new Problem(404, 'not_found', 'No such resource.');
    const rest = path.slice(HOST_PREFIX.length);
    if (rest === '/pair') {
      const input = parse(PairBody, body);
      pairs.push(input);
      const accountId = pairCodes.get(input.code);
      if (!accountId)
        throw new Problem(
          401,
          'invalid_key',
          'This pairing code is unknown, used or expired: create a new one.',
        );
      pairCodes.delete(input.code);
      const token = `awh_${alnum(40)}`;
      const hostId = `hst${alnum(20)}`;
      tokens.set(token, { hostId, deviceLabel: input.deviceLabel });
      return [201, { hostId, accountId, token }];
    }
    const token = auth?.match(/^Bearer (awh_[A-Za-z0-9]{40})$/)?.[1];
    const host = token ? tokens.get(token) : undefined;
    if (!host) throw new Problem(401, 'invalid_key', 'Send this computer’s device token.');

    if (rest === '/check-in') {
      const input = parse(CheckInBody, body);
      checkIns.push(input);
      for (const r of requests.values()) if (r.status === 'waiting_for_host') r.status = 'queued';
      const listed = [...requests.values()].filter((r) =>
        ['waiting_for_host', 'queued', 'running'].includes(r.status),
      );
      return [
        200,
        {
          serverTime: now(),
          checkInSeconds: 30,
          host: { id: host.hostId, deviceLabel: host.deviceLabel },
          projects: [...projects.values()],
          requests: listed.map((r) => ({
            id: r.id,
            projectId: r.projectId,
            status: r.status,
            samplesPerPrompt: r.samplesPerPrompt,
            createdAt: r.createdAt,
          })),
        },
      ];
    }
    let m = rest.match(/^\/run-requests\/([^/]+)\/claim$/);
    if (m) {
      const request = requests.get(decodeURIComponent(m[1]!));
      if (!request) throw new Problem(404, 'not_found', 'No such run request.');
      const existing = request.runId ? runs.get(request.runId) : undefined;
      if (existing?.status === 'running') return [200, runView(existing)];
      if (existing || !['waiting_for_host', 'queued'].includes(request.status))
        throw new Problem(409, 'run_in_progress', 'This request has ended or is run elsewhere.');
      const run = newRun(request.projectId, request.samplesPerPrompt, request.id, null);
      request.status = 'running';
      request.runId = run.runId;
      return [200, runView(run)];
    }
    m = rest.match(/^\/projects\/([^/]+)\/runs$/);
    if (m) {
      const projectId = decodeURIComponent(m[1]!);
      if (!projects.has(projectId)) throw new Problem(404, 'not_found', 'No such project.');
      const input = parse(ScheduledRunBody, body);
      const known = [...runs.values()].find((r) => r.clientRunId === input.clientRunId);
      if (known) {
        known.reported += 1;
        return [200, runView(known)];
      }
      return [200, runView(newRun(projectId, input.samplesPerPrompt, null, input.clientRunId))];
    }
    m = rest.match(/^\/runs\/([^/]+)\/answers$/);
    if (m) {
      const run = runOf(decodeURIComponent(m[1]!));
      if (run.status !== 'running')
        throw new Problem(409, 'run_in_progress', `Run ${run.runId} has ended (${run.status}).`);
      const input = parse(AnswersBody, body);
      // As the service: an answer of an engine the run does not ask is refused, with its whole batch.
      const engines = new Set(run.prompts.flatMap((p) => p.engineIds));
      const stray = input.answers.find((a) => !engines.has(a.engineId));
      if (stray)
        throw new Problem(400, 'invalid_parameter', `engine ${stray.engineId} is not one this host asks`);
      let stored = 0;
      let dup = 0;
      for (const a of input.answers) {
        uploadsByKey.set(a.key, (uploadsByKey.get(a.key) ?? 0) + 1);
        if (answers.has(a.key)) dup += 1;
        else {
          answers.set(a.key, { ...a, runId: run.runId });
          stored += 1;
        }
      }
      duplicates += dup;
      return [200, { stored, duplicates: dup }];
    }
    m = rest.match(/^\/runs\/([^/]+)\/finish$/);
    if (m) {
      const run = runOf(decodeURIComponent(m[1]!));
      const input = parse(FinishBody, body);
      finishes.push({ runId: run.runId, body: input });
      const request = run.requestId ? requests.get(run.requestId) : undefined;
      if (run.status === 'running') {
        run.status = input.status;
        run.error = input.error ?? null;
        if (request) request.status = input.status;
      }
      return [200, { runId: run.runId, status: run.status, requestStatus: request?.status ?? null }];
    }
    throw new Problem(404, 'not_found', 'No such resource.');
  }

  return {
    state: {
      checkIns,
      pairs,
      projects,
      requests,
      runs,
      answers,
      uploadsByKey,
      finishes,
      duplicates: () => duplicates,
      tokens: () => [...tokens.keys()],
      addPairCode(code, accountId = 'acc1') {
        pairCodes.set(code, accountId);
      },
      addProject(project) {
        projects.set(project.id, structuredClone(project));
      },
      queueRequest(projectId, samplesPerPrompt = 1) {
        const id = `rrq${alnum(20)}`;
        requests.set(id, {
          id,
          projectId,
          status: 'queued',
          samplesPerPrompt,
          createdAt: now(),
          runId: null,
        });
        return id;
      },
      endRun(runId, status = 'canceled') {
        const run = runOf(runId);
        run.status = status;
        const request = run.requestId ? requests.get(run.requestId) : undefined;
        if (request) request.status = status;
      },
    },
    route,
  };
}
