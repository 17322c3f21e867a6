/**
 * How one brand term is recognised in text. Three shapes of term, three rules:
 * - short terms (up to 3 characters: "HP", "3M", "IBM", "SAP") match exactly as written, because their
 *   other spellings are ordinary words and abbreviations ("hp" horsepower, "3m" metres, "sap");
 * - one-word terms that are ordinary English words ("Notion", "Zoom", "You") match only capitalised as
 *   the brand writes them; at the start of a sentence, line, list item, heading or quotation, where every
 *   word is capitalised, they need a sign of being a name (see NAME_CUE) or the same brand named
 *   unambiguously elsewhere in the answer;
 * - everything else matches ignoring case.
 * Terms starting with a digit ("3M") never count as part of a quantity ("$3M", "1.3M", "3M users").
 */
import { EVERYDAY_WORDS } from './everyday-words.ts';
import { startsSentence } from './sentences.ts';
import { WORD_CHAR } from './words.ts';

/** A term occurrence is counted, rejected, or counted only when the brand is also named unambiguously. */
export type Verdict = 'yes' | 'no' | 'if-corroborated';

export interface TermRule {
  /** The term's first word as written, which the scanner looks words up by; null for terms written only
   * in scripts without word breaks (Han, kana...), which are searched for directly. */
  firstWord: string | null;
  /** Characters of the term before that first word (".NET" has one). */
  firstWordOffset: number;
  /** Sticky: matches the whole term, with word boundaries, at `lastIndex`. */
  pattern: RegExp;
  length: number;
  judge(text: string, start: number, end: number): Verdict;
}

const FIRST_WORD = new RegExp(`${WORD_CHAR}+`, 'v');
const SYNTAX = /[.*+?^${}()|[\]\\/]/;

function charPattern(ch: string): string {
  if (ch === ' ') return '\\s+';
  // Answers mix typographic and plain apostrophes and hyphens.
  if (ch === "'" || ch === '’') return "['’]";
  if (ch === '-' || ch === '‐' || ch === '‑') return '[\\-‐‑]';
  return SYNTAX.test(ch) ? `\\${ch}` : ch;
}

/** What follows a sentence-initial everyday word when it is a name: a possessive, a hyphenated compound,
 * a closing quote or bold mark around the word alone, the end of a list item or heading, a description
 * ("Notion: …", "Zoom – …", "You (you.com)"), or a verb a pronoun or an imperative never takes ("You
 * is…", "Zoom offers…"). */
const NAME_CUE = new RegExp(
  `(?:['’]s(?!${WORD_CHAR})|[\\-‐‑]${WORD_CHAR}|["”»]|\\*\\*|__|[ \\t]*(?::|[–—\\(]|-\\s|\\r?\\n|$)` +
    `|\\s+(?:is|was|has|offers|provides|lets|allows|supports|integrates|includes|costs|charges|remains|` +
    `makes|helps|works|excels|stands|uses|gives|focuses)(?!${WORD_CHAR}))`,
  'yv',
);

const QUANTITY_BEFORE = /(?:[\p{Sc}~+<>≈]|\d[.,])$/u;
const QUANTITY_AFTER =
  /\+|\s+(?:users|customers|people|downloads|installs|visitors|views|subscribers|followers|members|employees|units|records|rows|requests|tokens|parameters|dollars|euros|years|months)\b/y;

function isQuantity(text: string, start: number, end: number): boolean {
  if (QUANTITY_BEFORE.test(text.slice(Math.max(0, start - 2), start))) return true;
  QUANTITY_AFTER.lastIndex = end;
  return QUANTITY_AFTER.test(text);
}

function nameCueAt(text: string, end: number): boolean {
  NAME_CUE.lastIndex = end;
  return NAME_CUE.test(text);
}

/** Compiles one brand term; null when it has nothing to match. */
export function compileTerm(raw: string): TermRule | null {
  const term = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (term === '') return null;
  const first = FIRST_WORD.exec(term);
  const everyday = first?.[0] === term && /\p{Ll}/u.test(term) && EVERYDAY_WORDS.has(term.toLowerCase());
  const written = everyday ? term.charAt(0).toUpperCase() + term.slice(1) : term;
  const ignoreCase = !everyday && term.length > 3;
  const body = Array.from(written, charPattern).join('');
  const pattern = new RegExp(`(?<!${WORD_CHAR})${body}(?!${WORD_CHAR})`, ignoreCase ? 'yvi' : 'yv');
  const numeric = /^\p{N}/u.test(term);
  return {
    firstWord: first ? first[0] : null,
    firstWordOffset: first ? first.index : 0,
    pattern,
    length: term.length,
    judge(text, start, end) {
      if (numeric && isQuantity(text, start, end)) return 'no';
      if (everyday && startsSentence(text, start) && !nameCueAt(text, end)) return 'if-corroborated';
      return 'yes';
    },
  };
}
