import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ipaddr from 'ipaddr.js';
import { request } from 'undici';
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/index.ts';
import { prefixesOf, RANGE_SOURCES, RangeFile, snapshotsInUse, type RangeSource } from './range-sources.ts';

/** What became of one source: stored, the same as before, not found, or refused (and why). */
export interface RangeUpdate {
  source: string;
  outcome: 'updated' | 'unchanged' | 'missing' | 'invalid';
  creationTime: string | null;
  prefixes: number;
  detail: string | null;
}

/** Reads a source's published file as text; null when there is none to read. */
export type RangeReader = (source: RangeSource) => Promise<string | null>;

const FETCH_TIMEOUT_MS = 15_000;
const MAX_BYTES = 5 * 1024 * 1024;

/** A folder of files named `<source id>.json` (the ids of RANGE_SOURCES), for machines without internet. */
export const folderReader =
  (dir: string): RangeReader =>
  async (source) => {
    try {
      return await readFile(join(dir, `${source.id}.json`), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };

/** The operators' own URLs (or others, for a test's local server). */
export const urlReader =
  (urlOf: (source: RangeSource) => string = (source) => source.url): RangeReader =>
  async (source) => {
    const url = urlOf(source);
    const res = await request(url, { headersTimeout: FETCH_TIMEOUT_MS, bodyTimeout: FETCH_TIMEOUT_MS });
    if (res.statusCode === 404) {
      await res.body.dump();
      return null;
    }
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw new Error(`${url} answered ${res.statusCode}`);
    }
    const text = await res.body.text();
    if (text.length > MAX_BYTES) throw new Error(`${url} sent more than 5 MB`);
    return text;
  };

/** A published file checked whole: its format, and every prefix an address range. */
function checked(text: string): { ok: true; file: RangeFile } | { ok: false; detail: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, detail: `not JSON: ${(err as Error).message}` };
  }
  const parsed = RangeFile.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      detail: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    };
  const bad = prefixesOf(parsed.data).find((p) => {
    try {
      ipaddr.parseCIDR(p);
      return false;
    } catch {
      return true;
    }
  });
  return bad === undefined
    ? { ok: true, file: parsed.data }
    : { ok: false, detail: `${bad} is not an address range` };
}

/**
 * Stores the operators' current ranges: each source's file is read, checked whole (a file that does not parse is
 * refused and the ranges in use stay), and stored when it differs from the ones in use. A source that cannot be
 * read keeps its ranges too; the outcome says so.
 */
export async function updateRanges(store: Store, clock: Clock, read: RangeReader): Promise<RangeUpdate[]> {
  const inUse = new Map(snapshotsInUse(await store.traffic.storedRanges()).map((s) => [s.source, s]));
  const out: RangeUpdate[] = [];
  for (const source of RANGE_SOURCES) {
    let text: string | null;
    try {
      text = await read(source);
    } catch (err) {
      out.push({
        source: source.id,
        outcome: 'missing',
        creationTime: null,
        prefixes: 0,
        detail: (err as Error).message,
      });
      continue;
    }
    if (text === null) {
      out.push({
        source: source.id,
        outcome: 'missing',
        creationTime: null,
        prefixes: 0,
        detail: 'not found',
      });
      continue;
    }
    const result = checked(text);
    if (!result.ok) {
      out.push({
        source: source.id,
        outcome: 'invalid',
        creationTime: null,
        prefixes: 0,
        detail: result.detail,
      });
      continue;
    }
    const prefixes = prefixesOf(result.file);
    const current = inUse.get(source.id)!;
    const same =
      current.creationTime === result.file.creationTime && current.prefixes.join(' ') === prefixes.join(' ');
    if (!same) {
      await store.traffic.putRanges({
        source: source.id,
        creationTime: result.file.creationTime,
        prefixes,
        updatedAt: clock.now().toISOString(),
      });
    }
    out.push({
      source: source.id,
      outcome: same ? 'unchanged' : 'updated',
      creationTime: result.file.creationTime,
      prefixes: prefixes.length,
      detail: null,
    });
  }
  return out;
}
