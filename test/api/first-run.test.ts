/**
 * A fresh machine's first-run endpoints under /local/v1: the plans on offer with their engines' readiness, the
 * first account and project in one transaction, and the demo. Only the owner of `answerwatch start` reaches them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import type { LocalHostPort } from '../../server/routes/local-owner.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';

const TOKEN = `awl_${'F'.repeat(40)}`;

const FIRST = {
  plan: 'premium',
  accountName: 'Ada',
  name: 'Acme',
  websiteUrl: 'https://acme.example',
  brandTerms: ['Acme CRM'],
  competitors: [
    { name: 'Globex', domain: 'globex.example' },
    { name: 'globex', domain: 'globex.io' },
    { name: 'Initech', domain: null },
  ],
  prompts: ['Best CRM for small teams?', '  best crm   for small TEAMS? ', 'Acme vs Globex?'],
  engineIds: ['chatgpt', 'claude'],
};

describe('the first run of a fresh machine', () => {
  let h: Harness;
  const hosted: string[] = [];
  const hosts: LocalHostPort = {
    engineKeys: async () => [],
    setEngineKey: async () => {},
    removeEngineKey: async () => {},
    signIn: async () => {},
    hostAccount: (id) => void hosted.push(id),
  };
  const owner = (method: 'GET' | 'POST', url: string, body?: unknown, token = TOKEN) =>
    h.request({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
  const accounts = async () => (await owner('GET', '/local/v1/accounts')).json().data;

  beforeAll(async () => {
    h = await createHarness({ localOwner: { token: TOKEN, hosts }, cloudEngineIds: ['chatgpt'] });
  });
  afterAll(async () => h.close());
  beforeEach(() => void hosted.splice(0));

  it('offers the plans with API access, premium first, each engine with where it runs and whether it can', async () => {
    const r = await owner('GET', '/local/v1/first-run');
    expect(r.statusCode).toBe(200);
    const { data, defaultPlan } = r.json();
    expect(defaultPlan).toBe('premium');
    expect(data.map((p: { code: string }) => p.code)).toEqual(['premium', 'byok']);
    const premium = data[0];
    expect(premium.accessMode).toBe('managed');
    const engine = (id: string) => premium.engines.find((e: { id: string }) => e.id === id);
    expect(engine('chatgpt')).toMatchObject({ runsOn: 'cloud', ready: true });
    expect(engine('claude')).toMatchObject({ runsOn: 'cloud', ready: false });
    expect(engine('claude').note).toContain('ANTHROPIC_API_KEY');
    expect(engine('chatgpt-local-fetch')).toMatchObject({ runsOn: 'host', ready: false });
    expect(premium.suggestedEngineIds).toEqual(['chatgpt']);
    const byok = data[1];
    expect(byok.engines.every((e: { runsOn: string }) => e.runsOn === 'host')).toBe(true);
    expect(byok.suggestedEngineIds).toEqual(['chatgpt', 'gemini', 'perplexity']);
  });

  it('creates the account and its first project with competitors, prompts and engines', async () => {
    const r = await owner('POST', '/local/v1/first-run', FIRST);
    expect(r.statusCode, r.body).toBe(201);
    const { accountId, projectId } = r.json();
    expect(await accounts()).toEqual([{ id: accountId, name: 'Ada', plan: 'premium' }]);
    expect(hosted).toEqual([accountId]);
    const read = (path: string) =>
      h.get(`/v1/projects/${projectId}${path}`, TOKEN, { 'x-answerwatch-account': accountId });
    const project = (await read('')).json();
    expect(project).toMatchObject({ name: 'Acme', websiteUrl: 'https://acme.example' });
    expect((await read('/competitors')).json().data).toEqual([
      { name: 'Globex', domains: ['globex.example', 'globex.io'] },
      { name: 'Initech', domains: [] },
    ]);
    const prompts = (await read('/prompts')).json().data;
    expect(prompts.map((p: { text: string }) => p.text).sort()).toEqual([
      'Acme vs Globex?',
      'Best CRM for small teams?',
    ]);
    expect(prompts.every((p: { engineIds: string[] }) => p.engineIds.join() === 'chatgpt,claude')).toBe(true);
    const tracking = (await read('/capabilities')).json().tracking;
    expect(tracking).toMatchObject({ engineIds: ['chatgpt', 'claude'], cadence: 'manual' });
  });

  it('on a bring-your-own-key plan tracks the engines chosen, all asked on this computer', async () => {
    const r = await owner('POST', '/local/v1/first-run', {
      ...FIRST,
      plan: 'byok',
      accountName: undefined,
      engineIds: ['chatgpt', 'ollama'],
    });
    expect(r.statusCode, r.body).toBe(201);
    const { accountId, projectId } = r.json();
    expect((await accounts()).find((a: { id: string }) => a.id === accountId)).toEqual({
      id: accountId,
      name: 'My account',
      plan: 'byok',
    });
    const caps = (
      await h.get(`/v1/projects/${projectId}/capabilities`, TOKEN, { 'x-answerwatch-account': accountId })
    ).json();
    expect(caps.accessMode).toBe('byok-local');
    expect(caps.tracking).toMatchObject({ engineIds: ['chatgpt', 'ollama'], writable: false });
  });

  it('refuses bad input with a sentence naming the field, and writes nothing', async () => {
    const before = await accounts();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '   ' }, /^body name: must not be empty/],
      [{ websiteUrl: 'not a site' }, /^body websiteUrl: must be an absolute https:\/\/ URL/],
      [{ websiteUrl: 'http://acme.example' }, /^body websiteUrl: must be an absolute https:\/\/ URL/],
      [{ prompts: [] }, /^body prompts: add at least one prompt/],
      [{ engineIds: [] }, /^body engineIds: tick at least one engine/],
      [{ engineIds: ['nope'] }, /unknown engine nope/],
      [{ plan: 'gold' }, /unknown plan gold/],
      [{ plan: 'free' }, /the free plan is not offered here/],
      [{ competitors: [{ name: 'Globex', domain: 'not a domain!' }] }, /domain/],
    ];
    for (const [change, detail] of cases) {
      const r = await owner('POST', '/local/v1/first-run', { ...FIRST, ...change });
      expect(r.statusCode, JSON.stringify(change)).toBe(400);
      expect(r.json().code).toBe('invalid_parameter');
      expect(r.json().detail).toMatch(detail);
    }
    expect(await accounts()).toEqual(before);
    expect(hosted).toEqual([]);
  });

  it('refuses a list over the plan’s limit as a whole: no account, no project', async () => {
    const before = await accounts();
    const rivals = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Rival ${i}` }));
    expect(
      (await owner('POST', '/local/v1/first-run', { ...FIRST, competitors: rivals(51) })).statusCode,
    ).toBe(400);
    const small = { ...DEFAULT_PLANS[1]!, limits: { ...DEFAULT_PLANS[1]!.limits, maxCompetitors: 2 } };
    const limited = await createHarness({ localOwner: { token: TOKEN, hosts }, plans: [small] });
    try {
      const refused = await limited.request({
        method: 'POST',
        url: '/local/v1/first-run',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...FIRST, competitors: rivals(3) }),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('plan_limit');
      expect(await limited.store.accounts.ids()).toEqual([]);
    } finally {
      await limited.close();
    }
    expect(await accounts()).toEqual(before);
  });

  it('seeds the demo into a new account with one call', async () => {
    const r = await owner('POST', '/local/v1/demo');
    expect(r.statusCode, r.body).toBe(201);
    const { accountId, projectId } = r.json();
    expect(hosted).toEqual([accountId]);
    expect((await accounts()).find((a: { id: string }) => a.id === accountId)).toMatchObject({
      name: 'Demo',
      plan: 'premium',
    });
    const answers = await h.get(`/v1/projects/${projectId}/answers?limit=1`, TOKEN, {
      'x-answerwatch-account': accountId,
    });
    expect(answers.statusCode).toBe(200);
    expect(answers.json().data).toHaveLength(1);
    const caps = await h.get(`/v1/projects/${projectId}/capabilities`, TOKEN, {
      'x-answerwatch-account': accountId,
    });
    expect(caps.json().tracking.cadence).toBe('manual');
    // The whole demo, as `demo seed` makes it: its week of runs (one failed) and the alerts their ends raised.
    const read = (path: string) =>
      h.get(`/v1/projects/${projectId}${path}`, TOKEN, { 'x-answerwatch-account': accountId });
    const runs = (await read('/runs?limit=50')).json().data as { status: string }[];
    expect(runs.map((r) => r.status)).toContain('failed');
    expect(runs.filter((r) => r.status === 'completed').length).toBeGreaterThan(0);
    expect((await read('/alerts')).json().data.length).toBeGreaterThan(0);
  }, 60_000);

  it('answers nobody but the owner: no token, a wrong token, an API key, another machine', async () => {
    const { key } = await h.account('premium');
    const before = await accounts();
    for (const [method, url] of [
      ['GET', '/local/v1/first-run'],
      ['POST', '/local/v1/first-run'],
      ['POST', '/local/v1/demo'],
    ] as const) {
      const body = method === 'POST' ? FIRST : undefined;
      expect((await h.request({ method, url })).statusCode).toBe(401);
      expect((await owner(method, url, body, `awl_${'X'.repeat(40)}`)).statusCode).toBe(401);
      expect((await owner(method, url, body, key)).statusCode).toBe(401);
      const remote = await h.request({
        method,
        url,
        remoteAddress: '192.168.1.20',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        ...(body && { payload: JSON.stringify(body) }),
      });
      expect(remote.statusCode).toBe(401);
    }
    expect((await accounts()).length).toBe(before.length);
  });

  it('does not exist on `serve`, which has no owner token', async () => {
    const served = await createHarness();
    try {
      const { key } = await served.account('premium');
      for (const [method, url] of [
        ['GET', '/local/v1/first-run'],
        ['POST', '/local/v1/first-run'],
        ['POST', '/local/v1/demo'],
      ] as const) {
        const r = await served.request({
          method,
          url,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          ...(method === 'POST' && { payload: JSON.stringify(FIRST) }),
        });
        expect(r.statusCode).toBe(401);
      }
      expect((await served.store.accounts.ids()).length).toBe(1);
    } finally {
      await served.close();
    }
  });

  it('keeps the first run out of the public contract', async () => {
    const doc = (await h.get('/v1/openapi.json')).json();
    expect(Object.keys(doc.paths).filter((p) => /first-run|demo/.test(p))).toEqual([]);
  });
});
