/**
 * Where the brand and its competitors are named in a piece of untrusted text, as segments to render as text
 * nodes and <mark>s: the text is never parsed as HTML, and the names are matched as literal strings (escaped,
 * case-insensitive, whole words), the longest first so "Acme Cloud" wins over "Acme". A name inside a URL, a
 * domain or an e-mail address is not a mention (`northwind.example` does not mark "Northwind").
 */

export type MarkKind = 'brand' | 'competitor';

export interface Segment {
  text: string;
  /** null: plain text. */
  mark: MarkKind | null;
}

export interface NameGroups {
  brand: readonly (string | null | undefined)[];
  competitors?: readonly (string | null | undefined)[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** The terms worth looking for: trimmed, distinct ignoring case, longest first. */
export function highlightTerms(terms: readonly (string | null | undefined)[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of terms) {
    const term = (raw ?? '').trim();
    if (term.length === 0 || term.length > 200) continue;
    const key = term.toLowerCase();
    if (!seen.has(key)) seen.set(key, term);
  }
  return [...seen.values()].sort((a, b) => b.length - a.length || a.localeCompare(b));
}

/**
 * Spans that are addresses, not prose: URLs with a scheme, `www.` hosts, e-mail addresses and bare domains
 * (labels joined by dots ending in a letter label, with an optional path).
 */
const ADDRESS =
  /(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>"'()[\]]+|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+|(?<![\p{L}\p{N}@.-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}[\p{L}\p{N}-]*[\p{L}\p{N}](?:\/[^\s<>"'()[\]]*)?/giu;

function addressSpans(text: string): [number, number][] {
  return [...text.matchAll(ADDRESS)].map((m) => [m.index, m.index + m[0].length]);
}

/** The text cut into plain runs and marked names; joined back, the segments are exactly the text. */
export function highlightSegments(text: string, groups: NameGroups): Segment[] {
  if (text.length === 0) return [];
  const brand = highlightTerms(groups.brand);
  const brandKeys = new Set(brand.map((t) => t.toLowerCase()));
  // A competitor spelled like a brand name is the brand's.
  const competitors = highlightTerms(groups.competitors ?? []).filter((t) => !brandKeys.has(t.toLowerCase()));
  const all = highlightTerms([...brand, ...competitors]);
  if (all.length === 0) return [{ text, mark: null }];
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${all.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
  const addresses = addressSpans(text);
  const inAddress = (start: number, end: number) => addresses.some(([a, b]) => start < b && end > a);
  const segments: Segment[] = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    const end = m.index + m[0].length;
    if (m[0].length === 0 || inAddress(m.index, end)) continue;
    if (m.index > at) segments.push({ text: text.slice(at, m.index), mark: null });
    segments.push({ text: m[0], mark: brandKeys.has(m[0].toLowerCase()) ? 'brand' : 'competitor' });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), mark: null });
  return segments;
}

/**
 * The sentence of a passage that first names the brand, whole: what the answer says about you, rather than a
 * copy of the answer's opening that the full text right below repeats. The passage itself when no sentence
 * names the brand (the names may have changed since the answer was scored).
 */
export function mentionSentence(passage: string, groups: NameGroups): string {
  const segments = highlightSegments(passage, groups);
  const first = segments.findIndex((s) => s.mark === 'brand');
  if (first < 0) return passage;
  const at = segments.slice(0, first).reduce((n, s) => n + s.text.length, 0);
  // A sentence ends at . ! ? or … followed by a space, or at a line break.
  const ends = [...passage.matchAll(/[.!?…]["')\]]*\s+|\n+/g)].map((m) => m.index + m[0].length);
  const start = ends.filter((e) => e <= at).at(-1) ?? 0;
  const end = ends.find((e) => e > at) ?? passage.length;
  return passage.slice(start, end).trim();
}
