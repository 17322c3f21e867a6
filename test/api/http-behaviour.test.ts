import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../server/contract/operations.ts';
import { renderDocsPage } from '../../server/contract/docs-page.ts';
import { Problem } from '../../server/contract/errors.ts';
import { buildOpenApiDocument } from '../../server/contract/openapi.ts';
import { BASE, createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';

const fill = (path: string, projectId: string) =>
  path.replace('{projectId}', projectId).replace(/\{\w+\}/g, 'x1');

describe('HTTP behaviour on every endpoint', () => {
  let h: Harness;
  let key: string;
  let projectId: string;
  beforeAll(async () => {
    h = await createHarness();
    const a = await h.account();
    key = a.key;
    projectId = (await createProject(h.store, a.accountId)).id;
  });
  afterAll(() => h.close());

  it('sends X-Request-Id and RateLimit on every response, success or error, and never a CORS header', async () => {
    const urls = [
      ...operations.filter((o) => o.method === 'GET').map((o) => `/v1${fill(o.path, projectId)}`),
      '/v1/openapi.json',
      '/v1/docs',
      '/v1/nowhere',
      '/nowhere',
    ];
    for (const url of urls) {
      for (const method of ['GET', 'OPTIONS', 'DELETE'] as const) {
        const r = await h.request({
          method,
          url,
          headers: { authorization: `Bearer ${key}`, origin: 'https://evil.example' },
        });
        expect(r.headers['x-request-id'], `${method} ${url}`).toMatch(/^req_[A-Za-z0-9]{20}$/);
        expect(r.headers.ratelimit, `${method} ${url}`).toMatch(/^limit=\d+, remaining=\d+, reset=\d+$/);
        const cors = Object.keys(r.headers).filter((k) => k.startsWith('access-control-'));
        expect(cors, `${method} ${url}`).toEqual([]);
        if (r.statusCode >= 400) {
          expect(r.headers['content-type'], `${method} ${url}`).toBe('application/problem+json');
          const body = Problem.parse(r.json());
          expect(body.status).toBe(r.statusCode);
          expect(body.requestId).toBe(r.headers['x-request-id']);
        }
      }
    }
  });

  it('answers an unknown path with a 404 problem', async () => {
    const r = await h.get('/v1/projects/abc/nothing-here', key);
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 'not_found', status: 404, title: 'Not Found' });
  });

  it('answers a known path with the wrong method as 405 with Allow', async () => {
    const r = await h.request({ method: 'DELETE', url: `/v1/projects/${projectId}/answers` });
    expect(r.statusCode).toBe(405);
    expect(r.headers.allow).toBe('GET, HEAD');
    expect(r.json()).toMatchObject({
      code: 'method_not_allowed',
      type: 'http://127.0.0.1:8787/v1/docs#error-method_not_allowed',
    });
    const options = await h.request({ method: 'OPTIONS', url: '/v1/me' });
    expect(options.statusCode).toBe(405);
    expect(options.headers.allow).toBe('GET, HEAD');
  });

  it('refuses unknown query parameters everywhere, naming them', async () => {
    for (const url of [
      '/v1/me?x=1',
      `/v1/projects/${projectId}/answers?engines=chatgpt`,
      '/v1/projects?page=2',
    ]) {
      const r = await h.get(url, key);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().code).toBe('invalid_parameter');
      expect(r.json().detail).toMatch(/Unrecognized key/);
    }
  });

  it('refuses a repeated single-valued parameter instead of picking one', async () => {
    const r = await h.get('/v1/projects?limit=1&limit=2', key);
    expect(r.statusCode).toBe(400);
  });

  it('serves the OpenAPI document and the reference without a key', async () => {
    const doc = await h.get('/v1/openapi.json');
    expect(doc.statusCode).toBe(200);
    expect(doc.json().info.version).toBe('1.2.1');
    const docs = await h.get('/v1/docs');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
  });

  it('sends the OpenAPI document and the reference as rendered at start, byte for byte, every time', async () => {
    const document = buildOpenApiDocument(BASE);
    for (let i = 0; i < 2; i++) {
      const doc = await h.get('/v1/openapi.json');
      expect(doc.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(doc.rawPayload.equals(Buffer.from(JSON.stringify(document)))).toBe(true);
      const docs = await h.get('/v1/docs');
      expect(docs.rawPayload.equals(Buffer.from(renderDocsPage(document)))).toBe(true);
    }
  });

  it('points problem types at the served reference, rate limits at their own section', async () => {
    const r = await h.get('/v1/me');
    expect(r.json().type).toBe('http://127.0.0.1:8787/v1/docs#error-invalid_key');
    const docs = (await h.get('/v1/docs')).body;
    expect(docs).toContain('id="error-invalid_key"');
    expect(docs).toContain('id="rate-limits"');
  });
});

describe('unexpected faults', () => {
  it('answer 500 internal as problem+json without a stack or the fault message', async () => {
    const h = await createHarness();
    const { key } = await h.account();
    await h.store.close();
    const r = await h.get('/v1/me', key);
    expect(r.statusCode).toBe(500);
    expect(r.headers['content-type']).toBe('application/problem+json');
    const body = Problem.parse(r.json());
    expect(body).toMatchObject({ code: 'internal', status: 500, title: 'Internal Server Error' });
    expect(r.body).not.toMatch(/at .*\.ts:\d+|stack|destroyed|driver/i);
    await h.app.close();
  });
});

describe('rate limits', () => {
  it('allows 300 requests a minute per key, then 429 with Retry-After until the window resets', async () => {
    const h = await createHarness();
    try {
      h.clock.set('2026-06-15T12:00:10.000Z');
      const { key } = await h.account();
      const other = await h.account();
      for (let i = 1; i <= 300; i++) {
        const r = await h.get('/v1/me', key);
        expect(r.statusCode).toBe(200);
        expect(r.headers.ratelimit).toBe(`limit=300, remaining=${300 - i}, reset=50`);
      }
      const limited = await h.get('/v1/me', key);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('50');
      expect(limited.headers.ratelimit).toBe('limit=300, remaining=0, reset=50');
      expect(limited.json()).toMatchObject({
        code: 'rate_limited',
        type: 'http://127.0.0.1:8787/v1/docs#rate-limits',
      });
      expect((await h.get('/v1/me', other.key)).statusCode).toBe(200);
      h.clock.set('2026-06-15T12:01:00.000Z');
      expect((await h.get('/v1/me', key)).statusCode).toBe(200);
    } finally {
      await h.close();
    }
  });

  it('allows 20,000 requests a UTC day per key', async () => {
    const h = await createHarness({ rateLimits: { perMinute: 1_000_000, perDay: 20_000 } });
    try {
      h.clock.set('2026-06-15T23:59:00.000Z');
      const { key } = await h.account();
      // Fifty at a time: the count must hold under concurrent requests too, and the run stays short on a store
      // that counts in the database.
      for (let i = 0; i < 20_000; i += 50) {
        const batch = await Promise.all(Array.from({ length: 50 }, () => h.get('/v1/me', key)));
        expect(batch.filter((r) => r.statusCode !== 200)).toEqual([]);
      }
      const limited = await h.get('/v1/me', key);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('60');
      expect(limited.headers.ratelimit).toBe('limit=20000, remaining=0, reset=60');
      h.clock.set('2026-06-16T00:00:00.000Z');
      expect((await h.get('/v1/me', key)).statusCode).toBe(200);
    } finally {
      await h.close();
    }
  }, 120_000);
});
