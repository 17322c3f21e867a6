import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';

describe('parameter rules at their boundaries', () => {
  let h: Harness;
  let key: string;
  let accountId: string;
  let p: string;
  const status = async (url: string) => (await h.get(url, key)).statusCode;
  const code = async (url: string) => (await h.get(url, key)).json().code;

  beforeAll(async () => {
    h = await createHarness();
    ({ key, accountId } = await h.account());
    p = (await createProject(h.store, accountId)).id;
  });
  afterAll(() => h.close());

  it('limit is 1 to 200, default 50', async () => {
    expect(await status('/v1/projects?limit=0')).toBe(400);
    expect(await status('/v1/projects?limit=1')).toBe(200);
    expect(await status('/v1/projects?limit=200')).toBe(200);
    expect(await status('/v1/projects?limit=201')).toBe(400);
    expect(await status('/v1/projects?limit=1.5')).toBe(400);
    expect(await status('/v1/projects?limit=abc')).toBe(400);
    expect(await status(`/v1/projects/${p}/answers?limit=201`)).toBe(400);
    expect(await status(`/v1/projects/${p}/run-requests?limit=0`)).toBe(400);
  });

  it('projectId is 1 to 64 letters and digits; one that breaks the rule names no project: 404', async () => {
    expect(await status(`/v1/projects/${'a'.repeat(64)}`)).toBe(404);
    expect(await status(`/v1/projects/${'a'.repeat(65)}`)).toBe(404);
    expect(await code(`/v1/projects/${'a'.repeat(65)}`)).toBe('not_found');
    expect(await status('/v1/projects/abc_def')).toBe(404);
    expect(await status('/v1/projects/abc%20def/answers')).toBe(404);
    expect((await h.get('/v1/projects/abc_def', key)).json().detail).toMatch(/projectId/);
  });

  it('dates are YYYY-MM-DD and from must not be after to', async () => {
    for (const bad of ['2026-13-01', '2026-02-30', '26-01-01', '2026-01-01T00:00:00Z', 'yesterday']) {
      expect(await status(`/v1/projects/${p}/answers?from=${bad}&to=2026-06-01`), bad).toBe(400);
    }
    expect(await status(`/v1/projects/${p}/answers?from=2026-06-02&to=2026-06-01`)).toBe(400);
    expect(await status(`/v1/projects/${p}/answers?from=2026-06-01&to=2026-06-01`)).toBe(200);
  });

  it('the widest range is 366 days on answers and daily stats', async () => {
    for (const path of ['answers', 'stats/daily']) {
      expect(await status(`/v1/projects/${p}/${path}?from=2025-01-01&to=2026-01-01`), path).toBe(200);
      const wide = await h.get(`/v1/projects/${p}/${path}?from=2025-01-01&to=2026-01-02`, key);
      expect(wide.statusCode).toBe(400);
      expect(wide.json().code).toBe('range_too_wide');
      expect(wide.json().detail).toContain('367 days');
    }
    expect(await code(`/v1/projects/${p}/stats/competitors?from=2024-01-01&to=2026-01-01`)).toBe(
      'range_too_wide',
    );
  });

  it('the default range is the last 30 days ending today (UTC)', async () => {
    h.clock.set('2026-06-15T23:59:59.000Z');
    const r = (await h.get(`/v1/projects/${p}/stats/daily`, key)).json();
    expect(r.from).toBe('2026-05-17');
    expect(r.to).toBe('2026-06-15');
    const only = (await h.get(`/v1/projects/${p}/stats/daily?to=2026-01-31`, key)).json();
    expect(only.from).toBe('2026-01-02');
  });

  it('engine is repeatable, each at most 60 characters, and must be a known engine', async () => {
    expect(await status(`/v1/projects/${p}/answers?engine=chatgpt&engine=gemini`)).toBe(200);
    expect(await status(`/v1/projects/${p}/answers?engine=${'x'.repeat(61)}`)).toBe(400);
    const unknown = await h.get(`/v1/projects/${p}/answers?engine=${'x'.repeat(60)}`, key);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toContain('unknown engine');
  });

  it('topicId and promptId are at most 200 characters', async () => {
    for (const name of ['topicId', 'promptId']) {
      expect(await status(`/v1/projects/${p}/answers?${name}=${'t'.repeat(200)}`)).toBe(200);
      expect(await status(`/v1/projects/${p}/answers?${name}=${'t'.repeat(201)}`)).toBe(400);
    }
    expect(await status(`/v1/projects/${p}/stats/daily?topicId=${'t'.repeat(201)}`)).toBe(400);
    expect(await status(`/v1/projects/${p}/prompts?topicId=${'t'.repeat(201)}`)).toBe(400);
  });

  it('mentioned and cited take true or false', async () => {
    expect(await status(`/v1/projects/${p}/answers?mentioned=true&cited=false`)).toBe(200);
    expect(await status(`/v1/projects/${p}/answers?mentioned=yes`)).toBe(400);
    expect(await status(`/v1/projects/${p}/answers?cited=1`)).toBe(400);
  });

  it('status filters take only the documented values', async () => {
    expect(await status(`/v1/projects/${p}/prompts?status=paused`)).toBe(200);
    expect(await status(`/v1/projects/${p}/prompts?status=deleted`)).toBe(400);
    expect(await status(`/v1/projects/${p}/runs?status=canceled`)).toBe(200);
    expect(await status(`/v1/projects/${p}/runs?status=queued`)).toBe(400);
  });

  it('answerId is 1 to 200 letters, digits, underscore, colon, period or hyphen; any other is 404 (200, 304, 404 only)', async () => {
    expect(await status(`/v1/projects/${p}/answers/a_b:c.d-e`)).toBe(404);
    expect(await status(`/v1/projects/${p}/answers/${'a'.repeat(200)}`)).toBe(404);
    for (const id of ['a'.repeat(201), 'a'.repeat(600), 'a%2Fb', 'a%20b', '%FF', '%C3%28', '%']) {
      const r = await h.get(`/v1/projects/${p}/answers/${id}`, key);
      expect(r.statusCode, id).toBe(404);
      expect(r.json().code, id).toBe('not_found');
    }
  });

  it('every other path id that breaks its rule is 404 not_found too, never 400', async () => {
    for (const url of [
      `/v1/projects/${p}/run-requests/${'r'.repeat(201)}`,
      `/v1/projects/${p}/webhooks/${'w'.repeat(201)}/deliveries`,
      `/v1/projects/${p}/prompts/${'q'.repeat(201)}`,
    ]) {
      const method = url.includes('/prompts/') ? 'DELETE' : 'GET';
      const r = await h.request({ method, url, headers: { authorization: `Bearer ${key}` } });
      expect(r.statusCode, url).toBe(404);
      expect(r.json().code, url).toBe('not_found');
    }
  });

  it('runId cannot be combined with from or to', async () => {
    for (const q of ['runId=run1&from=2026-01-01', 'runId=run1&to=2026-01-01']) {
      const r = await h.get(`/v1/projects/${p}/answers?${q}`, key);
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('unsupported_filter_combination');
    }
    expect(await status(`/v1/projects/${p}/answers?runId=run1`)).toBe(200);
  });

  it('cursor is at most 512 characters and must be one this list issued', async () => {
    expect(await code(`/v1/projects?cursor=${'a'.repeat(513)}`)).toBe('invalid_parameter');
    expect(await code(`/v1/projects?cursor=${'a'.repeat(512)}`)).toBe('invalid_parameter');
    for (let i = 0; i < 3; i++)
      await createProject(h.store, accountId, { createdAt: `2026-01-0${i + 1}T00:00:00.000Z` });
    const first = (await h.get('/v1/projects?limit=1', key)).json();
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(await status(`/v1/projects?limit=1&cursor=${first.nextCursor}`)).toBe(200);
    const [body, mac] = first.nextCursor.split('.');
    const edited = Buffer.from(
      Buffer.from(body, 'base64url').toString().replace('"id":"', '"id":"z'),
    ).toString('base64url');
    for (const bad of [
      `${edited}.${mac}`,
      `${body}.${mac.slice(0, -2)}AA`,
      `${body}`,
      `${body}.${mac}.x`,
      '%00',
    ]) {
      const r = await h.get(`/v1/projects?limit=1&cursor=${bad}`, key);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().code).toBe('invalid_parameter');
    }
    // A cursor from another list, or with other filters, is foreign.
    expect(await code(`/v1/projects/${p}/topics?cursor=${first.nextCursor}`)).toBe('invalid_parameter');
    const answers = (await h.get(`/v1/projects/${p}/prompts?limit=1`, key)).json();
    expect(answers.nextCursor).toBeNull();
  });
});
