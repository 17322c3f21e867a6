import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectWithHost } from '../../server/contract/projects.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createHost, createProject } from '../support/fixtures.ts';

describe('project writes', () => {
  let h: Harness;
  let key: string;
  let accountId: string;
  const send = (
    method: 'POST' | 'PATCH',
    url: string,
    payload: unknown,
    k = key,
    headers: Record<string, string> = {},
  ) =>
    h.request({
      method,
      url,
      headers: {
        authorization: `Bearer ${k}`,
        ...(typeof payload === 'string' ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const create = (body: unknown, k = key) => send('POST', '/v1/projects', body, k);
  const projectCount = async () =>
    (await h.store.projects.idsInScope({ accountId, projectIds: null })).length;

  beforeAll(async () => {
    h = await createHarness();
    ({ key, accountId } = await h.account());
  });
  afterAll(() => h.close());

  it('creates a project: 201 ProjectWithHost, readable at once, no host to copy yet', async () => {
    const r = await create({
      name: 'Northwind',
      websiteUrl: 'https://www.northwind.example/',
      brandTerms: ['Northwind Tasks', 'Northwind Tasks', 'NW'],
      brandDomains: ['https://docs.northwind.example/a', 'northwind.io'],
    });
    expect(r.statusCode, r.body).toBe(201);
    const body = ProjectWithHost.parse(r.json());
    expect(body).toMatchObject({
      name: 'Northwind',
      websiteUrl: 'https://www.northwind.example/',
      visibility: {
        trackedPrompts: 0,
        engines: ['chatgpt', 'gemini', 'perplexity'],
        latestRunAt: null,
        firstAnswerDate: null,
      },
      host: { configured: false, online: false, deviceLabel: null, lastSeenAt: null },
      warning: expect.stringContaining('No host computer'),
      brandTerms: ['Northwind Tasks', 'NW'],
      brandDomains: ['docs.northwind.example', 'northwind.io'],
    });
    const read = await h.get(`/v1/projects/${body.id}`, key);
    expect(read.statusCode).toBe(200);
    expect(read.json().name).toBe('Northwind');
    expect((await h.get(`/v1/projects/${body.id}/capabilities`, key)).json().tracking.cadence).toBe('manual');
  });

  it('uses the host device of another project of the account', async () => {
    await createHost(h.dbPath, accountId, h.clock.now().toISOString(), 'hstLaptop');
    await createProject(h.store, accountId, { hostId: 'hstLaptop' });
    const r = await create({ name: 'Second', websiteUrl: 'https://second.example' });
    expect(r.json()).toMatchObject({
      host: { configured: true, online: true, deviceLabel: 'Ada’s laptop' },
      warning: null,
    });
  });

  it('refuses bad bodies with 400 naming the problem, and changes nothing', async () => {
    const before = await projectCount();
    const cases: [unknown, RegExp][] = [
      [{ websiteUrl: 'https://a.example' }, /name/],
      [{ name: 'x'.repeat(121), websiteUrl: 'https://a.example' }, /name/],
      [{ name: 'A', websiteUrl: 'http://a.example' }, /websiteUrl/],
      [{ name: 'A', websiteUrl: 'not a url' }, /websiteUrl/],
      [
        {
          name: 'A',
          websiteUrl: 'https://a.example',
          brandTerms: Array.from({ length: 21 }, (_, i) => `t${i}`),
        },
        /brandTerms/,
      ],
      [{ name: 'A', websiteUrl: 'https://a.example', brandDomains: ['not a domain'] }, /brandDomains/],
      [{ name: 'A', websiteUrl: 'https://a.example', crawl: true }, /Unrecognized key.*crawl/],
      [[], /body/],
    ];
    for (const [body, detail] of cases) {
      const r = await create(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.headers['content-type']).toBe('application/problem+json');
      expect(r.json()).toMatchObject({ code: 'invalid_parameter', detail: expect.stringMatching(detail) });
    }
    expect((await create({ name: 'x'.repeat(120), websiteUrl: 'https://a.example' })).statusCode).toBe(201);
    expect(await projectCount()).toBe(before + 1);
  });

  it('answers malformed JSON, a wrong content type and an oversized body with problems, never a 500', async () => {
    const before = await projectCount();
    const malformed = await send('POST', '/v1/projects', '{"name":', key, {
      'content-type': 'application/json',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('invalid_parameter');
    const text = await send('POST', '/v1/projects', 'name=A', key, { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(text.json().detail).toContain('application/json');
    const empty = await send('POST', '/v1/projects', '', key, { 'content-type': 'application/json' });
    expect(empty.statusCode).toBe(400);
    const huge = await create({ name: 'A', websiteUrl: 'https://a.example', pad: 'x'.repeat(1_100_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['content-type']).toBe('application/problem+json');
    expect(huge.json().code).toBe('invalid_parameter');
    expect(await projectCount()).toBe(before);
  });

  it('needs tracking:write, and a scoped key can read what it creates', async () => {
    const reader = await h.key(accountId, ['visibility:read']);
    const denied = await create({ name: 'A', websiteUrl: 'https://a.example' }, reader);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('insufficient_scope');
    const own = await createProject(h.store, accountId);
    const scoped = await h.key(accountId, ['visibility:read', 'tracking:write'], [own.id]);
    const made = (await create({ name: 'Scoped', websiteUrl: 'https://s.example' }, scoped)).json();
    expect((await h.get(`/v1/projects/${made.id}`, scoped)).statusCode).toBe(200);
    expect((await h.get('/v1/me', scoped)).json().projects).toContain(made.id);
  });

  it('refuses a project over the plan limit with 409 plan_limit naming it', async () => {
    const a = await h.account();
    for (let i = 0; i < 25; i++)
      expect((await create({ name: `P${i}`, websiteUrl: 'https://p.example' }, a.key)).statusCode).toBe(201);
    const over = await create({ name: 'One too many', websiteUrl: 'https://p.example' }, a.key);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'plan_limit', detail: expect.stringContaining('maxProjects') });
  });

  it('updates only the fields sent; lists sent replace the whole list', async () => {
    const made = (
      await create({
        name: 'Before',
        websiteUrl: 'https://before.example',
        brandTerms: ['Old'],
        brandDomains: ['old.example'],
      })
    ).json();
    const url = `/v1/projects/${made.id}`;
    const r = await send('PATCH', url, { brandTerms: ['New', 'Newer'] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      name: 'Before',
      websiteUrl: 'https://before.example',
      brandTerms: ['New', 'Newer'],
      brandDomains: ['old.example'],
      warning: null,
    });
    const r2 = (await send('PATCH', url, { name: 'After', brandDomains: [] })).json();
    expect(r2).toMatchObject({ name: 'After', brandTerms: ['New', 'Newer'], brandDomains: [] });
    expect((await send('PATCH', url, { websiteUrl: 'http://insecure.example' })).statusCode).toBe(400);
    expect((await send('PATCH', url, { name: '' })).statusCode).toBe(400);
    expect((await h.get(url, key)).json()).toMatchObject({
      name: 'After',
      websiteUrl: 'https://before.example',
    });
    const unchanged = await send('PATCH', url, {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toMatchObject({ name: 'After', brandTerms: ['New', 'Newer'] });
    const missing = await send('PATCH', '/v1/projects/prjNoSuchProject', { name: 'X' });
    expect(missing.statusCode).toBe(404);
  });
});
