/**
 * How one name (a brand term, a competitor's name or a domain of either) is recognised in text. Four
 * shapes of name, four rules:
 * - short names (up to 3 characters: "HP", "3M", "Pi") count only as written, never as a unit, a game
 *   term or a quantity ("255 HP", "max HP", "some HP"), which also make the answer's bare ones need a sign,
 *   and a digit-led one never inside a quantity ("$3M", "3M users");
 * - names made of English words ("Notion", "Juniper", "Down Dog", "Lose It!": every word in the word list,
 *   see lexicon.ts) count only capitalised as names are; everyday ones ("Notion", "Down Dog", not
 *   "Juniper") at the start of a sentence, line, list item, heading or quotation, where every word is
 *   capitalised, or in capitals the name is not written in ("WISE"), need a sign of being a name (see
 *   name-context.ts) or the same name used unambiguously elsewhere in the answer;
 * - day and month names ("Monday") never count in a time phrase and otherwise need such a sign;
 * - everything else matches ignoring case, and a domain ("monday.com") counts as its owner named.
 * Lower-case forms of the first three count only inside a quoted comment typed in lower case. A name that
 * is part of another organisation's or a person's name ("Notion Capital", "Raspberry Pi", "Claude
 * Shannon") is a look-alike, not a mention.
 */
import { isDictionaryWord, isEverydayWord, isPronoun } from './lexicon.ts';
import {
  appositionAfter,
  capitalAfter,
  inCasualQuote,
  introducedAsName,
  listedWithKind,
  nameCueAfter,
  partOfAnotherName,
  timePhrase,
  unitOrStat,
  verbOrProductAfter,
} from './name-context.ts';
import { startsSentence } from './sentences.ts';
import { WORD_CHAR } from './words.ts';

/**
 * What one occurrence is worth: a name with a sign of being one (`cue`), a name by its form alone
 * (`plain`), a name only if the answer also names the same owner surely (`weak`), part of another
 * entity's name (`lookalike`, which also makes the owner's plain occurrences need a sure one), or nothing.
 */
export type Verdict = 'cue' | 'plain' | 'weak' | 'lookalike' | 'no';

export interface TermRule {
  /** The term's first word as written, which the scanner looks words up by; null for terms written only
   * in scripts without word breaks (Han, kana...), which are searched for directly. */
  firstWord: string | null;
  /** Characters of the term before that first word (".NET" has one). */
  firstWordOffset: number;
  /** Sticky: matches the whole term, with word boundaries, at `lastIndex`. */
  pattern: RegExp;
  length: number;
  /** The occurrence's worth; a name by its form alone is `plain` without looking for a sign (see signed). */
  judge(text: string, start: number, end: number): Verdict;
  /** Whether an occurrence judged `plain` also has a sign of being a name, asked only when it matters. */
  signed(text: string, start: number, end: number): boolean;
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

const QUANTITY_BEFORE = /(?:[\p{Sc}~+<>≈]|\d[.,])$/u;
const QUANTITY_AFTER =
  /\+|\s+(?:users|customers|people|downloads|installs|visitors|views|subscribers|followers|members|employees|units|records|rows|requests|tokens|parameters|dollars|euros|years|months)\b/y;

function isQuantity(text: string, start: number, end: number): boolean {
  if (QUANTITY_BEFORE.test(text.slice(Math.max(0, start - 2), start))) return true;
  QUANTITY_AFTER.lastIndex = end;
  return QUANTITY_AFTER.test(text);
}

/** Day and month names, which answers use as dates far more often than as names. */
const CALENDAR: ReadonlySet<string> = new Set(
  `monday tuesday wednesday thursday friday saturday sunday january february march april may june july
  august september october november december`.split(/\s+/),
);
const LETTERS = /\p{L}+/gu;
const PLAIN_WORD = /^\p{Lu}?\p{Ll}+$/u;
const PATH_AFTER = /\/\S/y;

type Shape = 'distinctive' | 'short' | 'words' | 'calendar';

function shapeOf(term: string, words: readonly string[]): Shape {
  if (words.length === 1 && CALENDAR.has(term.toLowerCase())) return 'calendar';
  if (term.length <= 3) return 'short';
  if (/\p{N}/u.test(term) || words.length === 0) return 'distinctive';
  // "RoadRunner" or "ASUS" are written as names, whatever the words inside them.
  const plain = words.every((word) => PLAIN_WORD.test(word) && isDictionaryWord(word.toLowerCase()));
  return plain ? 'words' : 'distinctive';
}

/** Whether `found` is capitalised where a name is: the first letter, and every word the term capitalises. */
function capitalisedLike(found: string, term: string, oneWord: boolean): boolean {
  if (oneWord) return found.charAt(0) !== found.charAt(0).toLowerCase();
  const foundWords = found.match(LETTERS) ?? [];
  const termWords = term.match(LETTERS) ?? [];
  return termWords.every((word, i) => {
    const initial = foundWords[i]?.charAt(0) ?? '';
    const wanted = i === 0 || word.charAt(0) !== word.charAt(0).toLowerCase();
    return !wanted || initial !== initial.toLowerCase();
  });
}

/**
 * Family "another organisation sharing the name, written in capitals": an everyday word the brand writes
 * in mixed case, found in capitals in a line that is not all capitals, is as often an acronym ("WISE, the
 * Wide-field Infrared Survey Explorer") or another company's styling ("PLANTA Queen") as the name shouted,
 * so it counts only beside a sure mention, as a short name in other capitals never counts ("GLO").
 */
function inCapitals(text: string, start: number, found: string, term: string): boolean {
  if (found.length < 2 || found !== found.toUpperCase() || term === term.toUpperCase()) return false;
  const lineStart = text.lastIndexOf('\n', start) + 1;
  const lineEnd = text.indexOf('\n', start);
  return /\p{Ll}/u.test(text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd));
}

