/** The passage shown beside an answer: the text around the brand's first mention. */
import { isSpaceAt, sentenceEnd, sentenceStart } from './sentences.ts';

export const EXCERPT_LIMIT = 400;

const SPACE = /\s/;

/**
 * Up to `limit` characters around `text[start, end)`, whitespace runs collapsed to one space. Whole
 * sentences when they fit: the mention's sentence, then the sentences after and before it while they
 * still fit. A sentence longer than the limit is cut at spaces around the mention, so the cut never falls
 * inside a word (or a surrogate pair).
 */
export function excerptAround(text: string, start: number, end: number, limit = EXCERPT_LIMIT): string {
  let from = sentenceStart(text, start);
  let to = sentenceEnd(text, Math.max(start, end - 1));
  if (to - from <= limit) {
    for (let grown = true; grown;) {
      grown = false;
      const nextStart = skipSpace(text, to, 1);
      const next = nextStart < text.length ? sentenceEnd(text, nextStart) : to;
      if (next > to && next - from <= limit) {
        to = next;
        grown = true;
      }
      const previousEnd = skipSpace(text, from, -1);
      const previous = previousEnd > 0 ? sentenceStart(text, previousEnd - 1) : from;
      if (previous < from && to - previous <= limit) {
        from = previous;
        grown = true;
      }
    }
    return collapse(text.slice(from, to));
  }
  const room = limit - (end - start);
  // A third of the room before the mention, more when the sentence ends soon after it.
  let lo = Math.max(from, Math.min(start - Math.floor(room / 3), to - limit));
  if (lo > from && !isSpaceAt(text, lo - 1)) {
    const space = text.slice(lo, start).search(SPACE);
    lo = space === -1 ? start : lo + space + 1;
  }
  let hi = Math.min(to, lo + limit);
  if (hi < to && !isSpaceAt(text, hi)) {
    const space = text.slice(end, hi).search(/\s\S*$/);
    hi = space === -1 ? end : end + space;
  }
  return collapse(text.slice(lo, hi));
}

/** The first offset from `at` (forward) or the offset after the last non-space before `at` (backward). */
function skipSpace(text: string, at: number, step: 1 | -1): number {
  let i = at;
  if (step === 1) while (i < text.length && isSpaceAt(text, i)) i++;
  else while (i > 0 && isSpaceAt(text, i - 1)) i--;
  return i;
}

function collapse(passage: string): string {
  return passage.replace(/\s+/g, ' ').trim();
}
