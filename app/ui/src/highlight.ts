/**
 * Where the brand is named in a piece of untrusted text, as segments to render as text nodes and <mark>s:
 * the text is never parsed as HTML, and the terms are matched as literal strings (escaped, case-insensitive,
 * whole words), the longest first so "Acme Cloud" wins over "Acme".
 */

export interface Segment {
  text: string;
  mark: boolean;
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

export function splitHighlights(text: string, terms: readonly (string | null | undefined)[]): Segment[] {
  if (text.length === 0) return [];
  const list = highlightTerms(terms);
  if (list.length === 0) return [{ text, mark: false }];
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${list.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
  const segments: Segment[] = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m[0].length === 0) continue;
    if (m.index > at) segments.push({ text: text.slice(at, m.index), mark: false });
    segments.push({ text: m[0], mark: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) segments.push({ text: text.slice(at), mark: false });
  return segments;
}
