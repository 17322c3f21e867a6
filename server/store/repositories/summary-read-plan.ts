import { chunks } from '../in-list.ts';

const IN_CHUNK = 256;
/** Index searches one read may make: a run's answers read their rows in one statement. */
const SMALL_READ = 2048;

/** The distinct values of each column a summary read names, and of the rows' keys. */
export type ReadLists<D extends string> = Record<D, string[]> & { keys: string[] };

/**
 * How a summary repository reads the stored rows a write will add to: the index is searched for every combination
 * of the lists, so a small write (one answer of a run) reads in one statement, and a large one (an import batch) in
 * one statement per group (the `groupBy` columns) and chunk of keys.
 */
export async function readStoredInPlan<R extends { key: string }, D extends string>(
  rows: readonly R[],
  columns: Record<D, (r: R) => string>,
  groupBy: readonly NoInfer<D>[],
  read: (lists: ReadLists<D>) => Promise<void>,
): Promise<void> {
  const names = Object.keys(columns) as D[];
  const lists = (list: readonly R[]) => {
    const out = { keys: [...new Set(list.map((r) => r.key))] } as ReadLists<D>;
    for (const name of names) (out as Record<D, string[]>)[name] = [...new Set(list.map(columns[name]))];
    return out;
  };
  const all = lists(rows);
  const combinations = [...names.map((n) => all[n].length), all.keys.length].reduce((n, l) => n * l, 1);
  if (combinations <= SMALL_READ) return read(all);
  const groups = new Map<string, R[]>();
  for (const r of rows) {
    const k = groupBy.map((name) => columns[name](r)).join('\0');
    const group = groups.get(k);
    if (group) group.push(r);
    else groups.set(k, [r]);
  }
  for (const group of groups.values()) {
    const scope = lists(group);
    for (const keys of chunks(scope.keys, IN_CHUNK)) await read({ ...scope, keys });
  }
}