interface CompiledPattern {
  firstWord: string | null;
  firstWordOffset: number;
  pattern: RegExp;
}

/** Terms kept compiled: a case-insensitive Unicode-sets pattern costs about a millisecond to build. */
const PATTERNS_KEPT = 20_000;
const patterns = new Map<string, CompiledPattern>();

/**
 * A term's pattern, built once per process: every run builds its project's scorer anew, with the same names. The
 * patterns are sticky (`y`) and shared, which is safe because every use sets `lastIndex` right before it tests.
 */
function compilePattern(term: string): CompiledPattern {
  const kept = patterns.get(term);
  if (kept) return kept;
  const first = FIRST_WORD.exec(term);
  const body = Array.from(term, charPattern).join('');
  const compiled = {
    firstWord: first ? first[0] : null,
    firstWordOffset: first ? first.index : 0,
    pattern: new RegExp(`(?<!${WORD_CHAR})${body}(?!${WORD_CHAR})`, 'yvi'),
  };
  if (patterns.size >= PATTERNS_KEPT) patterns.clear();
  patterns.set(term, compiled);
  return compiled;
}

/** A domain written in the text as a name ("monday.com", "Booking.com"), not as part of a link's path. */
export function compileDomain(domain: string): TermRule | null {
  if (domain === '') return null;
  return {
    ...compilePattern(domain),
    length: domain.length,
    judge(text, _start, end) {
      PATH_AFTER.lastIndex = end;
      return PATH_AFTER.test(text) ? 'no' : 'cue';
    },
    signed: () => true,
  };
}

/** Compiles one name; null when it has nothing to match. */
export function compileTerm(raw: string): TermRule | null {
  const term = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (term === '') return null;
  const words = term.match(LETTERS) ?? [];
  const shape = shapeOf(term, words);
  const numeric = /^\p{N}/u.test(term);
  // An everyday word ("Zoom", "Pi", "You") is capitalised at a sentence start for that reason alone.
  const needsSign =
    (shape === 'words' || shape === 'short') &&
    words.length > 0 &&
    words.every((word) => isEverydayWord(word.toLowerCase()));
  const pronoun = words.length === 1 && isPronoun(term.toLowerCase());
  const signed = (text: string, start: number, end: number) =>
    nameCueAfter(text, end, pronoun) ||
    introducedAsName(text, start) ||
    appositionAfter(text, end) ||
    listedWithKind(text, end) ||
    ((shape === 'words' || shape === 'short') && capitalAfter(text, end));
  const oneWord = words.length === 1;
  return {
    ...compilePattern(term),
    length: term.length,
    signed,
    judge(text, start, end) {
      if (numeric && isQuantity(text, start, end)) return 'no';
      // Family "a short name's letters used as a unit or a game term": such a use also says the answer
      // reads the letters in another sense, so its bare ones ("your HP only matters") need a sign too.
      if (shape === 'short' && unitOrStat(text, start, end)) return 'lookalike';
      const found = text.slice(start, end);
      const asName =
        shape === 'distinctive' ||
        (shape === 'short' ? found === term : capitalisedLike(found, term, oneWord));
      if (!asName) {
        if (found !== found.toLowerCase() || !inCasualQuote(text, start)) return 'no';
        return signed(text, start, end) ? 'cue' : 'weak';
      }
      if (partOfAnotherName(text, start, end)) return 'lookalike';
      if (shape === 'calendar') {
        if (timePhrase(text, start, end)) return 'no';
        const sign =
          verbOrProductAfter(text, end) || capitalAfter(text, end) || introducedAsName(text, start);
        return sign ? 'cue' : 'weak';
      }
      if (needsSign && inCapitals(text, start, found, term)) return 'weak';
      if (needsSign && startsSentence(text, start)) return signed(text, start, end) ? 'cue' : 'weak';
      return 'plain';
    },
  };
}
