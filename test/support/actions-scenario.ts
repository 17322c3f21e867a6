import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { addDays } from '../../server/domain/clock.ts';
import type { Harness } from './api-harness.ts';
import { importLines } from './answers.ts';
import { allAnswers, insightProject, line, TEXTS, TODAY, type LineSpec } from './insights.ts';

/*
 * A small set of answers whose ranked actions are worked out by hand (actions.test.ts, actions-status.test.ts): each
 * kind, the order, examples.
 */
export const G2 = 'https://www.g2.com/categories/crm';
export const LIST = 'https://crmweekly.net/best-crm-tools-2026';
export const PRICING = 'https://acme.com/pricing';
export const EXAMPLE_ORG = 'https://review.example.org/crm';
export const REDDIT = 'https://www.reddit.com/r/crm/comments/1';
export const P0 = 'best crm for startups?';
export const P1 = 'top crm tools';

export interface Spec {
  name: string;
  back: number;
  engine: string;
  prompt: string;
  text: string;
  sources: string[];
  searches: string[];
}

/** The answers of the range (the last 30 days) and three of the period before it. */
export const SPECS: Spec[] = [
  {
    name: 'A1',
    back: 5,
    engine: 'chatgpt',
    prompt: P0,
    text: TEXTS.rivalsOnly,
    sources: [G2],
    searches: ['best crm for startups'],
  },
  {
    name: 'A2',
    back: 4,
    engine: 'chatgpt',
    prompt: P0,
    text: TEXTS.rivalsOnly,
    sources: [G2],
    searches: ['Best CRM for startups?'],
  },
  {
    name: 'A3',
    back: 3,
    engine: 'chatgpt',
    prompt: P0,
    text: TEXTS.rivalsOnly,
    sources: [G2],
    searches: ['best crm for startups'],
  },
  {
    name: 'A4',
    back: 2,
    engine: 'perplexity',
    prompt: P1,
    text: TEXTS.rivalsOnly,
    sources: [G2, LIST],
    searches: [],
  },
  {
    name: 'A5',
    back: 2,
    engine: 'gemini',
    prompt: P1,
    text: TEXTS.rivalsOnly,
    sources: [LIST],
    searches: ['best crm for startups'],
  },
  {
    name: 'A6',
    back: 1,
    engine: 'chatgpt',
    prompt: P1,
    text: TEXTS.acmeFirst,
    sources: [PRICING, EXAMPLE_ORG],
    searches: ['acme pricing'],
  },
  {
    name: 'A7',
    back: 1,
    engine: 'gemini',
    prompt: P1,
    text: TEXTS.nobody,
    sources: [EXAMPLE_ORG],
    searches: ['acme pricing'],
  },
  {
    name: 'A8',
    back: 1,
    engine: 'claude',
    prompt: P0,
    text: TEXTS.rivalsOnly,
    sources: [REDDIT],
    searches: ['acme pricing', 'rare search'],
  },
  {
    name: 'A9',
    back: 6,
    engine: 'claude',
    prompt: P0,
    text: TEXTS.rivalsOnly,
    sources: [EXAMPLE_ORG],
    searches: ['rare search', 'best crm for startups'],
  },
  { name: 'B1', back: 40, engine: 'chatgpt', prompt: P0, text: TEXTS.acmeFirst, sources: [], searches: [] },
  { name: 'B2', back: 39, engine: 'chatgpt', prompt: P0, text: TEXTS.acmeFirst, sources: [], searches: [] },
  { name: 'B3', back: 40, engine: 'gemini', prompt: P1, text: TEXTS.acmeFirst, sources: [], searches: [] },
];

export const toLine = (a: Spec) => ({
  ...line({
    day: addDays(TODAY, -a.back),
    engine: a.engine,
    prompt: a.prompt,
    text: a.text,
    sources: a.sources,
  } satisfies LineSpec),
  searchQueries: a.searches,
});

/** The documented id rule: the kind and the subject, hashed. */
export const idOf = (kind: string, subject: string) =>
  `act_${createHash('sha256').update(`${kind}\0${subject}`).digest('hex').slice(0, 20)}`;

export interface ActionBody {
  id: string;
  kind: string;
  title: string;
  reach: { answers: number; prompts: number; engines: number };
  evidence: Record<string, unknown> & { answerIds: string[] };
  status: string;
  statusChangedAt: string | null;
}

export async function scenario(h: Harness) {
  const p = await insightProject(h);
  await importLines(h.store, h.clock, p.projectId, SPECS.map(toLine));
  const stored = await allAnswers(h, p.key, p.projectId, addDays(TODAY, -60), TODAY);
  // Each spec is the only answer of its engine on its day.
  const idOfSpec = (name: string) => {
    const s = SPECS.find((x) => x.name === name)!;
    return stored.find((a) => a.engineId === s.engine && a.date === addDays(TODAY, -s.back))!.id;
  };
  return { ...p, idOfSpec };
}

export const read = async (h: Harness, key: string, projectId: string, query = '') => {
  const r = await h.get(`/v1/projects/${projectId}/actions${query}`, key);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { from: string; to: string; data: ActionBody[]; nextCursor: string | null };
};
