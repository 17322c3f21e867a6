import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { allPages, insightProject, PAGES, PROMPTS, TEXTS } from '../support/insights.ts';

const [P0, P1] = [PROMPTS[0]!.text, PROMPTS[1]!.text];
const NONE = { positive: 0, mixed: 0, neutral: 0, negative: 0, notApplicable: 0 };

interface Row {
  promptId: string;
  answers: number;
  mentionRate: number | null;
}

describe('stats/prompts', () => {
  let h: Harness;
  let key: string;
  let p: string;
  let ids: string[];
  const get = async (q = '') => {
    const r = await h.get(`/v1/projects/${p}/stats/prompts${q}`, key);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const order = async (q: string) => (await get(q)).data.map((r: Row) => ids.indexOf(r.promptId));

  beforeAll(async () => {
    h = await createHarness();
    ({
      key,
      projectId: p,
      promptIds: ids,
    } = await insightProject(h, [
      { day: '2026-06-10', engine: 'chatgpt', prompt: P0, text: TEXTS.acmeFirst, sources: [PAGES.pricing] },
      { day: '2026-06-11', engine: 'chatgpt', prompt: P0, text: TEXTS.acmeSecond },
      { day: '2026-06-12', engine: 'gemini', prompt: P0, text: TEXTS.rivalsOnly, sources: [PAGES.globex] },
      { day: '2026-06-12', engine: 'gemini', prompt: P1, text: TEXTS.rivalsOnly },
      // The previous period of the default range: 2026-04-17 to 2026-05-16.
      { day: '2026-05-01', engine: 'chatgpt', prompt: P0, text: TEXTS.acmeFirst, sources: [PAGES.pricing] },
      { day: '2026-05-02', engine: 'gemini', prompt: P1, text: TEXTS.acmeFirst },
      // An answer to a prompt that is not tracked is in no row.
      { day: '2026-06-12', engine: 'gemini', prompt: 'an untracked question', text: TEXTS.acmeFirst },
    ]));
  });
  afterAll(() => h.close());

  it('gives each tracked prompt its figures and their change against the previous period', async () => {
    const body = await get();
    expect(body).toMatchObject({
      from: '2026-05-17',
      to: '2026-06-15',
      previous: { from: '2026-04-17', to: '2026-05-16' },
      sort: 'answers',
      order: 'desc',
      nextCursor: null,
    });
    expect(body.data).toEqual([
      {
        promptId: ids[0],
        text: P0,
        topicIds: ['pricing'],
        status: 'active',
        answers: 3,
        mentioned: 2,
        cited: 1,
        mentionRate: 2 / 3,
        citationRate: 1 / 3,
        averagePosition: 1.5,
        sentiment: { ...NONE, positive: 1, negative: 1, notApplicable: 1 },
        topCompetitor: { name: 'Globex', mentioned: 3, mentionRate: 1 },
        change: {
          answers: 2,
          mentioned: 1,
          cited: 0,
          mentionRate: 2 / 3 - 1,
          citationRate: 1 / 3 - 1,
          averagePosition: 0.5,
          sentiment: { ...NONE, negative: 1, notApplicable: 1 },
        },
      },
      {
        promptId: ids[1],
        text: P1,
        topicIds: ['reviews'],
        status: 'active',
        answers: 1,
        mentioned: 0,
        cited: 0,
        mentionRate: 0,
        citationRate: 0,
        averagePosition: null,
        sentiment: { ...NONE, notApplicable: 1 },
        // Globex and Initech are named once each: the tie goes to the first in the competitor list.
        topCompetitor: { name: 'Globex', mentioned: 1, mentionRate: 1 },
        change: {
          answers: 0,
          mentioned: -1,
          cited: 0,
          mentionRate: -1,
          citationRate: 0,
          averagePosition: null,
          sentiment: { ...NONE, positive: -1, notApplicable: 1 },
        },
      },
      {
        promptId: ids[2],
        text: PROMPTS[2]!.text,
        topicIds: ['pricing'],
        status: 'paused',
        answers: 0,
        mentioned: 0,
        cited: 0,
        mentionRate: null,
        citationRate: null,
        averagePosition: null,
        sentiment: NONE,
        topCompetitor: null,
        change: {
          answers: 0,
          mentioned: 0,
          cited: 0,
          mentionRate: null,
          citationRate: null,
          averagePosition: null,
          sentiment: NONE,
        },
      },
    ]);
  });

  it('sorts by any figure or its change, either way, with nulls last and ties by id', async () => {
    const tie = ids[1]! < ids[2]! ? [1, 2] : [2, 1];
    expect(await order('?sort=mentionRate')).toEqual([0, 1, 2]);
    expect(await order('?sort=mentionRate&order=asc')).toEqual([1, 0, 2]);
    expect(await order('?sort=averagePositionChange&order=asc')).toEqual([0, ...tie]);
    expect(await order('?sort=negative')).toEqual([0, ...tie]);
    expect(await order('?sort=answersChange&order=asc')).toEqual([...tie, 0]);
    expect(await order('?sort=mentionedChange&order=asc')).toEqual([1, 2, 0]);
    expect((await h.get(`/v1/projects/${p}/stats/prompts?sort=text`, key)).json().code).toBe(
      'invalid_parameter',
    );
    expect((await h.get(`/v1/projects/${p}/stats/prompts?order=up`, key)).json().code).toBe(
      'invalid_parameter',
    );
  });

  it('pages in sort order with the cursor, which belongs to its sort', async () => {
    const all = await allPages<Row>(
      h,
      key,
      `/v1/projects/${p}/stats/prompts?sort=mentionRate&order=asc&limit=1`,
    );
    expect(all.pages).toBe(3);
    expect(all.data.map((r) => ids.indexOf(r.promptId))).toEqual([1, 0, 2]);
    const first = await get('?sort=mentionRate&limit=1');
    const other = await h.get(
      `/v1/projects/${p}/stats/prompts?sort=answers&limit=1&cursor=${first.nextCursor}`,
      key,
    );
    expect(other.json().code).toBe('invalid_parameter');
  });

  it('breaks each prompt down per engine, and filters by engine and topic', async () => {
    const [p0] = (await get('?perEngine=true')).data;
    expect(p0.engines.map((e: { engineId: string }) => e.engineId)).toEqual(['chatgpt', 'gemini']);
    expect(p0.engines[0]).toMatchObject({
      engineId: 'chatgpt',
      answers: 2,
      mentionRate: 1,
      citationRate: 0.5,
      averagePosition: 1.5,
      topCompetitor: { name: 'Globex', mentioned: 2, mentionRate: 1 },
      change: { answers: 1, mentionRate: 0, citationRate: -0.5, averagePosition: 0.5 },
    });
    expect(p0.engines[1]).toMatchObject({
      engineId: 'gemini',
      answers: 1,
      change: { answers: 1, mentionRate: null },
    });
    const gemini = (await get('?engine=gemini')).data;
    // Prompts 0 and 1 tie on answers: their order is by id.
    expect(gemini.map((r: Row) => [ids.indexOf(r.promptId), r.answers]).sort()).toEqual([
      [0, 1],
      [1, 1],
      [2, 0],
    ]);
    expect(gemini.find((r: Row) => r.promptId === ids[1]).change).toMatchObject({
      answers: 0,
      mentionRate: -1,
    });
    expect((await get('?topicId=pricing')).data.map((r: Row) => ids.indexOf(r.promptId))).toEqual([0, 2]);
  });

  it('lists the prompts tracked now: a deleted prompt is gone', async () => {
    expect((await h.write('DELETE', `/v1/projects/${p}/prompts/${ids[1]}`, key)).statusCode).toBe(200);
    expect((await get()).data.map((r: Row) => ids.indexOf(r.promptId))).toEqual([0, 2]);
  });
});
