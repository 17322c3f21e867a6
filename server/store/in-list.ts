/**
 * IN lists padded to a power of two by repeating their last value: the statement cache keeps one prepared
 * statement per distinct SQL text, and lists of every length would each be one.
 */
export function padded<T>(values: readonly T[]): T[] {
  if (values.length === 0) return [];
  let size = 1;
  while (size < values.length) size *= 2;
  return [...values, ...Array<T>(size - values.length).fill(values[values.length - 1]!)];
}

/** `values` in slices of at most `size`. */
export function chunks<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/**
 * The values of rows merged by key, in key order. Keys made of a table's primary-key columns in order, joined by
 * U+0000 (which no column holds), sort as the primary key does, so a batch written in this order walks the B-tree
 * from one end to the other, touching each page once, instead of landing on pages at random: SQLite's upserts of
 * source rows took half the CPU time in key order (reads of pages its cache no longer held, mostly).
 */
export function inKeyOrder<T>(merged: ReadonlyMap<string, T>): T[] {
  return [...merged.keys()].sort().map((k) => merged.get(k)!);
}
