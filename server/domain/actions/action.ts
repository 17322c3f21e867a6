import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Action, ActionEvidence, ActionKind } from '../../contract/actions.ts';
import { findEngine } from '../../../engines/catalog.ts';
import type { ExampleCandidate, ExampleFilter } from '../../store/repositories/action-examples.ts';

export type ActionKindName = z.infer<typeof ActionKind>;
export type Evidence = z.infer<typeof ActionEvidence>;
export type ActionView = z.infer<typeof Action>;

/** An action as a kind's rule finds it, before its status and examples are added. */
export interface ActionDraft {
  id: string;
  kind: ActionKindName;
  title: string;
  reach: { answers: number; prompts: number; engines: number };
  evidence: Omit<Evidence, 'answerIds' | 'reasons'>;
  /** What must change for a done or dismissed action to open again (see fingerprint). */
  fingerprint: string;
  /** Where its example answers are and how one is told: read for the page shown only. */
  examples: {
    filter: Omit<ExampleFilter, 'projectId' | 'from' | 'to'>;
    accepts: (c: ExampleCandidate) => boolean;
  };
}

/** The id of an action: the same kind and subject always give the same id, whatever the figures. */
export const actionId = (kind: ActionKindName, subject: string): string =>
  `act_${createHash('sha256').update(`${kind}\0${subject}`).digest('hex').slice(0, 20)}`;

/** Figures that change by less than doubling or halving are the same evidence: a power-of-two bucket. */
export const magnitude = (n: number): number => (n <= 0 ? 0 : Math.floor(Math.log2(n)) + 1);

export const fingerprint = (parts: readonly (string | number)[]): string =>
  createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 32);

export const NO_EVIDENCE: Omit<Evidence, 'answerIds' | 'reasons'> = {
  answers: 0,
  domain: null,
  url: null,
  sourceType: null,
  pageKind: null,
  query: null,
  promptId: null,
  promptText: null,
  competitors: [],
  rivalAnswers: null,
  citedAnswers: null,
  engines: [],
  previous: [],
  missingEngines: [],
  statement: null,
  drift: null,
  partial: null,
};

export const engineLabel = (id: string): string => findEngine(id)?.label ?? id;

/** "A", "A and B", "A, B and C". */
export function wordList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The stored JSON of an answer's sources or searches, as a list of strings (engine text). */
export function stringList(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
}

/** Whether an answer's stored competitor hits name any competitor (`[[index, mentioned, cited, url], …]`). */
export function namesRival(competitorHits: string): boolean {
  const hits: unknown = JSON.parse(competitorHits);
  return Array.isArray(hits) && hits.some((h) => Array.isArray(h) && h[1] === 1);
}

/** The longest run of letters, digits, dots and hyphens: a piece of the text any stored copy of it holds. */
export function longestToken(text: string): string {
  return (text.toLowerCase().match(/[a-z0-9.-]+/g) ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
}
