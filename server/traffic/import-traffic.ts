import { createHash } from 'node:crypto';
import type { TrafficPurpose } from '../contract/traffic-agents.ts';
import type { Clock } from '../domain/clock.ts';
import { notFound } from '../domain/errors.ts';
import type { Store } from '../store/index.ts';
import { agentClassifier } from './agents.ts';
import { brandHostTest } from './brand-hosts.ts';
import { queueCrawlerBlocked } from './crawler-blocked.ts';
import { lineParser, type LogFormat } from './formats.ts';
import { LineError } from './log-hit.ts';
import { snapshotsInUse } from './range-sources.ts';
import { referralEngine } from './referrals.ts';
import { Rollup } from './rollup.ts';
import { rangeVerifier } from './verify.ts';

/** Lines per transaction: their cells are merged in memory first, so a batch writes a few hundred rows. */
const BATCH_LINES = 50_000;
/** Lines between progress reports. */
const PROGRESS_LINES = 5_000;
/** Bad lines reported one by one (all are counted). */
const INVALID_REPORTED = 100;
/** Logs are written as requests are served: a time more than a day ahead is a broken clock or a broken line. */
const FUTURE_MS = 24 * 3600_000;
const EARLIEST = Date.UTC(2000, 0, 1);
const MAX_PAGE = 2_048;
/** Days of hourly rows kept by default; the daily rows, which every read uses, are kept whatever this says. */
export const HOUR_RETENTION_DAYS = 90;
/**
 * Days an API batch is remembered by its hash, so a retry counts it once: shippers retry within minutes, and a
 * shipper sending a batch a second would otherwise leave a row a second behind.
 */
const BATCH_KEY_DAYS = 7;

export interface InvalidLine {
  line: number;
  error: string;
}

export interface TrafficImportResult {
  /** Valid lines of the brand's hosts, counted into the rollups (or as people). */
  accepted: number;
  /** Valid lines of other hosts: counted here, stored nowhere. */
  ignored: number;
  /** Lines an earlier import of the same file (or batch) already stored: skipped. */
  alreadyStored: number;
  /** The accepted lines by what they are. */
  purposes: Record<TrafficPurpose, number>;
  /** Hits that named an operator's agent from outside its published ranges. */
  spoofed: number;
  /** Visits by people from an AI answer engine. */
  referrals: number;
  invalidCount: number;
  /** The first bad lines, in order, with why (at most 100). */
  invalid: InvalidLine[];
}

