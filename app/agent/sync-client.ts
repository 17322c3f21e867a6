/**
 * Typed calls to the service's host sync API (`/host/v1`, server/contract/host-sync.ts). Every answer is parsed
 * with the contract's schemas. Failures come out as one SyncError with a kind the agent acts on:
 * - offline: the service could not answer now (connection refused or reset, timeout, 408, 429, 5xx, a reply
 *   that is not the contract's, e.g. a proxy's page): keep the work and try again later;
 * - refused: the service answered 4xx with a problem `code`: asking the same again will not help.
 */
import { Agent, request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import {
  AnswersStored,
  CheckedIn,
  Finished,
  HOST_PREFIX,
  HostRun,
  Paired,
  type AnswersBody,
  type CheckInBody,
  type FinishBody,
  type PairBody,
  type ScheduledRunBody,
} from '../../server/contract/host-sync.ts';
import {
  CrawlFinished,
  CrawlPagesStored,
  HostCrawl,
  type CrawlFinishBody,
} from '../../server/contract/host-site-crawls.ts';
import type { SitePage } from '../../server/contract/site-crawl.ts';
import type { HostCrawlData } from './local-store/site-crawl-jobs.ts';

export type PairedData = z.infer<typeof Paired>;
export type CheckedInData = z.infer<typeof CheckedIn>;
export type HostRunData = z.infer<typeof HostRun>;
export type AnswersStoredData = z.infer<typeof AnswersStored>;
export type FinishedData = z.infer<typeof Finished>;
export type HostAnswerData = z.infer<typeof AnswersBody>['answers'][number];

export type SyncErrorKind = 'offline' | 'refused';

export class SyncError extends Error {
  constructor(
    readonly kind: SyncErrorKind,
    message: string,
    /** HTTP status, when the service answered. */
    readonly status: number | null = null,
    /** The problem's `code` (refusals), or a short local code: `unreachable`, `timeout`, `http_503`, `bad_reply`. */
    readonly code: string = 'unreachable',
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'SyncError';
  }
}

export const isOffline = (err: unknown): err is SyncError =>
  err instanceof SyncError && err.kind === 'offline';
export const isRefused = (err: unknown): err is SyncError =>
  err instanceof SyncError && err.kind === 'refused';

export interface SyncClient {
  readonly serverUrl: string;
  pair(body: z.infer<typeof PairBody>): Promise<PairedData>;
  checkIn(body: z.infer<typeof CheckInBody>): Promise<CheckedInData>;
  claim(requestId: string): Promise<HostRunData>;
  startScheduledRun(projectId: string, body: z.infer<typeof ScheduledRunBody>): Promise<HostRunData>;
  uploadAnswers(runId: string, answers: HostAnswerData[]): Promise<AnswersStoredData>;
  finish(runId: string, body: z.infer<typeof FinishBody>): Promise<FinishedData>;
  claimCrawl(crawlId: string): Promise<HostCrawlData>;
  startScheduledCrawl(projectId: string, clientCrawlId: string): Promise<HostCrawlData>;
  uploadCrawlPages(crawlId: string, pages: SitePage[]): Promise<z.infer<typeof CrawlPagesStored>>;
  finishCrawl(crawlId: string, body: z.infer<typeof CrawlFinishBody>): Promise<z.infer<typeof CrawlFinished>>;
  close(): Promise<void>;
}

export interface SyncClientOptions {
  /** The service's address, e.g. `https://answerwatch.example` (a trailing `/v1` or `/host/v1` is ignored). */
  serverUrl: string;
  /** The device token; read on every call so a new pairing applies at once. */
  token?: string | (() => string | null | undefined);
  /** Per call, connection included. Default 30 s. */
  timeoutMs?: number;
  dispatcher?: Dispatcher;
}

/** `https://x.example/v1/` -> `https://x.example`: the one base every host path hangs off. */
export function normaliseServerUrl(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new Error(`the server address must be an http(s) URL, got "${raw}"`);
  }
  url.search = '';
  url.hash = '';
  const path = url.pathname.replace(/\/+$/, '').replace(/(\/host)?\/v1$/, '');
  return `${url.origin}${path}`;
}

const OFFLINE_STATUS = new Set([408, 425, 429]);

export function createSyncClient(options: SyncClientOptions): SyncClient {
  const base = normaliseServerUrl(options.serverUrl);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const own = options.dispatcher
    ? null
    : new Agent({ connect: { timeout: Math.min(timeoutMs, 10_000) }, keepAliveTimeout: 10_000 });
  const dispatcher = options.dispatcher ?? own!;
  const token = () => (typeof options.token === 'function' ? options.token() : options.token);

  async function call<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.infer<S>> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, application/problem+json',
    };
    const bearer = token();
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    let res: Dispatcher.ResponseData;
    try {
      res = await request(`${base}${HOST_PREFIX}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        dispatcher,
        signal: AbortSignal.timeout(timeoutMs),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (err) {
      const timeout = err instanceof Error && /timeout|abort/i.test(`${err.name} ${err.message}`);
      const code = (err as { code?: unknown }).code;
      throw new SyncError(
        'offline',
        `cannot reach ${base}: ${typeof code === 'string' ? code : err instanceof Error ? err.message : String(err)}`,
        null,
        timeout ? 'timeout' : 'unreachable',
        { cause: err },
      );
    }
    let text: string;
    try {
      text = await res.body.text();
    } catch (err) {
      throw new SyncError('offline', `the reply from ${base} broke off`, res.statusCode, 'unreachable', {
        cause: err,
      });
    }
    const status = res.statusCode;
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (status >= 500 || OFFLINE_STATUS.has(status)) {
      throw new SyncError('offline', `the service answered ${status}`, status, `http_${status}`);
    }
    if (status >= 400) {
      const problem = (json ?? {}) as { code?: unknown; detail?: unknown };
      const code = typeof problem.code === 'string' ? problem.code : `http_${status}`;
      const detail = typeof problem.detail === 'string' ? problem.detail : `the service answered ${status}`;
      throw new SyncError('refused', detail, status, code);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new SyncError('offline', `the reply to ${path} is not the host API's`, status, 'bad_reply');
    }
    return parsed.data;
  }

  const seg = encodeURIComponent;
  return {
    serverUrl: base,
    pair: (body) => call('/pair', body, Paired),
    checkIn: (body) => call('/check-in', body, CheckedIn),
    claim: (requestId) => call(`/run-requests/${seg(requestId)}/claim`, {}, HostRun),
    startScheduledRun: (projectId, body) => call(`/projects/${seg(projectId)}/runs`, body, HostRun),
    uploadAnswers: (runId, answers) => call(`/runs/${seg(runId)}/answers`, { answers }, AnswersStored),
    finish: (runId, body) => call(`/runs/${seg(runId)}/finish`, body, Finished),
    claimCrawl: (crawlId) => call(`/site-crawls/${seg(crawlId)}/claim`, {}, HostCrawl),
    startScheduledCrawl: (projectId, clientCrawlId) =>
      call(`/projects/${seg(projectId)}/site-crawls`, { clientCrawlId }, HostCrawl),
    uploadCrawlPages: (crawlId, pages) =>
      call(`/site-crawls/${seg(crawlId)}/pages`, { pages }, CrawlPagesStored),
    finishCrawl: (crawlId, body) => call(`/site-crawls/${seg(crawlId)}/finish`, body, CrawlFinished),
    async close() {
      await own?.close();
    },
  };
}
