import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tracking } from '../../server/contract/tracking.ts';
import { isoDay } from '../../server/domain/clock.ts';
import type { Caller } from '../../server/domain/context.ts';
import { DEFAULT_PLANS, findPlan } from '../../server/domain/plans.ts';
import { updateTracking } from '../../server/domain/tracking-writes.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines, variedLines } from '../support/answers.ts';
import { createProject } from '../support/fixtures.ts';

describe('PUT tracking', () => {
  let h: Harness;
  let key: string;
  let accountId: string;
  let p: string;
  const put = (body: unknown, k = key, project = p) =>
    h.write('PUT', `/v1/projects/${project}/tracking`, k, body);
  const capabilities = async () => (await h.get(`/v1/projects/${p}/capabilities`, key)).json();

  beforeAll(async () => {
    h = await createHarness();
    ({ key, accountId } = await h.account());
    p = (await createProject(h.store, accountId)).id;
    for (const [i, engines] of [['chatgpt'], ['claude']].entries()) {
      await h.store.prompts.create({
        id: `pmt${i}`,
        projectId: p,
        text: `prompt ${i}`,
        status: 'active',
        engineIds: engines,
        topicIds: [],
        createdAt: `2026-01-0${i + 1}T00:00:00.000Z`,
      });
    }
  });
  afterAll(() => h.close());

  it('changes only the fields sent and answers the whole Tracking', async () => {
    const r = await put({
      cadence: 'weekly',
      weeklyDay: 'friday',
      timeOfDay: '07:30',
      timezone: 'Europe/Berlin',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(Tracking.parse(r.json())).toEqual({
      engineIds: ['chatgpt', 'gemini'],
      cadence: 'weekly',
      timeOfDay: '07:30',
      weeklyDay: 'friday',
      timezone: 'Europe/Berlin',
      samplesPerPrompt: 1,
      appliedToPrompts: 0,
      host: { configured: false, online: false, deviceLabel: null, lastSeenAt: null },
    });
    expect((await put({ samplesPerPrompt: 3 })).json()).toMatchObject({
      cadence: 'weekly',
      samplesPerPrompt: 3,
    });
    expect((await capabilities()).tracking).toMatchObject({
      cadence: 'weekly',
      timezone: 'Europe/Berlin',
      samplesPerPrompt: 3,
    });
  });

  it('sets the default engines, and with applyEnginesToPrompts every prompt engines too', async () => {
    const kept = (await put({ engineIds: ['perplexity'] })).json();
    expect(kept).toMatchObject({ engineIds: ['perplexity'], appliedToPrompts: 0 });
    const prompts = async () =>
      (await h.get(`/v1/projects/${p}/prompts`, key))
        .json()
        .data.map((x: { engineIds: string[] }) => x.engineIds);
    expect(await prompts()).toEqual([['claude'], ['chatgpt']]);
    const applied = (await put({ engineIds: ['grok', 'claude'], applyEnginesToPrompts: true })).json();
    expect(applied).toMatchObject({ engineIds: ['grok', 'claude'], appliedToPrompts: 2 });
    expect(await prompts()).toEqual([
      ['grok', 'claude'],
      ['grok', 'claude'],
    ]);
  });

  it('refuses each rule at its boundary with 400 and changes nothing', async () => {
    const before = (await capabilities()).tracking;
    const cases: unknown[] = [
      { engineIds: [] },
      { engineIds: ['ollama'] },
      { cadence: 'hourly' },
      { timeOfDay: '24:00' },
      { timeOfDay: '7:30' },
      { weeklyDay: 'funday' },
      { timezone: 'Mars/Olympus_Mons' },
      { samplesPerPrompt: 0 },
      { samplesPerPrompt: 6 },
      { samplesPerPrompt: 2.5 },
      { schedule: 'daily' },
    ];
    for (const body of cases) {
      const r = await put(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().code).toBe('invalid_parameter');
    }
    expect((await capabilities()).tracking).toEqual(before);
    for (const ok of [
      { timeOfDay: '00:00' },
      { timeOfDay: '23:59' },
      { samplesPerPrompt: 5 },
      { samplesPerPrompt: 1 },
    ]) {
      expect((await put(ok)).statusCode, JSON.stringify(ok)).toBe(200);
    }
  });

  it('is 409 byok_not_supported on bring-your-own-key plans, where capabilities shows writable false', async () => {
    const byok = await h.account('byok');
    const bp = (await createProject(h.store, byok.accountId)).id;
    const r = await put({ cadence: 'daily' }, byok.key, bp);
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('byok_not_supported');
    expect((await h.get(`/v1/projects/${bp}/capabilities`, byok.key)).json().tracking.writable).toBe(false);
  });

  it('keeps engines taken out of tracking listed with tracked false while they have answers', async () => {
    await importLines(h.store, h.clock, p, variedLines(8, isoDay(h.clock.now())));
    await put({ engineIds: ['chatgpt'], applyEnginesToPrompts: true });
    const engines = (await h.get(`/v1/projects/${p}/engines`, key)).json().data;
    const tracked = Object.fromEntries(
      engines.map((e: { id: string; tracked: boolean }) => [e.id, e.tracked]),
    );
    expect(tracked).toEqual({ chatgpt: true, gemini: false, perplexity: false, claude: false });
  });

  it('refuses a cadence or a sample count over the plan with 409 plan_limit naming it', async () => {
    const premium = findPlan('premium', DEFAULT_PLANS)!;
    const plan = {
      ...premium,
      cadences: ['manual', 'weekly'],
      limits: { ...premium.limits, maxSamplesPerPrompt: 2 },
    };
    const caller = { accountId, plan, projectIds: null } as unknown as Caller;
    const s = h.services;
    await expect(updateTracking(s, caller, p, { cadence: 'daily' })).rejects.toMatchObject({
      code: 'plan_limit',
      detail: expect.stringContaining('cadences'),
    });
    await expect(updateTracking(s, caller, p, { samplesPerPrompt: 3 })).rejects.toMatchObject({
      code: 'plan_limit',
      detail: expect.stringContaining('maxSamplesPerPrompt'),
    });
    expect((await updateTracking(s, caller, p, { samplesPerPrompt: 2 })).samplesPerPrompt).toBe(2);
  });

  it('needs tracking:write', async () => {
    const reader = await h.key(accountId, ['visibility:read']);
    expect((await put({ cadence: 'daily' }, reader)).json().code).toBe('insufficient_scope');
  });
});
