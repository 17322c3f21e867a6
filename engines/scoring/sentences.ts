/**
 * Where sentences begin and end in an answer's text. Everything works on offsets into the text, which
 * links.ts keeps valid when it masks links, so excerpts can be cut from the unmasked text. Sentence
 * scanning runs over every sentence that names a brand, so it compares char codes, not strings.
 */

const SPACE = /\s/;

function isStop(code: number): boolean {
  return code === 0x2e || code === 0x21 || code === 0x3f; // . ! ?
}

function isWideStop(code: number): boolean {
  return code === 0x3002 || code === 0xff01 || code === 0xff1f; // 。！？
}

function isCloser(code: number): boolean {
  // " ' ” ’ ) ] » * _
  return (
    code === 0x22 ||
    code === 0x27 ||
    code === 0x201d ||
    code === 0x2019 ||
    code === 0x29 ||
    code === 0x5d ||
    code === 0xbb ||
    code === 0x2a ||
    code === 0x5f
  );
}

/** Whether `text[i]` is whitespace (false past either end). */
export function isSpaceAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  return code <= 0x20 || (code > 0x7e && SPACE.test(text.charAt(i)));
}

/** Whether a stop, possibly followed by closing quotes or brackets, ends at `i`. */
function endsSentenceAt(text: string, i: number): boolean {
  let j = i;
  while (j >= 0 && isCloser(text.charCodeAt(j))) j--;
  return j >= 0 && isStop(text.charCodeAt(j));
}

/** Offset where the sentence holding `index` begins (a line break also ends a sentence: list items, headings). */
export function sentenceStart(text: string, index: number): number {
  for (let i = index - 1; i >= 0; i--) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || isWideStop(code)) return i + 1;
    if (i > 0 && isSpaceAt(text, i) && endsSentenceAt(text, i - 1)) return i + 1;
  }
  return 0;
}

/** Offset just past the sentence holding `index`. */
export function sentenceEnd(text: string, index: number): number {
  for (let i = index; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a) return i;
    if (isWideStop(code)) return i + 1;
    if (isStop(code)) {
      let j = i + 1;
      while (j < text.length && isCloser(text.charCodeAt(j))) j++;
      if (j === text.length || isSpaceAt(text, j)) return j;
    }
  }
  return text.length;
}

const OPENERS = new Set(['"', "'", '“', '‘', '«', '(', '[', '*', '_', '#', '>', '`']);
const QUOTES = new Set(['"', "'", '“', '‘', '«']);
const BULLETS = /^[\s\d.)*•+-]*$/;

/**
 * Whether a word at `index` starts a sentence, a line, a list item, a heading or a quotation: places where
 * any word is capitalised, so a capital there says nothing about the word being a name.
 */
export function startsSentence(text: string, index: number): boolean {
  let i = index - 1;
  while (i >= 0) {
    const c = text[i] ?? '';
    if (QUOTES.has(c)) return true;
    if (c === ' ' || c === '\t' || OPENERS.has(c)) i--;
    else break;
  }
  if (i < 0) return true;
  const code = text.charCodeAt(i);
  if (code === 0x0a || code === 0x3a || isStop(code) || isWideStop(code)) return true;
  const lineStart = text.lastIndexOf('\n', i) + 1;
  const linePrefix = text.slice(lineStart, i + 1);
  return linePrefix.startsWith('#') || BULLETS.test(linePrefix);
}
