import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { page } from '../../server/contract/common.ts';
import { Answer, AnswerDetail } from '../../server/contract/results.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines, projectWithAnswers, variedLines } from '../support/answers.ts';

const AnswerPage = page(Answer);

describe('answers', () => {
  let h: Harness;
  let key: string;
  let p: string;
  const list = async (q = '') => {
    const r = await h.get(`/v1/projects/${p}/answers${q}`, key);
    expect(r.statusCode, r.body).toBe(200);
    return AnswerPage.parse(r.json());
  };

  beforeAll(async () => {
    h = await createHarness();
    ({ key, projectId: p } = await projectWithAnswers(h, 120));
  });
  afterAll(() => h.close());

  it('lists scored answers newest first with every contract field', async () => {
    const r = await list('?limit=200');
    expect(r.data).toHaveLength(120);
    const times = r.data.map((a) => a.observedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const acme = r.data.find((a) => a.excerpt?.startsWith('Acme is the best choice') && a.cited)!;
    expect(acme).toMatchObject({
      runId: null,
      promptId: null,
      engineLabel: expect.any(String),
      citationUrl: 'https://docs.acme.com/pricing',
      position: 1,
      sentiment: 'positive',
      topicId: 'pricing',
      topicLabel: 'pricing',
    });
    expect(acme.excerpt).toContain('Acme');
    expect(acme.competitors).toEqual([
      { name: 'Globex', mentioned: true, cited: true, citationUrl: 'https://globex.com/' },
      { name: 'Initech', mentioned: false, cited: false, citationUrl: null },
    ]);
    expect(acme.sourceUrls).toEqual(['https://docs.acme.com/pricing', 'https://globex.com/']);
    expect(acme.date).toBe(acme.observedAt.slice(0, 10));
    const negative = r.data.find((a) => a.excerpt?.startsWith('Initech and Acme'))!;
    expect(negative).toMatchObject({ position: 2, sentiment: 'negative' });
    const notNamed = r.data.find((a) => !a.mentioned)!;
    expect(notNamed).toMatchObject({ sentiment: 'not-applicable', position: null, excerpt: null });
  });

  it('filters by engine (repeated), topic, mention, citation, dates, prompt and run', async () => {
    const all = (await list('?limit=200')).data;
    const check = async (q: string, pred: (a: z.infer<typeof Answer>) => boolean) => {
      const got = (await list(`?limit=200&${q}`)).data.map((a) => a.id);
      expect(got, q).toEqual(all.filter(pred).map((a) => a.id));
      expect(got.length, q).toBeGreaterThan(0);
    };
    await check('engine=chatgpt', (a) => a.engineId === 'chatgpt');
    await check('engine=chatgpt&engine=claude', (a) => ['chatgpt', 'claude'].includes(a.engineId));
    await check('topicId=pricing', (a) => a.topicId === 'pricing');
    await check('mentioned=true', (a) => a.mentioned);
    await check('mentioned=false&cited=false', (a) => !a.mentioned && !a.cited);
    await check('cited=true', (a) => a.cited);
    await check('from=2026-06-10&to=2026-06-12', (a) => a.date >= '2026-06-10' && a.date <= '2026-06-12');
    expect((await list('?promptId=nope')).data).toEqual([]);
    expect((await list('?runId=nope')).data).toEqual([]);
  });

  it('walks every page with no duplicate and no gap while answers are being inserted', async () => {
    const expected = (await list('?limit=200')).data.map((a) => a.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let round = 0;
    do {
      const q: string = `?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const r = await list(q);
      seen.push(...r.data.map((a) => a.id));
      cursor = r.nextCursor;
      // New answers arrive between pages, both newer than the walk and inside the pages still to come.
      await importLines(h.store, h.clock, p, [
        {
          ...variedLines(1, '2026-06-15')[0]!,
          id: `late-new-${round}`,
          observedAt: `2026-06-15T11:59:${String(round % 60).padStart(2, '0')}.000Z`,
        },
        {
          ...variedLines(1, '2026-06-15')[0]!,
          id: `late-old-${round}`,
          observedAt: `2026-06-06T00:00:${String(round % 60).padStart(2, '0')}.500Z`,
        },
      ]);
      round++;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => expected.includes(id))).toEqual(expected);
    expect(seen.some((id) => id.startsWith('late-new'))).toBe(false);
  });

  it('sends an ETag and answers 304 to a matching If-None-Match until the list changes', async () => {
    const url = `/v1/projects/${p}/answers?engine=gemini`;
    const first = await h.get(url, key);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await h.get(url, key, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await h.get(url, key, { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    expect((await h.get(url, key, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    await importLines(h.store, h.clock, p, [
      {
        ...variedLines(1, '2026-06-15')[0]!,
        id: 'etag-new',
        engineId: 'gemini',
        observedAt: '2026-06-15T11:00:00.000Z',
      },
    ]);
    const changed = await h.get(url, key, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('serves the answer detail with full text, sources and reasons, with an ETag', async () => {
    const one = (await list('?cited=true&limit=1')).data[0]!;
    const r = await h.get(`/v1/projects/${p}/answers/${one.id}`, key);
    expect(r.statusCode).toBe(200);
    const d = AnswerDetail.parse(r.json());
    expect(d).toMatchObject({
      ...one,
      fullAnswerTruncated: false,
      narrativeDrift: null,
      narrativeDriftReason: null,
    });
    expect(d.fullAnswer).toContain('Acme');
    expect(d.sentimentReason).toEqual(expect.any(String));
    expect(d.sources[0]).toEqual({ url: 'https://docs.acme.com/pricing', title: 'Acme pricing' });
    const etag = r.headers.etag as string;
    expect(
      (await h.get(`/v1/projects/${p}/answers/${one.id}`, key, { 'if-none-match': etag })).statusCode,
    ).toBe(304);
    expect((await h.get(`/v1/projects/${p}/answers/ans000`, key)).json().code).toBe('not_found');
  });

  it('keeps answers readable with promptId null after their prompt is deleted', async () => {
    await h.store.prompts.create({
      id: 'pmtLinked',
      projectId: p,
      text: 'which crm is cheapest?',
      status: 'active',
      engineIds: ['chatgpt'],
      topicIds: [],
      createdAt: h.clock.now().toISOString(),
    });
    await importLines(h.store, h.clock, p, [
      { ...variedLines(1, '2026-06-15')[0]!, id: 'linked', promptText: 'which crm is cheapest?' },
    ]);
    const linked = (await list('?promptId=pmtLinked')).data;
    expect(linked).toHaveLength(1);
    await h.store.prompts.delete(p, 'pmtLinked');
    const after = (await list('?limit=200')).data.find((a) => a.id === linked[0]!.id)!;
    expect(after.promptId).toBeNull();
    expect(after.promptText).toBe('which crm is cheapest?');
  });
});
