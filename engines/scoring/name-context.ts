/**
 * What the words around a possible name say about it. Each check names the family of misreadings it
 * settles; term-rules.ts combines them, the same way for the brand and every competitor.
 */
import { isDictionaryWord, isFiniteVerb, isGrammarWord, isPersonName, isPlainNoun } from './lexicon.ts';
import { WORD_CHAR } from './words.ts';

const LETTER = /[\p{L}\p{M}'’]/u;

/** The word right after `end` on the same line (separated by spaces only), or null. */
export function wordAfter(text: string, end: number): string | null {
  let from = end;
  while (from < text.length && isBlank(text.charCodeAt(from))) from++;
  if (from === end || !/\p{L}/u.test(text.charAt(from))) return null;
  let to = from + 1;
  while (to < text.length && isWordCodeAt(text, to)) to++;
  return text.slice(from, to);
}

const isBlank = (code: number) => code === 0x20 || code === 0x09;
const isAsciiLower = (code: number) => code >= 0x61 && code <= 0x7a;
const isAsciiUpper = (code: number) => code >= 0x41 && code <= 0x5a;

/** Whether `text[i]` continues a word: ASCII letters and apostrophes by code, the rest by Unicode class. */
function isWordCodeAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 0x80) return isAsciiLower(code | 0x20) || code === 0x27;
  return LETTER.test(text.charAt(i));
}

/** The word right before `start` on the same line (separated by spaces only), or null. Scanned backwards
 * by hand: a regex anchored at the end costs more than the rest of the judging. */
function wordBefore(text: string, start: number): string | null {
  let end = start;
  while (end > 0 && isBlank(text.charCodeAt(end - 1))) end--;
  if (end === start) return null;
  let from = end;
  while (from > 0 && isWordCodeAt(text, from - 1)) from--;
  return from < end && /\p{L}/u.test(text.charAt(from)) ? text.slice(from, end) : null;
}

/** Family "name at the start of a sentence": marks that only a name takes, right after the word: a
 * possessive, a hyphenated compound, a closing quote or bold mark around the word alone, the end of a
 * list item or heading (with or without a full stop), a description ("Notion: …", "Zoom – …", "You
 * (you.com)"). */
const MARK_AFTER = new RegExp(
  `(?:['’]s(?!${WORD_CHAR})|[\\-‐‑]${WORD_CHAR}|["”»]|\\*\\*|__|[ \\t]*(?::|[–—\\(]|-\\s|[.!?]?[ \\t]*(?:\\r?\\n|$)))`,
  'yv',
);

/** Family "non-English passage": names are attached to particles in scripts without spaces ("Acmeは"). */
const CJK_AFTER = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/uy;

/** Family "non-English passage": the copulas and auxiliaries of the main European languages, which the
 * English lexicon does not know ("Wise ist…", "Glo est…", "Planta es…", "O Planta é…"). */
const FOREIGN_VERBS: ReadonlySet<string> = new Set(
  'ist sind war hat bietet est sont était propose es son está ofrece é são tem oferece är har erbjuder'.split(
    ' ',
  ),
);

/** Family "everyday-word name used as a name": the nouns that say the word before them is a product's
 * or company's name ("the Down Dog app", "the Wise card", "Planta Premium" is caught as a capital). */
const PRODUCT_NOUNS: ReadonlySet<string> = new Set(
  'app apps account accounts api card cards plan plans subscription platform workspace extension widget website software'.split(
    ' ',
  ),
);

/** The nouns that, right before a name, introduce it ("the productivity app Notion", "the assistant Pi"). */
const INTRODUCING_NOUNS: ReadonlySet<string> = new Set(
  'app tool platform service company startup assistant chatbot brand product software website vendor provider maker manufacturer'.split(
    ' ',
  ),
);

function lower(word: string | null): string {
  if (word === null) return '';
  const folded = word.toLowerCase();
  return folded.includes('’') ? folded.replaceAll('’', "'") : folded;
}

/** Whether the word after a name makes the name its subject ("Notion exposes…", "Wise dropped…", "Craft
 * can…") or its owner ("the Wise card"), in English or a main European language ("Wise ist…"). After a
 * name that is also a pronoun only a verb a pronoun never takes counts ("You is…", not "You can…"). */
