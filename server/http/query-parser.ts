/** Parameters that may repeat; they always arrive as arrays so one schema covers one value and many. */
const REPEATABLE = new Set(['engine']);

/**
 * A repeated non-repeatable parameter stays an array and so fails its schema: `limit=1&limit=2` is a 400,
 * never a silent pick of one of them.
 */
export function parseQuery(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    const prev = out[key];
    if (prev === undefined) out[key] = REPEATABLE.has(key) ? [value] : value;
    else out[key] = [prev, value].flat();
  }
  return out;
}
