import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../server/domain/clock.ts';
import { previousRange } from '../../server/domain/date-range.ts';
import { sourceClassifier } from '../../server/domain/source-class.ts';
import { OVERRIDE_TYPES } from '../../server/contract/source-types.ts';
import { sourceTyper } from '../../server/domain/source-types/source-type.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines } from '../support/answers.ts';
import { recountTypeShares } from '../support/insight-recount.ts';
import { allAnswers, insightProject, line, PAGES, PROMPTS, TEXTS, TODAY } from '../support/insights.ts';

/** Sources of every kind: own, competitor, review, ugc, reference, editorial, institutional and unknown. */
const SOURCES = [
  ...Object.values(PAGES),
  'https://www.reddit.com/r/crm/comments/1/x/',
  'https://old.reddit.com/r/sales/comments/2/y/',
  'https://en.wikipedia.org/wiki/CRM',
  'https://www.nytimes.com/2026/06/01/business/crm.html',
  'https://www.census.gov/data',
  'https://www.capterra.com/crm-software/',
  'https://unknown-widgets.com/blog/crm',
];
const DOMAINS = ['reddit.com', 'g2.com', 'unknown-widgets.com', 'example.org', 'acme.com'];

describe('stats/sources?groupBy=type against a recount', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('equals a recount of the stored answers for random answers, engines, ranges and overrides', async () => {
    const answer = fc.record({
      back: fc.integer({ min: 0, max: 40 }),
      engine: fc.constantFrom('chatgpt', 'gemini', 'perplexity'),
      text: fc.constantFrom(...Object.values(TEXTS)),
      sources: fc.subarray(SOURCES),
    });
    const override = fc.record({
      domain: fc.constantFrom(...DOMAINS),
      type: fc.constantFrom(...OVERRIDE_TYPES),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(answer, { minLength: 5, maxLength: 30 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 15 }),
        fc.option(fc.constantFrom('chatgpt', 'gemini', 'perplexity'), { nil: undefined }),
        fc.uniqueArray(override, { selector: (o) => o.domain, maxLength: 3 }),
        async (specs, fromBack, days, engine, overrides) => {
          const { key, projectId } = await insightProject(h);
          await importLines(
            h.store,
            h.clock,
            projectId,
            specs.map(({ back, ...a }) =>
              line({ day: addDays(TODAY, -back), prompt: PROMPTS[0]!.text, ...a }),
            ),
          );
          const put = await h.write('PUT', `/v1/projects/${projectId}/source-types`, key, overrides);
          expect(put.statusCode, put.body).toBe(200);
          const range = { to: addDays(TODAY, -fromBack), from: addDays(TODAY, -fromBack - days + 1) };
          const r = await h.get(
            `/v1/projects/${projectId}/stats/sources?groupBy=type&from=${range.from}&to=${range.to}${engine ? `&engine=${engine}` : ''}`,
            key,
          );
          expect(r.statusCode, r.body).toBe(200);
          const answers = await allAnswers(h, key, projectId, addDays(TODAY, -60), TODAY);
          const project = (await h.store.projects.get(projectId))!;
          const typer = sourceTyper(
            sourceClassifier(project, await h.store.competitors.list(projectId)),
            overrides,
          );
          const want = recountTypeShares(
            answers,
            { ...range, engine: engine && [engine], previous: previousRange(range) },
            typer,
          );
          const got = r.json().data;
          expect(got.map((t: { type: string }) => t.type)).toEqual(want.map((t) => t.type));
          for (const [i, t] of want.entries()) {
            const g = got[i];
            expect([g.citations, g.previousCitations]).toEqual([t.citations, t.previousCitations]);
            expect(
              g.engines.map((e: { engineId: string; citations: number }) => [e.engineId, e.citations]),
            ).toEqual(t.engines.map((e) => [e.engineId, e.citations]));
            for (const [name, value] of [
              ['share', t.share],
              ['previousShare', t.previousShare],
              ['change', t.change],
            ] as const)
              if (value === null) expect(g[name], name).toBeNull();
              else expect(g[name], name).toBeCloseTo(value, 12);
          }
        },
      ),
      { numRuns: 10 },
    );
  });
});