export function verbOrProductAfter(text: string, end: number, pronoun = false): boolean {
  const next = wordAfter(text, end);
  if (next === null || next !== next.toLowerCase()) return false;
  const word = lower(next);
  return isFiniteVerb(word, pronoun) || PRODUCT_NOUNS.has(word) || FOREIGN_VERBS.has(word);
}

/** Whether what follows a name at `end` shows it is used as a name: a mark only names take, a particle of a
 * language written without spaces, or a verb or product noun (verbOrProductAfter). */
export function nameCueAfter(text: string, end: number, pronoun = false): boolean {
  MARK_AFTER.lastIndex = end;
  if (MARK_AFTER.test(text)) return true;
  CJK_AFTER.lastIndex = end;
  return CJK_AFTER.test(text) || verbOrProductAfter(text, end, pronoun);
}

/** Whether a capitalised word follows on the same line, continuing a product's name ("Monday Work
 * Management", "Acer Predator Helios", "Planta Premium"), in a line that is not written in Title Case
 * ("## Why You Should Compare Vendors", where capitals say nothing). */
export function capitalAfter(text: string, end: number): boolean {
  const next = wordAfter(text, end);
  if (next === null || !/^\p{Lu}/u.test(next)) return false;
  const lineEnd = text.indexOf('\n', end);
  const rest = text.slice(end, lineEnd === -1 ? text.length : lineEnd).match(/\p{L}{4,}/gu) ?? [];
  const words = rest.filter((word) => isDictionaryWord(word.toLowerCase()));
  return words.length < 2 || words.some((word) => word === word.toLowerCase());
}

/** Family "name at the start of a sentence": an apposition describing it ("Pi, the assistant from…"), or
 * an aside between the name and its verb ("Wise, by comparison, is slower…"). */
const APPOSITION = /,[ \t]+(?:the|an?)[ \t]/y;
const ASIDE = /,[^,\n]{1,40},/y;

export function appositionAfter(text: string, end: number): boolean {
  APPOSITION.lastIndex = end;
  if (APPOSITION.test(text)) return true;
  ASIDE.lastIndex = end;
  return ASIDE.test(text) && verbOrProductAfter(text, ASIDE.lastIndex);
}

/** Family "a name listed with the kind of thing it is": coordinated with a phrase whose noun is a product
 * or a company ("ask Claude or any assistant", "Notion and other tools", "HP or another brand"), where
 * the word would be listed with its own kind ("juniper, holly and other shrubs"). */
const KIND_AFTER =
  /[ \t]*,?[ \t]*(?:and|or)[ \t]+(?:(?:any|another|other|similar|a|an|the|most|many)[ \t]+){0,2}(\p{L}+)/uy;

export function listedWithKind(text: string, end: number): boolean {
  KIND_AFTER.lastIndex = end;
  const match = KIND_AFTER.exec(text);
  if (match === null) return false;
  const noun = match[1]!.toLowerCase();
  return INTRODUCING_NOUNS.has(noun) || INTRODUCING_NOUNS.has(noun.replace(/s$/, ''));
}

/** Whether a noun right before the name introduces it as a product or company. */
export function introducedAsName(text: string, start: number): boolean {
  return INTRODUCING_NOUNS.has(lower(wordBefore(text, start)));
}

/** Family "another company sharing the name": words that, after a name, make it another organisation's
 * name ("Notion Capital", "HP Enterprise", "Pi Network", "Wise Foods"). */
const ORGANISATION_WORDS: ReadonlySet<string> = new Set(
  'Capital Ventures Partners Enterprise Network Foods Foundation Holdings Fund Investments'.split(' '),
);

/**
 * Family "a person sharing a tracked name": a name that is also part of people's names, beside another
 * part of one that is no English word, is that person ("Claude Shannon's work", "Usain Bolt"); the
 * product lines written beside a name are words or coined names ("Claude Sonnet", "Dell Inspiron").
 */
