/**
 * Offline, lexicon-based sentiment toward the brand, read from the sentences that name it. Inside such a
 * sentence only the clauses about the brand count: a clause naming a competitor and not the brand
 * ("…, while Foo is buggy") belongs to that competitor, and a clause naming no one belongs to the name
 * before it ("Acme is fast but pricey"), or to the first name after it when it leads the sentence.
 */
import { BRAND, type Mention } from './mentions.ts';
import { NEGATIVE_TERMS, NEGATORS, POSITIVE_TERMS } from './sentiment-lexicon.ts';
import { brandClauses } from './brand-clauses.ts';
import type { Sentiment } from './types.ts';

interface Entry {
  words: string[];
  positive: boolean;
}

const ENTRIES = new Map<string, Entry[]>();
for (const [terms, positive] of [
  [POSITIVE_TERMS, true],
  [NEGATIVE_TERMS, false],
] as const) {
  for (const term of terms) {
    const words = term.split(' ');
    const first = words[0] ?? '';
    ENTRIES.set(first, [...(ENTRIES.get(first) ?? []), { words, positive }]);
  }
}
for (const entries of ENTRIES.values()) entries.sort((a, b) => b.words.length - a.words.length);

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const NEGATION_REACH = 3;
/** In a lexicon entry, stands for any one word ("the only * that"). */
const ANY_WORD = '*';
const CUES_SHOWN = 4;

interface Cues {
  positive: Set<string>;
  negative: Set<string>;
}

function isNegator(word: string, next: string | undefined): boolean {
  if (word === 'not' && next === 'only') return false; // "not only fast but also…"
  return NEGATORS.has(word) || word.endsWith("n't");
}

/** The first (longest) of `candidates` whose words follow at `words[i]`; plain loops, as this runs for
 * every word of every sentence naming the brand. */
function longestEntryAt(candidates: readonly Entry[], words: readonly string[], i: number): Entry | null {
  for (const entry of candidates) {
    let k = 1;
    while (
      k < entry.words.length &&
      (entry.words[k] === ANY_WORD ? i + k < words.length : words[i + k] === entry.words[k])
    )
      k++;
    if (k === entry.words.length) return entry;
  }
  return null;
}

/** Opinion words of the clause text[start, end); words inside a name ("Best Buy") are not opinions. */
function collectCues(text: string, start: number, end: number, names: readonly Mention[], cues: Cues): void {
  const words: string[] = [];
  // The names inside the clause, in text order, walked alongside the words.
  const inside = names.filter((name) => name.end > start && name.start < end);
  let next = 0;
  WORD.lastIndex = start;
  for (let match = WORD.exec(text); match && match.index < end; match = WORD.exec(text)) {
    const wordEnd = match.index + match[0].length;
    while (next < inside.length && inside[next]!.end <= match.index) next++;
    if (next < inside.length && inside[next]!.start < wordEnd) continue;
    const word = match[0].toLowerCase();
    words.push(word.includes('’') ? word.replaceAll('’', "'") : word);
  }
  for (let i = 0; i < words.length; i++) {
    const candidates = ENTRIES.get(words[i]!);
    if (candidates === undefined) continue;
    const entry = longestEntryAt(candidates, words, i);
    if (entry === null) continue;
    let negatedFrom = -1;
    for (let k = Math.max(0, i - NEGATION_REACH); k < i; k++) {
      if (isNegator(words[k] ?? '', words[k + 1])) negatedFrom = k;
    }
    const last = i + entry.words.length;
    const positive = negatedFrom === -1 ? entry.positive : !entry.positive;
    (positive ? cues.positive : cues.negative).add(
      words.slice(negatedFrom === -1 ? i : negatedFrom, last).join(' '),
    );
    i = last - 1;
  }
}

function quoted(cues: Set<string>): string {
  return [...cues]
    .slice(0, CUES_SHOWN)
    .map((cue) => `"${cue}"`)
    .join(', ');
}

/** Sentiment toward the brand and a one-line reason; `mentions` are every owner's, in text order. */
export function scoreSentiment(
  maskedText: string,
  mentions: readonly Mention[],
  brandName: string,
): { sentiment: Sentiment; reason: string } {
  const name = brandName.replace(/\s+/g, ' ').trim();
  const cues: Cues = { positive: new Set(), negative: new Set() };
  if (!mentions.some((mention) => mention.owner === BRAND)) {
    return { sentiment: 'not-applicable', reason: `${name} is not named in the answer` };
  }
  for (const { start, end } of brandClauses(maskedText, mentions))
    collectCues(maskedText, start, end, mentions, cues);
  const where = `in sentences naming ${name}`;
  const { positive, negative } = cues;
  if (positive.size > 0 && negative.size > 0) {
    return {
      sentiment: 'mixed',
      reason: `Mixed: positive ${quoted(positive)}; negative ${quoted(negative)} ${where}`,
    };
  }
  if (positive.size > 0) return { sentiment: 'positive', reason: `Positive: ${quoted(positive)} ${where}` };
  if (negative.size > 0) return { sentiment: 'negative', reason: `Negative: ${quoted(negative)} ${where}` };
  return { sentiment: 'neutral', reason: `Neutral: no opinion words ${where}` };
}
