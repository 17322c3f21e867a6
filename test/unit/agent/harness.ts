/** Shared set-up of the agent tests: a temporary data directory, the fake host API, fake engines, a log. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgent, type Agent, type AgentOptions } from '../../../app/agent/agent.ts';
import { fixedEngines, type EngineFactory } from '../../../app/agent/engine-factory.ts';
import { openLocalStore, type LocalStore } from '../../../app/agent/local-store.ts';
import type { AgentLog } from '../../../app/agent/log.ts';
import { pair } from '../../../app/agent/pair.ts';
import { createSyncClient, type SyncClient } from '../../../app/agent/sync-client.ts';
import {
  EngineError,
  type AnswerEngine,
  type AskOptions,
  type EngineAnswer,
} from '../../../engines/types.ts';
import { startFakeHostApi, type FakeHostApi } from '../../fakes/host-api.ts';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  msg: string;
  fields: object;
}

export function memoryLog(): AgentLog & { entries: LogEntry[]; text(): string } {
  const entries: LogEntry[] = [];
  const at = (level: LogEntry['level']) => (fields: object, msg: string) =>
    entries.push({ level, msg, fields });
  return {
    entries,
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    text: () => entries.map((e) => `${e.level} ${e.msg} ${JSON.stringify(e.fields)}`).join('\n'),
  };
}

/** What a fake engine does for one ask: answer, fail, or wait until released (or aborted). */
export type Behaviour = 'answer' | 'hang' | EngineAnswer | Error;

export interface FakeEngine extends AnswerEngine {
  /** Prompts asked, in order (failed and hanging asks included). */
  readonly asked: string[];
  /** Lets every hanging ask answer. */
  release(): void;
  /** Resolves once `n` asks have started. */
  waitForAsks(n: number): Promise<void>;
}

export const answerFor = (engineId: string, prompt: string): EngineAnswer => ({
  text: `${engineId} says Acme is a fine answer to "${prompt}".`,
  sources: [{ url: `https://acme.example/${encodeURIComponent(prompt)}`, title: 'Acme' }],
  model: null,
  searchQueries: [`acme ${prompt}`],
});

/** An engine whose n-th ask (0-based) does `behave(prompt, n)`; default: answers every prompt. */
export function fakeEngine(
  id: string,
  behave: (prompt: string, n: number) => Behaviour = () => 'answer',
): FakeEngine {
  const asked: string[] = [];
  let released = false;
  let releaseAll: () => void = () => {};
  const releasedPromise = new Promise<void>((resolve) => (releaseAll = resolve));
  let waiters: { n: number; resolve: () => void }[] = [];
  return {
    id,
    asked,
    release() {
      released = true;
      releaseAll();
    },
    waitForAsks(n) {
      if (asked.length >= n) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ n, resolve }));
    },
    async ask(prompt: string, options: AskOptions = {}) {
      const n = asked.length;
      asked.push(prompt);
      waiters = waiters.filter((w) => (asked.length >= w.n ? (w.resolve(), false) : true));
      const behaviour = behave(prompt, n);
      if (behaviour === 'hang' && !released) {
        await new Promise<void>((resolve, reject) => {
          const abort = () => reject(new EngineError(id, 'retryable', 'canceled', 'aborted'));
          if (options.signal?.aborted) return abort();
          options.signal?.addEventListener('abort', abort, { once: true });
          void releasedPromise.then(() => resolve());
        });
      }
      if (behaviour instanceof Error) throw behaviour;
      if (typeof behaviour === 'object') return behaviour;
      return answerFor(id, prompt);
    },
  };
}

export const failure = (engineId: string, code = 'server_error', kind: 'retryable' | 'fatal' = 'retryable') =>
  new EngineError(engineId, kind, code, `${engineId} failed (${code})`);

export interface Harness {
  dir: string;
  api: FakeHostApi;
  store: LocalStore;
  client: SyncClient;
  log: ReturnType<typeof memoryLog>;
  agent(engines: EngineFactory | AnswerEngine[], over?: Partial<AgentOptions>): Agent;
  /** Closes the store and opens it again (an agent restart). */
  reopen(): Promise<LocalStore>;
  dbBytes(): string;
  close(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];

/** Runs every harness's clean-up; call from afterEach. */
export async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) await cleanups.pop()!();
}

/** A paired agent data directory against a fresh fake host API. */
export async function paired(options: { pair?: boolean } = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'aw-agent-'));
  const api = await startFakeHostApi();
  const dbPath = join(dir, 'agent.db');
  let store = await openLocalStore(dbPath, { env: {} });
  if (options.pair !== false) {
    api.addPairCode('PAIR1-23456');
    await pair({ store, serverUrl: api.url, code: 'PAIR1-23456', deviceLabel: 'test box' });
  }
  const log = memoryLog();
  let token: string | null = (await store.pairing())?.token ?? null;
  const client = createSyncClient({ serverUrl: api.url, token: () => token, timeoutMs: 5_000 });
  const agents: Agent[] = [];
  const h: Harness = {
    dir,
    api,
    get store() {
      return store;
    },
    client,
    log,
    agent(engines, over = {}) {
      const agent = createAgent({
        store,
        client,
        engines: Array.isArray(engines) ? fixedEngines(engines) : engines,
        log,
        checkInMs: 3_600_000,
        schedule: false,
        ...over,
      });
      agents.push(agent);
      return agent;
    },
    async reopen() {
      await store.close();
      store = await openLocalStore(dbPath, { env: {} });
      token = (await store.pairing())?.token ?? null;
      return store;
    },
    dbBytes() {
      return ['agent.db', 'agent.db-wal']
        .map((f) => join(dir, f))
        .filter((f) => existsSync(f))
        .map((f) => readFileSync(f).toString('latin1'))
        .join('');
    },
    async close() {
      for (const a of agents) await a.stop();
      await client.close();
      await store.close();
      await api.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cleanups.push(() => h.close());
  return h;
}

/** Prompts p1..pN of a project, each on the given engines. */
export const prompts = (n: number, engineIds: string[]) =>
  Array.from({ length: n }, (_, i) => ({
    promptId: `pr${i + 1}`,
    text: `prompt ${i + 1}`,
    topicId: null,
    engineIds,
  }));
