import type { z } from 'zod';
import type { Answer } from '../../server/contract/results.ts';
import { addDays } from '../../server/domain/clock.ts';
import { newId } from '../../server/domain/ids.ts';
import type { Harness } from './api-harness.ts';
import { importLines, type RawLine } from './answers.ts';
import { createProject } from './fixtures.ts';

export type StoredAnswer = z.infer<typeof Answer>;

export const TODAY = '2026-06-15';

/** The tables migration 0006 creates and 0006 and 0008 fill from the answers already stored. */
export const INSIGHT_TABLES = [
  'source_days',
  'source_months',
  'prompt_numbers',
  'prompt_days',
  'prompt_months',
  'trend_days',
  'surface_days',
  'surface_months',
  'surface_domain_days',
  'surface_domain_months',
];

/** Answer texts whose scores are known: who is named, in which order, in which tone. */
export const TEXTS = {
  acmeFirst: 'Acme is the best choice, reliable and fast. Globex is also fine.',
  acmeSecond: 'Globex and Acme both work; Acme is slow and buggy.',
  rivalsOnly: 'Globex leads the market. Initech is cheaper.',
  nobody: 'Pick whatever suits your team.',
};

export const PAGES = {
  pricing: 'https://acme.com/pricing',
  docs: 'https://docs.acme.io/start',
  globex: 'https://globex.com/',
  initech: 'https://www.initech.com/crm',
  g2: 'https://www.g2.com/categories/crm',
  review: 'https://review.example.org/crm',
};

export const PROMPTS = [
  { text: 'best crm for startups?', topicIds: ['pricing'], status: 'active' as const },
  { text: 'top crm tools', topicIds: ['reviews'], status: 'active' as const },
  { text: 'cheapest crm', topicIds: ['pricing'], status: 'paused' as const },
];

export interface LineSpec {
  day: string;
  engine: string;
  prompt: string;
  text: string;
  sources?: string[];
  topicId?: string;
  hour?: number;
}

let counter = 0;

/** An import line from a compact spec; the id keeps re-imports idempotent. */
export function line(spec: LineSpec): RawLine {
  counter += 1;
  return {
    id: `insight-${counter}`,
    promptText: spec.prompt,
    engineId: spec.engine,
    observedAt: `${spec.day}T${String(spec.hour ?? 10).padStart(2, '0')}:00:${String(counter % 60).padStart(2, '0')}.000Z`,
    text: spec.text,
    sources: (spec.sources ?? []).map((url) => ({ url, title: null })),
    ...(spec.topicId !== undefined && { topicId: spec.topicId }),
  };
}

/**
 * A fresh account with project "Acme" (acme.com and acme.io; competitors Globex and Initech), topics pricing and
 * reviews, the three PROMPTS (ids returned in that order), and the given answers imported as the service would.
 */
export async function insightProject(h: Harness, lines: readonly LineSpec[] = []) {
  h.clock.set(`${TODAY}T12:00:00.000Z`);
  const { key, accountId } = await h.account();
  const projectId = (await createProject(h.store, accountId)).id;
  await h.store.competitors.replace(projectId, [
    { name: 'Globex', domains: ['globex.com'] },
    { name: 'Initech', domains: ['initech.com'] },
  ]);
  const at = h.clock.now().toISOString();
  await h.store.topics.ensure(
    projectId,
    [
      { id: 'pricing', label: 'Pricing' },
      { id: 'reviews', label: 'Reviews' },
    ],
    at,
  );
  const promptIds: string[] = [];
  for (const [i, p] of PROMPTS.entries()) {
    const id = newId('prm');
    promptIds.push(id);
    await h.store.prompts.create({
      id,
      projectId,
      text: p.text,
      status: p.status,
      engineIds: ['chatgpt', 'chatgpt-local-fetch'],
      topicIds: p.topicIds,
      createdAt: new Date(Date.parse(at) + i).toISOString(),
    });
  }
  if (lines.length > 0) await importLines(h.store, h.clock, projectId, lines.map(line));
  return { key, accountId, projectId, promptIds };
}

/** Every stored answer of the range as the answers endpoint shows it, walking every page. */
export async function allAnswers(h: Harness, key: string, projectId: string, from: string, to: string) {
  const out: StoredAnswer[] = [];
  let cursor: string | null = null;
  do {
    const r = await h.get(
      `/v1/projects/${projectId}/answers?from=${from}&to=${to}&limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      key,
    );
    if (r.statusCode !== 200) throw new Error(`answers: ${r.statusCode} ${r.body}`);
    const body = r.json() as { data: StoredAnswer[]; nextCursor: string | null };
    out.push(...body.data);
    cursor = body.nextCursor;
  } while (cursor);
  return out;
}

/** Every page of a paged read, following nextCursor; asserts each page is 200. */
export async function allPages<T>(
  h: Harness,
  key: string,
  url: string,
): Promise<{ pages: number; data: T[] }> {
  const data: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const r = await h.get(`${url}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`, key);
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    const body = r.json() as { data: T[]; nextCursor: string | null };
    data.push(...body.data);
    cursor = body.nextCursor;
    pages += 1;
  } while (cursor);
  return { pages, data };
}

/** The days `from` to `to`. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
