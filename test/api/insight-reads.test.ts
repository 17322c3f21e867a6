import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PromptStats, SourceStats, Surfaces, Trends } from '../../server/contract/insights.ts';
import { addDays } from '../../server/domain/clock.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines } from '../support/answers.ts';
import { createProject } from '../support/fixtures.ts';
import { insightProject, line, PAGES, PROMPTS, TEXTS, TODAY } from '../support/insights.ts';

/** The rules every insight read shares with the contract's reads. */
const READS = [
  { path: 'stats/sources', schema: SourceStats },
  { path: 'stats/prompts', schema: PromptStats },
  { path: 'stats/trends', schema: Trends },
  { path: 'stats/surfaces', schema: Surfaces },
];

describe('insight reads: the rules of every read', () => {
  let h: Harness;
  let key: string;
  let accountId: string;
  let p: string;
  const get = (path: string, k = key, headers: Record<string, string> = {}) =>
    h.get(`/v1/projects/${p}/${path}`, k, headers);

  beforeAll(async () => {
    h = await createHarness();
    ({
      key,
      accountId,
      projectId: p,
    } = await insightProject(h, [
      {
        day: TODAY,
        engine: 'chatgpt',
        prompt: PROMPTS[0]!.text,
        text: TEXTS.acmeFirst,
        sources: [PAGES.pricing],
      },
      {
        day: TODAY,
        engine: 'chatgpt-local-fetch',
        prompt: PROMPTS[0]!.text,
        text: TEXTS.rivalsOnly,
        sources: [PAGES.g2],
      },
      {
        day: addDays(TODAY, -40),
        engine: 'gemini',
        prompt: PROMPTS[1]!.text,
        text: TEXTS.acmeSecond,
        sources: [PAGES.globex],
      },
    ]));
  });
  afterAll(() => h.close());

  it.each(READS)(
    '$path: 200 with the shape of its schema, the last 30 days by default',
    async ({ path, schema }) => {
      const r = await get(path);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      const body = schema.parse(r.json());
      expect(body).toMatchObject({ from: addDays(TODAY, -29), to: TODAY });
    },
  );

  it.each(READS)(
    '$path: from and to are taken; at most 366 days; from after to is refused',
    async ({ path }) => {
      const wide = await get(`${path}?from=2025-01-01&to=2026-01-02`);
      expect(wide.statusCode).toBe(400);
      expect(wide.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(wide.json()).toMatchObject({ code: 'range_too_wide', status: 400 });
      expect((await get(`${path}?from=2025-01-01&to=2026-01-01`)).statusCode).toBe(200);
      const reversed = await get(`${path}?from=2026-06-02&to=2026-06-01`);
      expect(reversed.json()).toMatchObject({ code: 'invalid_parameter', status: 400 });
      const old = (await get(`${path}?from=${addDays(TODAY, -45)}&to=${addDays(TODAY, -35)}`)).json();
      expect(old).toMatchObject({ from: addDays(TODAY, -45), to: addDays(TODAY, -35) });
      const only = (await get(`${path}?to=${addDays(TODAY, -35)}`)).json();
      expect(only).toMatchObject({ from: addDays(TODAY, -64), to: addDays(TODAY, -35) });
    },
  );

  it.each(READS)('$path: bad parameters are 400 problems that name them', async ({ path }) => {
    for (const bad of [
      'from=2026-02-30',
      'to=yesterday',
      'engine=not-an-engine',
      `engine=${'x'.repeat(61)}`,
      `topicId=${'t'.repeat(201)}`,
      'unknown=1',
      'from=2026-06-01&from=2026-06-02',
    ]) {
      const r = await get(`${path}?${bad}`);
      expect(r.statusCode, `${path}?${bad}`).toBe(400);
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(r.json()).toMatchObject({
        code: 'invalid_parameter',
        status: 400,
        requestId: r.headers['x-request-id'],
      });
    }
  });

  it.each(READS)('$path: an ETag, and 304 without a body while nothing changed', async ({ path }) => {
    const first = await get(path);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(path, key, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(path, key, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('a new answer changes the ETags of the reads it shows in', async () => {
    const before = await Promise.all(READS.map((r) => get(r.path)));
    await importLines(h.store, h.clock, p, [
      line({
        day: TODAY,
        engine: 'chatgpt',
        prompt: PROMPTS[0]!.text,
        text: TEXTS.acmeSecond,
        sources: [PAGES.docs],
      }),
    ]);
    for (const [i, read] of READS.entries()) {
      const r = await get(read.path, key, { 'if-none-match': before[i]!.headers.etag as string });
      expect(r.statusCode, read.path).toBe(200);
    }
  });

  it.each(READS)(
    '$path: a project the key cannot read is 404, like one that does not exist',
    async ({ path }) => {
      const other = await h.account();
      const sibling = await createProject(h.store, accountId, { name: 'Sibling' });
      const scoped = await h.key(accountId, undefined, [sibling.id]);
      for (const k of [other.key, scoped]) {
        const r = await get(path, k);
        expect(r.statusCode).toBe(404);
        expect(r.json().code).toBe('not_found');
      }
      expect((await h.get(`/v1/projects/prjNoSuchProject/${path}`, key)).json().code).toBe('not_found');
      expect((await h.get(`/v1/projects/bad_id/${path}`, key)).statusCode).toBe(404);
      expect((await h.get(`/v1/projects/${p}/${path}`)).statusCode).toBe(401);
    },
  );
});
