import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceCompetitors } from '../../server/domain/competitor-writes.ts';
import type { Caller } from '../../server/domain/context.ts';
import { DEFAULT_PLANS, findPlan } from '../../server/domain/plans.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines, variedLines } from '../support/answers.ts';
import { createProject } from '../support/fixtures.ts';

describe('PUT competitors', () => {
  let h: Harness;
  let key: string;
  let accountId: string;
  let p: string;
  const put = (body: unknown, k = key, project = p) =>
    h.write('PUT', `/v1/projects/${project}/competitors`, k, body);
  const list = async () => (await h.get(`/v1/projects/${p}/competitors`, key)).json().data;

  beforeAll(async () => {
    h = await createHarness();
    h.clock.set('2026-06-15T12:00:00.000Z');
    ({ key, accountId } = await h.account());
    p = (await createProject(h.store, accountId)).id;
  });
  afterAll(() => h.close());

  it('replaces the whole list, merging names that differ only in case into one with all their domains', async () => {
    const r = await put([
      { name: 'Globex', domain: 'https://www.globex.com/' },
      { name: 'Initech' },
      { name: ' globex ', domain: 'globex.io' },
      { name: 'GLOBEX', domain: 'globex.com' },
      { name: 'Hooli', domain: null },
    ]);
    expect(r.statusCode, r.body).toBe(200);
    const expected = [
      { name: 'Globex', domains: ['globex.com', 'globex.io'] },
      { name: 'Initech', domains: [] },
      { name: 'Hooli', domains: [] },
    ];
    expect(r.json()).toEqual({ data: expected });
    expect(await list()).toEqual(expected);
    expect((await put([{ name: 'Umbrella' }])).json().data).toEqual([{ name: 'Umbrella', domains: [] }]);
    expect((await put([])).json().data).toEqual([]);
  });

  it('refuses bad lists with 400 and changes nothing', async () => {
    await put([{ name: 'Globex', domain: 'globex.com' }]);
    const cases = [
      [{ domain: 'a.com' }],
      [{ name: 'x'.repeat(121) }],
      [{ name: 'A', domain: 'not a domain' }],
      [{ name: 'A', domains: ['a.com'] }],
      Array.from({ length: 51 }, (_, i) => ({ name: `C${i}` })),
      { name: 'not a list' },
    ];
    for (const body of cases) {
      const r = await put(body);
      expect(r.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json().code).toBe('invalid_parameter');
    }
    expect(await list()).toEqual([{ name: 'Globex', domains: ['globex.com'] }]);
    expect((await put([{ name: 'x'.repeat(120) }])).statusCode).toBe(200);
  });

  it('refuses more competitors than the plan allows with 409 plan_limit and keeps the old list', async () => {
    const plan = {
      ...findPlan('premium', DEFAULT_PLANS)!,
      limits: { ...findPlan('premium', DEFAULT_PLANS)!.limits, maxCompetitors: 2 },
    };
    const caller = { accountId, plan, projectIds: null } as unknown as Caller;
    const s = h.services;
    // Entries naming the same brand count once.
    await replaceCompetitors(s, caller, p, [{ name: 'A' }, { name: 'a' }, { name: 'B' }]);
    await expect(
      replaceCompetitors(s, caller, p, [{ name: 'A' }, { name: 'B' }, { name: 'C' }]),
    ).rejects.toMatchObject({
      code: 'plan_limit',
      detail: expect.stringContaining('maxCompetitors'),
    });
    expect(await list()).toEqual([
      { name: 'A', domains: [] },
      { name: 'B', domains: [] },
    ]);
    const fifty = Array.from({ length: 50 }, (_, i) => ({ name: `C${i}` }));
    expect((await put(fifty)).statusCode).toBe(200);
    const free = await h.account('free');
    const freeProject = (await createProject(h.store, free.accountId)).id;
    expect((await put([{ name: 'A' }], free.key, freeProject)).json().code).toBe('plan_required');
  });

  it('keeps stored answers results and lets share of voice follow the new list', async () => {
    await put([
      { name: 'Globex', domain: 'globex.com' },
      { name: 'Initech', domain: 'initech.com' },
    ]);
    await importLines(h.store, h.clock, p, variedLines(20, '2026-06-15'));
    const before = (await h.get(`/v1/projects/${p}/answers?limit=200`, key)).json().data;
    await put([{ name: 'Hooli' }, { name: 'initech' }]);
    const after = (await h.get(`/v1/projects/${p}/answers?limit=200`, key)).json().data;
    expect(after).toEqual(before);
    expect(after[0].competitors.map((c: { name: string }) => c.name)).toEqual(['Globex', 'Initech']);
    const sov = (await h.get(`/v1/projects/${p}/stats/competitors`, key)).json().data;
    expect(sov.map((d: { name: string }) => d.name)).toEqual(['Acme', 'Hooli', 'initech']);
    expect(sov[2].mentioned).toBeGreaterThan(0);
  });

  it('needs tracking:write and a readable project', async () => {
    const reader = await h.key(accountId, ['visibility:read']);
    expect((await put([], reader)).json().code).toBe('insufficient_scope');
    expect((await put([], key, 'prjNoSuchProject')).statusCode).toBe(404);
  });
});
