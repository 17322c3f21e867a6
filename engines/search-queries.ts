/**
 * The web searches an engine ran to write one answer, as it reports them: engine text, untrusted. An answer keeps
 * them in the order the engine ran them, each once, within bounds that keep storing cheap (an engine looping on
 * searches does not fill the row).
 */
export const MAX_SEARCH_QUERIES = 50;
export const MAX_SEARCH_QUERY_LENGTH = 500;

export class SearchQueryList {
  private readonly seen = new Set<string>();

  /** A search's text; anything that is not a non-blank string is not a search. */
  add(value: unknown): void {
    if (typeof value !== 'string' || this.seen.size >= MAX_SEARCH_QUERIES) return;
    const text = value.trim().slice(0, MAX_SEARCH_QUERY_LENGTH);
    if (text !== '') this.seen.add(text);
  }

  list(): string[] {
    return [...this.seen];
  }
}

/** An engine's list of searches, cleaned as every adapter's is. */
export function searchQueryList(values: Iterable<unknown>): string[] {
  const list = new SearchQueryList();
  for (const v of values) list.add(v);
  return list.list();
}

/**
 * What makes two searches the same search in the stats: case, runs of blanks, and punctuation at the end ("best
 * crm?" and "Best  CRM" are one search). Quotes and brackets at the end stay: they are part of what was searched.
 */
export function searchQueryKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.,;:!?…。，、！？]+$/u, '');
}
