import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines } from '../support/answers.ts';
import { insightProject, TEXTS } from '../support/insights.ts';
import { expectProblem } from '../support/problems.ts';
import { G2, P1, toLine, idOf, scenario, read } from '../support/actions-scenario.ts';

/* The statuses people set on actions, and what the actions' operations refuse. */
describe('ranked actions', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('keeps a dismissed action dismissed while its evidence holds, and opens it again when the evidence changes', async () => {
    const { key, projectId } = await scenario(h);
    const g2 = idOf('get-cited-on', 'd:g2.com');
    const url = `/v1/projects/${projectId}/actions/${g2}`;
    const set = await h.write('PATCH', url, key, { status: 'dismissed' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      id: g2,
      status: 'dismissed',
      statusChangedAt: h.clock.now().toISOString(),
    });
    const statusOfG2 = async () => (await read(h, key, projectId)).data.find((a) => a.id === g2)?.status;
    expect(await statusOfG2()).toBe('dismissed');

    // One more answer listing g2.com: 5 answers, the same power of two as 4, so the same evidence.
    const more = (back: number) =>
      toLine({
        name: 'X',
        back,
        engine: 'grok',
        prompt: P1,
        text: TEXTS.rivalsOnly,
        sources: [G2],
        searches: [],
      });
    await importLines(h.store, h.clock, projectId, [more(7)]);
    expect(await statusOfG2()).toBe('dismissed');
    // Three more: 8 answers, double what it was dismissed on: open again.
    await importLines(h.store, h.clock, projectId, [more(8), more(9), more(10)]);
    expect(await statusOfG2()).toBe('open');

    // done, then open again by hand.
    expect((await h.write('PATCH', url, key, { status: 'done' })).json()).toMatchObject({ status: 'done' });
    expect(await statusOfG2()).toBe('done');
    expect((await h.write('PATCH', url, key, { status: 'open' })).json()).toMatchObject({
      status: 'open',
      statusChangedAt: null,
    });
    expect(await statusOfG2()).toBe('open');
  });

  it('answers 404 for other projects and unknown actions, 400 problem+json for bad input, 403 without tracking:write, and 304 to its ETag', async () => {
    const { key, projectId, accountId } = await scenario(h);
    const list = `/v1/projects/${projectId}/actions`;
    const g2 = idOf('get-cited-on', 'd:g2.com');
    const first = await h.get(list, key);
    const again = await h.get(list, key, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);

    const other = await insightProject(h);
    const foreign = await h.get(list, other.key);
    expect(foreign.statusCode).toBe(404);
    expectProblem(foreign, 'foreign list');
    const foreignPatch = await h.write('PATCH', `${list}/${g2}`, other.key, { status: 'done' });
    expect(foreignPatch.statusCode).toBe(404);
    expectProblem(foreignPatch, 'foreign patch');
    const unknown = await h.write('PATCH', `${list}/${idOf('cover-query', 'nothing')}`, key, {
      status: 'done',
    });
    expect(unknown.statusCode).toBe(404);
    expectProblem(unknown, 'unknown action');
    // A malformed id names no action either: path parameters that fail their pattern are 404, as elsewhere.
    const malformed = await h.write('PATCH', `${list}/not-an-action`, key, { status: 'done' });
    expect(malformed.statusCode).toBe(404);
    expectProblem(malformed, 'malformed id');

    for (const [what, r] of [
      ['unknown engine', await h.get(`${list}?engine=nope`, key)],
      ['from after to', await h.get(`${list}?from=2026-06-10&to=2026-06-01`, key)],
      ['bad status', await h.write('PATCH', `${list}/${g2}`, key, { status: 'closed' })],
      ['extra member', await h.write('PATCH', `${list}/${g2}`, key, { status: 'done', note: 'x' })],
    ] as const) {
      expect(r.statusCode, what).toBe(400);
      expectProblem(r, what);
    }
    const reader = await h.key(accountId, ['visibility:read']);
    const refused = await h.write('PATCH', `${list}/${g2}`, reader, { status: 'done' });
    expect(refused.statusCode).toBe(403);
    expectProblem(refused, 'read-only key');
    expect((await read(h, reader, projectId)).data.find((a) => a.id === g2)?.status).toBe('open');
  });
});
