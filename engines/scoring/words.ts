/** Where words begin and end, in every script. */

/**
 * A character that continues a word (needs the `v` flag). Han, kana, Hangul, Thai, Lao, Khmer and Myanmar
 * are left out: those scripts attach words (and particles such as Japanese は or Korean 는) directly to a
 * name, so "Acmeは" must still read as "Acme" standing on its own.
 */
export const WORD_CHAR =
  '[[\\p{L}\\p{M}\\p{N}_]--[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\p{sc=Hangul}\\p{sc=Thai}\\p{sc=Lao}\\p{sc=Khmer}\\p{sc=Myanmar}]]';

const WORD_CHAR_TEST = new RegExp(WORD_CHAR, 'v');
/** Whether each BMP character is a word character: 0 not yet known, 1 yes, 2 no. */
const BMP_WORD_CHAR = new Uint8Array(0x10000);

/**
 * Length (1, or 2 for a surrogate pair) of the word character at `i`, 0 when it is none. Scanning by
 * char code with a per-character cache is several times faster than a Unicode-property regex, and
 * splitting answers into words is most of the scoring work.
 */
function wordCharLength(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 0x80) {
    const letter = (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
    return letter || (code >= 0x30 && code <= 0x39) || code === 0x5f ? 1 : 0;
  }
  if (code >= 0xd800 && code <= 0xdbff) {
    return WORD_CHAR_TEST.test(String.fromCodePoint(text.codePointAt(i) ?? code)) ? 2 : 0;
  }
  let known = BMP_WORD_CHAR[code];
  if (!known) {
    known = WORD_CHAR_TEST.test(text.charAt(i)) ? 1 : 2;
    BMP_WORD_CHAR[code] = known;
  }
  return known === 1 ? 1 : 0;
}

/** Offset just past the word starting at `i`; `i` itself when no word starts there. */
export function wordEnd(text: string, i: number): number {
  let end = i;
  for (let length = wordCharLength(text, end); length > 0; length = wordCharLength(text, end)) end += length;
  return end;
}
