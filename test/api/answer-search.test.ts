/**
 * The answers list's extension filters (text search, sentiment, position, competitor, sort) and the answers
 * summary (extension): each checked against the same filter applied to the whole list by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { page } from '../../server/contract/common.ts';
import { AnswerSummary } from '../../server/contract/extensions.ts';
import { Answer } from '../../server/contract/results.ts';
import { TEXT_SCAN_LIMIT } from '../../server/store/repositories/answers.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines, projectWithAnswers, variedLines } from '../support/answers.ts';
import { createProject } from '../support/fixtures.ts';

type A = z.infer<typeof Answer>;
const AnswerPage = page(Answer);

describe('answer search and summary (extensions)', () => {
  let h: Harness;
  let key: string;
  let p: string;
  let all: A[];
  const list = async (q: string) => {
    const r = await h.get(`/v1/projects/${p}/answers?${q}`, key);
    expect(r.statusCode, r.body).toBe(200);
    return AnswerPage.parse(r.json());
  };
  const summary = async (q: string, project = p) => {
    const r = await h.get(`/v1/projects/${project}/stats/answers?${q}`, key);
    expect(r.statusCode, r.body).toBe(200);
    return AnswerSummary.parse(r.json());
  };
  const check = async (q: string, pred: (a: A) => boolean) => {
    const got = (await list(`limit=200&${q}`)).data.map((a) => a.id);
    expect(got, q).toEqual(all.filter(pred).map((a) => a.id));
    expect(got.length, q).toBeGreaterThan(0);
  };

  beforeAll(async () => {
    h = await createHarness();
    ({ key, projectId: p } = await projectWithAnswers(h, 120));
    all = (await list('limit=200')).data;
  });
  afterAll(() => h.close());

  it('filters by sentiment, best position and a competitor named (any case)', async () => {
    await check('sentiment=negative', (a) => a.sentiment === 'negative');
    await check('sentiment=not-applicable', (a) => a.sentiment === 'not-applicable');
    await check('maxPosition=1', (a) => a.position === 1);
    await check('maxPosition=2', (a) => a.position !== null && a.position <= 2);
    await check('competitor=globex', (a) => a.competitors.some((c) => c.name === 'Globex' && c.mentioned));
    await check(
      'competitor=Initech&mentioned=true',
      (a) => a.mentioned && a.competitors.some((c) => c.name === 'Initech' && c.mentioned),
    );
    expect((await list('competitor=Hooli')).data).toEqual([]);
  });

  it('searches the prompt and the full text ignoring case, with LIKE wildcards taken literally', async () => {
    await check('q=SLOW%20AND%20BUGGY', (a) => a.excerpt?.includes('slow and buggy') ?? false);
    await check('q=startups', (a) => a.promptText.includes('startups'));
    expect((await list('q=%25')).data).toEqual([]);
    expect((await list('q=_')).data).toEqual([]);
  });

  it('ignores case in any script, the same on both engines, in the list and in the summary', async () => {
    const { accountId } = await h.account();
    const other = await h.key(accountId);
    const project = (await createProject(h.store, accountId)).id;
    const line = (promptText: string, text: string, observedAt: string) => ({
      promptText,
      engineId: 'chatgpt',
      observedAt,
      text,
      sources: [],
    });
    await importLines(h.store, h.clock, project, [
      line('best crm in Zürich?', 'Crème CRM is the pick of ÉLAN users.', '2026-06-15T08:00:00.000Z'),
      line('лучшая CRM в Москве?', 'Ответ: CRM «ΣΟΦΙΑ» для малого бизнеса.', '2026-06-15T09:00:00.000Z'),
      line('best crm in Zurich?', 'Creme CRM, without accents.', '2026-06-15T10:00:00.000Z'),
    ]);
    const found = async (q: string) => {
      const r = await h.get(`/v1/projects/${project}/answers?q=${encodeURIComponent(q)}`, other);
      expect(r.statusCode, r.body).toBe(200);
      const texts = (r.json() as { data: { promptText: string }[] }).data.map((a) => a.promptText);
      const s = await h.get(`/v1/projects/${project}/stats/answers?q=${encodeURIComponent(q)}`, other);
      expect(s.statusCode, s.body).toBe(200);
      expect((s.json() as { answers: number }).answers, q).toBe(texts.length);
      return texts;
    };
    expect(await found('ZÜRICH')).toEqual(['best crm in Zürich?']);
    expect(await found('zürich')).toEqual(['best crm in Zürich?']);
    expect(await found('CRÈME crm')).toEqual(['best crm in Zürich?']);
    expect(await found('élan USERS')).toEqual(['best crm in Zürich?']);
    expect(await found('МОСКВЕ')).toEqual(['лучшая CRM в Москве?']);
    expect(await found('σοφια')).toEqual(['лучшая CRM в Москве?']);
    // Folding case is all it does: accents are letters of their own.
    expect(await found('ZURICH')).toEqual(['best crm in Zurich?']);
    expect(await found('creme')).toEqual(['best crm in Zurich?']);
  });

  it('sorts oldest first and pages both ways without gaps or repeats', async () => {
    const oldest = (await list('limit=200&sort=oldest')).data.map((a) => a.id);
    expect(oldest).toEqual(all.map((a) => a.id).reverse());
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r = await list(`limit=13&sort=oldest&sentiment=positive${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...r.data.map((a) => a.id));
      cursor = r.nextCursor;
    } while (cursor);
    expect(seen).toEqual(
      all
        .filter((a) => a.sentiment === 'positive')
        .map((a) => a.id)
        .reverse(),
    );
  });

  it('ties a cursor to its sort and filters', async () => {
    const first = await list('limit=5&sort=oldest');
    const r = await h.get(`/v1/projects/${p}/answers?limit=5&cursor=${first.nextCursor}`, key);
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('invalid_parameter');
  });

  it('refuses bad values as 400 invalid_parameter', async () => {
    for (const q of [
      'sentiment=great',
      'maxPosition=0',
      'maxPosition=x',
      'sort=best',
      'q=',
      `q=${'x'.repeat(201)}`,
    ]) {
      const r = await h.get(`/v1/projects/${p}/answers?${q}`, key);
      expect(r.statusCode, q).toBe(400);
      expect(r.json().code, q).toBe('invalid_parameter');
    }
  });

  it('counts what the filters match: answers, mentions, citations, average position and sentiments', async () => {
    const s = await summary('');
    const mentioned = all.filter((a) => a.mentioned);
    expect(s).toEqual({
      from: '2026-05-17',
      to: '2026-06-15',
      answers: all.length,
      mentioned: mentioned.length,
      cited: all.filter((a) => a.cited).length,
      averagePosition: mentioned.reduce((n, a) => n + a.position!, 0) / mentioned.length,
      sentiment: {
        positive: all.filter((a) => a.sentiment === 'positive').length,
        mixed: 0,
        neutral: 0,
        negative: all.filter((a) => a.sentiment === 'negative').length,
        notApplicable: all.filter((a) => a.sentiment === 'not-applicable').length,
        unscored: 0,
      },
      complete: true,
    });
    const chatgpt = await summary('engine=chatgpt&competitor=Globex&q=acme');
    expect(chatgpt.answers).toBe(
      all.filter(
        (a) =>
          a.engineId === 'chatgpt' &&
          a.competitors.some((c) => c.name === 'Globex' && c.mentioned) &&
          /acme/i.test(`${a.promptText} ${a.excerpt ?? ''}`),
      ).length,
    );
    expect(chatgpt.answers).toBeGreaterThan(0);
    expect((await summary('competitor=Hooli')).answers).toBe(0);
    expect((await summary('mentioned=false')).averagePosition).toBeNull();
  });

  it('serves the summary from the read cache until an answer is written, then counts anew', async () => {
    const before = await summary('');
    expect(await summary('')).toEqual(before);
    await importLines(h.store, h.clock, p, [{ ...variedLines(1, '2026-06-15')[0]!, id: 'one-more' }]);
    expect((await summary('')).answers).toBe(before.answers + 1);
    all = (await list('limit=200')).data;
  });

  it('answers the summary with an ETag and 304 to a matching If-None-Match, like the other reads', async () => {
    const url = `/v1/projects/${p}/stats/answers?mentioned=true`;
    const first = await h.get(url, key);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await h.get(url, key, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await h.get(`/v1/projects/${p}/stats/answers`, key, { 'if-none-match': etag })).statusCode).toBe(
      200,
    );
  });

  it('takes a run instead of dates, and refuses both together', async () => {
    expect(await summary('runId=nope')).toMatchObject({ from: null, to: null, answers: 0 });
    const r = await h.get(`/v1/projects/${p}/stats/answers?runId=x&from=2026-06-01`, key);
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('unsupported_filter_combination');
  });

  it('answers 404 for a project the key cannot read', async () => {
    const other = await h.account();
    const r = await h.get(`/v1/projects/${p}/stats/answers`, other.key);
    expect(r.statusCode).toBe(404);
  });
});

describe('a text search is a bounded scan', () => {
  let h: Harness;
  afterAll(() => h.close());

  it('stops a page at the bound and goes on from the last answer it looked at; the summary counts them all', async () => {
    h = await createHarness();
    h.clock.set('2026-06-15T12:00:00.000Z');
    const { key, accountId } = await h.account();
    const p = (await createProject(h.store, accountId)).id;
    const lines = variedLines(TEXT_SCAN_LIMIT + 20, '2026-06-15', 5).map((l, i) => ({
      ...l,
      // Only the five oldest answers hold the word, so the first page finds none within its bound.
      text: i >= TEXT_SCAN_LIMIT + 15 ? `${l.text} needle` : l.text,
      observedAt: new Date(Date.parse('2026-06-15T10:00:00.000Z') - i * 60_000).toISOString(),
    }));
    await importLines(h.store, h.clock, p, lines);
    const first = (await h.get(`/v1/projects/${p}/answers?q=needle&limit=10`, key)).json();
    expect(first.data).toEqual([]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await h.get(`/v1/projects/${p}/answers?q=needle&limit=10&cursor=${first.nextCursor}`, key)
    ).json();
    expect(second.data).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const s = AnswerSummary.parse((await h.get(`/v1/projects/${p}/stats/answers?q=needle`, key)).json());
    expect(s).toMatchObject({ answers: 5, complete: true });
  });
});
