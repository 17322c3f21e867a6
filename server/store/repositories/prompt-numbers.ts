import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { chunks, padded } from '../in-list.ts';

/**
 * A small number per distinct prompt text of a project, so summary rows (sources, searches) hold the prompts behind
 * them compactly: ascending numbers in base 36, comma-separated.
 */

const IN_CHUNK = 256;
const INSERT_CHUNK = 500;

export const decodePrompts = (text: string): number[] =>
  text === '' ? [] : text.split(',').map((n) => parseInt(n, 36));

export const encodePrompts = (set: ReadonlySet<number>): string =>
  [...set]
    .sort((a, b) => a - b)
    .map((n) => n.toString(36))
    .join(',');

/** Base-36 numbers without leading zeros sort by length, then as text. */
const below = (a: string, b: string) => a.length < b.length || (a.length === b.length && a < b);

/**
 * What encodePrompts writes for the union of the numbers `encoded` holds and `add`, without decoding `encoded`. A
 * run stores its answers in groups of a few, and each group adds a prompt or two to rows that hold every prompt of
 * the day: decoding and encoding those rows for every group was about a tenth of the CPU of a 500-prompt run at
 * 200 ms. A number already there is found by a text search; a new one is appended when it is the largest (prompts
 * are numbered as they first come, so a run's new ones usually are), and otherwise put in its place.
 */
export function mergePrompts(encoded: string, add: ReadonlySet<number>): string {
  if (encoded === '') return encodePrompts(add);
  let text = encoded;
  let last = text.slice(text.lastIndexOf(',') + 1);
  for (const n of [...add].sort((a, b) => a - b)) {
    const s = n.toString(36);
    if (`,${text},`.includes(`,${s},`)) continue;
    if (below(last, s)) {
      text += `,${s}`;
      last = s;
      continue;
    }
    const parts = text.split(',');
    let lo = 0;
    let hi = parts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (below(parts[mid]!, s)) lo = mid + 1;
      else hi = mid;
    }
    parts.splice(lo, 0, s);
    text = parts.join(',');
  }
  return text;
}

/** The project's number of each prompt text, numbering the new ones after the highest so far. */
export async function promptNumbers(
  db: Db,
  projectId: string,
  keys: ReadonlySet<string>,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const list = [...keys];
  for (const chunk of chunks(list, IN_CHUNK)) {
    const rows = await db
      .selectFrom('prompt_numbers')
      .select(['text_key', 'n'])
      .where('project_id', '=', projectId)
      .where('text_key', 'in', padded(chunk))
      .execute();
    for (const r of rows) out.set(r.text_key, Number(r.n));
  }
  const missing = list.filter((k) => !out.has(k));
  if (missing.length === 0) return out;
  const top = await db
    .selectFrom('prompt_numbers')
    .select(sql<number | null>`max(n)`.as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  let next = Number(top.n ?? 0) + 1;
  const fresh = missing.map((text_key) => ({ project_id: projectId, text_key, n: next++ }));
  for (const chunk of chunks(fresh, INSERT_CHUNK))
    await db.insertInto('prompt_numbers').values(chunk).execute();
  for (const r of fresh) out.set(r.text_key, r.n);
  return out;
}
