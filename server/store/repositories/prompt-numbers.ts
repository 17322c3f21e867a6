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
