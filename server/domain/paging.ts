/** Reads one row more than the page to learn whether another page follows, without a count. */
export function splitPage<T>(rows: T[], limit: number, cursorOf: (last: T) => string) {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  return { data, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
