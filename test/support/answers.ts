import type { Clock } from '../../server/domain/clock.ts';
import { importAnswers } from '../../server/domain/import-answers.ts';
import type { Store } from '../../server/store/index.ts';
import type { Harness } from './api-harness.ts';
import { createProject } from './fixtures.ts';

export interface RawLine {
  id?: string;
  promptText: string;
  engineId: string;
  observedAt: string;
  text: string;
  sources: { url: string; title: string | null }[];
  topicId?: string;
  searchQueries?: string[];
}

/** Imports lines through the same path as `answers import`; fails the test on any invalid line. */
export async function importLines(store: Store, clock: Clock, projectId: string, lines: RawLine[]) {
  const result = await importAnswers(
    store,
    clock,
    projectId,
    lines.map((l) => JSON.stringify(l)),
  );
  if (result.invalid.length > 0) throw new Error(`invalid test lines: ${JSON.stringify(result.invalid)}`);
  return result;
}

const ENGINES = ['chatgpt', 'gemini', 'perplexity', 'claude'];
const TEXTS = [
  {
    text: 'Acme is the best choice for small teams, reliable and fast. Globex is also fine.',
    mentioned: true,
  },
  { text: 'Globex leads the market. Initech is cheaper.', mentioned: false },
  { text: 'Initech and Acme both work; Acme is slow and buggy.', mentioned: true },
  { text: 'Consider Globex or Initech.', mentioned: false },
];

/** `count` varied answers spread over the days before `endDay`, each a known mix of brands and sources. */
export function variedLines(count: number, endDay: string, days = 10): RawLine[] {
  const end = Date.parse(`${endDay}T00:00:00.000Z`);
  return Array.from({ length: count }, (_, i) => {
    const t = TEXTS[i % TEXTS.length]!;
    return {
      id: `line-${i}`,
      promptText: i % 3 === 0 ? 'best crm for startups?' : 'top crm tools',
      engineId: ENGINES[i % ENGINES.length]!,
      observedAt: new Date(end - (i % days) * 86_400_000 + 3_600_000 + i * 1000).toISOString(),
      text: t.text,
      sources:
        i % 5 === 0
          ? [
              { url: 'https://docs.acme.com/pricing?utm_source=x', title: 'Acme pricing' },
              { url: 'https://globex.com/', title: null },
            ]
          : [{ url: 'https://review.example.org/crm', title: 'Review' }],
      ...(i % 2 === 0 ? { topicId: 'pricing' } : {}),
    };
  });
}

/**
 * A fresh account and project "Acme" with competitors Globex and Initech, holding `count` varied answers over
 * the `days` days up to the harness clock's day (set to 2026-06-15).
 */
export async function projectWithAnswers(h: Harness, count: number, days = 10) {
  h.clock.set('2026-06-15T12:00:00.000Z');
  const { key, accountId } = await h.account();
  const projectId = (await createProject(h.store, accountId)).id;
  await h.store.competitors.replace(projectId, [
    { name: 'Globex', domains: ['globex.com'] },
    { name: 'Initech', domains: ['initech.com'] },
  ]);
  await importLines(h.store, h.clock, projectId, variedLines(count, '2026-06-15', days));
  return { key, projectId };
}