export interface TrafficImportOptions {
  format?: LogFormat;
  /**
   * What the input is known by, so a rerun stores nothing twice: `first-line` (a file: a hash of its first line as
   * read, so the same log plain or gzipped is one file) or a key the caller made (an API batch: a hash of its body).
   */
  identity: 'first-line' | { key: string };
  /** The service's address with `/v1`, for the links of the `crawler.blocked` events a batch raises. */
  baseUrl: string;
  /** Called after a transaction that queued webhook deliveries committed, so the deliverer sends them now. */
  onQueued?(): void;
  /** Called every few thousand lines with the count read so far. */
  onProgress?(lines: number): void;
  /** Days of hourly rows to keep (default 90): older ones of the project go with the import's last batch. */
  keepHourDays?: number;
  /** Asked once the lines end: why the input ended early (a truncated gzip), counted as a bad line after the last. */
  endOfInput?(): string | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const emptyPurposes = (): Record<TrafficPurpose, number> => ({
  training: 0,
  search: 0,
  user: 0,
  'classic-search': 0,
  'other-bot': 0,
  people: 0,
});

/**
 * Reads access-log lines into the project's rollups: each line is parsed (format by line, or the one given),
 * checked (time, host), classified (agent, verification by published ranges, AI referral) and merged into the
 * batch's cells; each batch is stored in one transaction together with how far the input got, so an import killed
 * at any point keeps what was committed and a rerun resumes after it. No address leaves this function.
 */
export async function importTraffic(
  store: Store,
  clock: Clock,
  projectId: string,
  lines: AsyncIterable<string> | Iterable<string>,
  options: TrafficImportOptions,
): Promise<TrafficImportResult> {
  const project = await store.projects.get(projectId);
  if (!project) throw notFound('project');
  const parse = lineParser(options.format ?? 'auto');
  const classify = agentClassifier();
  const verify = rangeVerifier(snapshotsInUse(await store.traffic.storedRanges()));
  const ownHost = brandHostTest(project);
  const latest = clock.now().getTime() + FUTURE_MS;
  const result: TrafficImportResult = {
    accepted: 0,
    ignored: 0,
    alreadyStored: 0,
    purposes: emptyPurposes(),
    spoofed: 0,
    referrals: 0,
    invalidCount: 0,
    invalid: [],
  };
  const refuse = (line: number, error: string) => {
    result.invalidCount += 1;
    if (result.invalid.length < INVALID_REPORTED) result.invalid.push({ line, error });
  };

  let key: string | null = typeof options.identity === 'object' ? options.identity.key : null;
  let done = key === null ? 0 : ((await store.traffic.linesDone(projectId, key)) ?? 0);
  let rollup = new Rollup();
  let number = 0;
  let writing: Promise<void> = Promise.resolve();
  let last = false;
  const keepDays = options.keepHourDays ?? HOUR_RETENTION_DAYS;
  const hoursKeptFrom = new Date(clock.now().getTime() - keepDays * 86_400_000).toISOString().slice(0, 13);
  const batchKeysKeptFrom = new Date(clock.now().getTime() - BATCH_KEY_DAYS * 86_400_000).toISOString();
  const flush = async () => {
    await writing;
    const [batch, through, at] = [rollup, number, clock.now().toISOString()];
    rollup = new Rollup();
    writing = store
      .transaction(async (tx) => {
        let queued = 0;
        if (!batch.empty) {
          queued = await queueCrawlerBlocked(tx, projectId, batch.hours, options.baseUrl, at);
          await tx.traffic.add(projectId, batch.batch());
        }
        if (key !== null) await tx.traffic.setLinesDone(projectId, key, through, at);
        if (last) {
          await tx.traffic.dropHoursBefore(projectId, hoursKeptFrom);
          await tx.traffic.dropBatchKeysBefore(projectId, batchKeysKeptFrom);
        }
        return queued;
      })
      .then((queued) => {
        if (queued > 0) options.onQueued?.();
      });
    writing.catch(() => {});
  };

  const take = (text: string) => {
    let hit;
    try {
      hit = parse(text);
    } catch (err) {
      if (!(err instanceof LineError)) throw err;
      return refuse(number, err.message);
    }
    if (hit.time > latest)
      return refuse(number, `the time ${new Date(hit.time).toISOString()} is in the future`);
    if (!(hit.time >= EARLIEST)) return refuse(number, 'the time is before 2000');
    if (hit.path.length > MAX_PAGE) return refuse(number, `the path is longer than ${MAX_PAGE} characters`);
    if (!ownHost(hit.host)) {
      result.ignored += 1;
      return;
    }
    result.accepted += 1;
    const kind = classify(hit.userAgent);
    result.purposes[kind.purpose] += 1;
    if (kind.purpose === 'people') {
      const engine = referralEngine(hit.referer, hit.query);
      if (engine !== null) {
        result.referrals += 1;
        rollup.referral(hit.time, hit.path, engine);
      }
      return;
    }
    const verification = verify(kind.agent, hit.ip);
    if (verification === 'spoofed') result.spoofed += 1;
    rollup.hit(hit.time, hit.path, kind.agent, `${Math.floor(hit.status / 100)}xx`, verification);
  };

  try {
    for await (const raw of lines) {
      number += 1;
      // Editors on Windows start files with a byte-order mark.
      const text = number === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      if (text.trim() === '') continue;
      if (key === null) {
        key = `line:${sha256(text)}`;
        done = (await store.traffic.linesDone(projectId, key)) ?? 0;
      }
      if (number <= done) {
        result.alreadyStored += 1;
        continue;
      }
      take(text);
      if (number % PROGRESS_LINES === 0) options.onProgress?.(number);
      if (number % BATCH_LINES === 0) await flush();
    }
    const early = options.endOfInput?.() ?? null;
    if (early !== null) refuse(number + 1, early);
    // The last batch also notes the whole input as done, even when its lines were all refused or ignored.
    last = true;
    if (number > done) await flush();
    await writing;
    options.onProgress?.(number);
  } finally {
    await writing.catch(() => {});
  }
  return result;
}
