/** Reads one row more than the page to learn whether another page follows, without a count. */
export function splitPage<T>(rows: T[], limit: number, cursorOf: (last: T) => string) {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  return { data, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

/** Where a list ranked by answers stands: what a cursor of such a list holds. */
export interface AnswersPosition {
  answers: number;
  key: string;
}

/**
 * One page of a list ranked by answers, most first, ties by key: the rows after `after` (the last row of the page
 * before, from its cursor), so a page reads on where the one before ended even when the counts moved between them.
 */
export function pageByAnswers<T extends AnswersPosition>(
  rows: readonly T[],
  after: AnswersPosition | null,
  limit: number,
  cursorOf: (last: AnswersPosition) => string,
) {
  const ranked = [...rows].sort(
    (a, b) => b.answers - a.answers || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  const start = after
    ? ranked.findIndex((r) => r.answers < after.answers || (r.answers === after.answers && r.key > after.key))
    : 0;
  return splitPage(start === -1 ? [] : ranked.slice(start, start + limit + 1), limit, (r) =>
    cursorOf({ answers: r.answers, key: r.key }),
  );
}
