/** The answers the fake engines give, and the helpers that place citation markers into them. */
import type { EngineSource } from '../../../engines/types.ts';

export interface FakeAnswer {
  text: string;
  sources: EngineSource[];
}

/** What an engine answers to a prompt (with search). */
export type AnswerFn = (engineId: string, prompt: string) => FakeAnswer;
/** What an engine's plain text model answers (no search). */
export type CompleteFn = (engineId: string, system: string, user: string) => string;

const BRANDS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli'];

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return h;
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'answer'
  );
}

/** Names three brands (which, and in what order, depends on the prompt) and cites three URLs. */
export const defaultAnswer: AnswerFn = (engineId, prompt) => {
  const start = hash(prompt) % BRANDS.length;
  const [a, b, c] = [0, 1, 2].map((i) => BRANDS[(start + i) % BRANDS.length]!);
  const path = slug(prompt);
  return {
    text: [
      `${a} is the most recommended choice for this.`,
      `- ${a} leads on value.\n- ${b} is a strong alternative with better support.\n- ${c} suits small budgets.`,
      `Most reviews put ${a} first and ${b} second.`,
    ].join('\n\n'),
    sources: [
      { url: `https://www.${a!.toLowerCase()}.example/guides/${path}`, title: `${a} buying guide` },
      { url: `https://reviews.example/${path}`, title: `The best picks, compared` },
      { url: `https://news.example/${engineId}/${path}`, title: `${b} vs ${c}` },
    ],
  };
};

export const defaultComplete: CompleteFn = (engineId, system, user) =>
  `${engineId} judged ${JSON.stringify(user)} under ${JSON.stringify(system)}`;

export interface Sentence {
  /** [start, end) in the text, trailing blanks included, so the sentences join back to the text. */
  start: number;
  end: number;
  /** Where a citation marker goes: before the closing punctuation. */
  markAt: number;
  /** The sources this sentence cites: source i is cited by sentence i modulo the sentence count. */
  cites: number[];
}

export function sentences(text: string, sourceCount: number): Sentence[] {
  const found: Sentence[] = [];
  let start = 0;
  for (const m of text.matchAll(/[.!?](?=\s|$)\s*/g)) {
    found.push({ start, end: m.index + m[0].length, markAt: m.index, cites: [] });
    start = m.index + m[0].length;
  }
  if (start < text.length) found.push({ start, end: text.length, markAt: text.trimEnd().length, cites: [] });
  for (let i = 0; i < sourceCount && found.length > 0; i++) found[i % found.length]!.cites.push(i);
  return found;
}

export interface MarkedText {
  text: string;
  /** Where each marker landed: [start, end) of the marker itself (its leading blank excluded). */
  spans: { source: number; start: number; end: number }[];
}

/** The text with `marker(i)` inserted for each source i, before the punctuation of the sentence citing it. */
export function withMarkers(
  text: string,
  sourceCount: number,
  marker: (source: number) => string,
): MarkedText {
  let out = '';
  let from = 0;
  const spans: MarkedText['spans'] = [];
  for (const sentence of sentences(text, sourceCount)) {
    out += text.slice(from, sentence.markAt);
    for (const source of sentence.cites) {
      const m = marker(source);
      const blank = m.length - m.trimStart().length;
      spans.push({ source, start: out.length + blank, end: out.length + m.length });
      out += m;
    }
    from = sentence.markAt;
  }
  return { text: out + text.slice(from), spans };
}

export function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}
