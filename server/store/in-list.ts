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