function personBeside(name: string, neighbour: string): boolean {
  const bare = neighbour.replace(/['’]s$/, '');
  return isPersonName(bare) && !isDictionaryWord(bare.toLowerCase()) && isPersonName(name);
}

/**
 * Whether the name at [start, end) is part of another entity's name: followed by an organisation word, or
 * preceded by a capitalised plain noun it forms a compound with ("Raspberry Pi", "Cherry Blossom"), or
 * beside another part of a person's name (personBeside).
 */
export function partOfAnotherName(text: string, start: number, end: number): boolean {
  // Both neighbours must be capitalised words one space away, which most names lack: checked by char code
  // first (ASCII words only, which is what organisation words, these compounds and most names are).
  if (text.charCodeAt(end) === 0x20 && isAsciiUpper(text.charCodeAt(end + 1))) {
    const next = wordAfter(text, end);
    if (next !== null && (ORGANISATION_WORDS.has(next) || personBeside(text.slice(start, end), next))) {
      return true;
    }
  }
  if (start < 3 || text.charCodeAt(start - 1) !== 0x20 || !isAsciiLower(text.charCodeAt(start - 2)))
    return false;
  let from = start - 2;
  while (from > 0 && isAsciiLower(text.charCodeAt(from - 1))) from--;
  if (from === 0 || !isAsciiUpper(text.charCodeAt(from - 1))) return false;
  from--;
  if (from > 0 && isWordCodeAt(text, from - 1)) return false;
  const previous = text.slice(from, start - 1);
  return isPlainNoun(previous.toLowerCase()) || personBeside(text.slice(start, end), previous);
}

/** Family "a short name's letters used as a unit or a game term": after a number ("255 HP", "+50 HP"),
 * after a game-stat word ("max HP"), or before one ("HP bar", "HP pool"). */
const STAT_BEFORE: ReadonlySet<string> = new Set('max min maximum minimum base bonus low full'.split(' '));
const STAT_AFTER: ReadonlySet<string> = new Set(
  'bar bars pool regen regeneration potion potions points damage loss gauge'.split(' '),
);

/** Family "a short name's letters used as a quantity": a quantifier takes a mass noun, never a company,
 * so after one the letters heading their phrase are a quantity ("restores all HP and spell slots", "regain
 * some HP", "more HP than"); a name only follows one as a modifier ("all HP laptops", "some HP models"). */
const QUANTIFIERS: ReadonlySet<string> = new Set('all some more less much enough extra'.split(' '));

function headsItsPhrase(next: string | null): boolean {
  return next === null || isGrammarWord(lower(next));
}

export function unitOrStat(text: string, start: number, end: number): boolean {
  let before = start;
  while (
    before > 0 &&
    (isBlank(text.charCodeAt(before - 1)) || text[before - 1] === '+' || text[before - 1] === '%')
  ) {
    before--;
  }
  const code = text.charCodeAt(before - 1);
  if (before > 0 && code >= 0x30 && code <= 0x39) return true;
  const previous = lower(wordBefore(text, start));
  const next = wordAfter(text, end);
  return (
    STAT_BEFORE.has(previous) ||
    STAT_AFTER.has(lower(next)) ||
    (QUANTIFIERS.has(previous) && headsItsPhrase(next))
  );
}

/** Family "a weekday counted as the company named after it": a day or month name in a time phrase
 * ("on Monday", "every Monday", "Monday mornings"). */
const TIME_BEFORE: ReadonlySet<string> = new Set(
  'on every each by until till since next last this before after from through per'.split(' '),
);
const TIME_AFTER: ReadonlySet<string> = new Set(
  'morning mornings afternoon afternoons evening evenings night nights'.split(' '),
);

export function timePhrase(text: string, start: number, end: number): boolean {
  const previous = lower(wordBefore(text, start));
  return TIME_BEFORE.has(previous) || TIME_AFTER.has(lower(wordAfter(text, end)));
}

/** Family "lower-case name in a quoted user comment": whether `index` lies inside a quotation on its line
 * that opens in lower case, the way people type comments ("ngl notion runs my life"). */
export function inCasualQuote(text: string, index: number): boolean {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  // Most lines hold no quotation: two searches rule them out without walking the line.
  if (Math.max(text.lastIndexOf('"', index), text.lastIndexOf('“', index)) < lineStart) return false;
  let open = -1;
  for (let i = lineStart; i < index; i++) {
    const c = text[i];
    if (c === '“' || (c === '"' && open === -1)) open = i;
    else if (c === '”' || c === '"') open = -1;
  }
  if (open === -1) return false;
  const first = /\p{L}/u.exec(text.slice(open + 1, index + 1));
  return first !== null && first[0] === first[0].toLowerCase();
}
