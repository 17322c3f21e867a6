import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { projectWithAnswers } from '../support/answers.ts';

/** Large pre-rendered bodies (a page of answers here, a year of trends) go gzipped to a client that asks, as one more representation. */
describe('gzipped bodies', () => {
  let h: Harness;
  let key: string;
  let page: string;
  const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

  beforeAll(async () => {
    h = await createHarness();
    const made = await projectWithAnswers(h, 120);
    key = made.key;
    page = `/v1/projects/${made.projectId}/answers?limit=200`;
  });
  afterAll(() => h.close());

  it('sends a large body gzipped when asked, the same JSON, under an ETag of its own that answers 304', async () => {
    const plain = await h.get(page, key);
    expect(plain.rawPayload.length).toBeGreaterThan(16 * 1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const [gz, again] = [await h.get(page, key, GZIP), await h.get(page, key, GZIP)];
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('accept-encoding');
    expect(gz.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    // Served from the cache: the same compressed bytes, not compressed again.
    expect(again.rawPayload.equals(gz.rawPayload)).toBe(true);
    const tag = gz.headers.etag as string;
    expect(again.headers.etag).toBe(tag);
    expect(tag).not.toBe(plain.headers.etag);
    const fresh = await h.get(page, key, { ...GZIP, 'if-none-match': tag });
    expect(fresh.statusCode).toBe(304);
    expect(fresh.rawPayload.length).toBe(0);
    expect(fresh.headers['content-encoding']).toBeUndefined();
    // The plain body's tag does not stand for the gzipped one, nor the other way round.
    expect(
      (await h.get(page, key, { ...GZIP, 'if-none-match': plain.headers.etag as string })).statusCode,
    ).toBe(200);
    expect((await h.get(page, key, { 'if-none-match': tag })).statusCode).toBe(200);
  });

  it.each([
    ['no Accept-Encoding', undefined],
    ['only other codings', 'br, deflate'],
    ['gzip refused', 'gzip;q=0, *'],
    ['identity alone', 'identity'],
  ])('sends the body as it is with %s', async (_what, accept) => {
    const r = await h.get(page, key, accept === undefined ? {} : { 'accept-encoding': accept });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(r.body).data).toHaveLength(120);
  });

  it('sends the OpenAPI document gzipped when asked, the same bytes once unzipped', async () => {
    const plain = await h.get('/v1/openapi.json');
    const gz = await h.get('/v1/openapi.json', undefined, GZIP);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(JSON.parse(plain.body).openapi).toMatch(/^3\.1/);
  });

  it('sends small bodies as they are, even when gzip is asked for', async () => {
    const r = await h.get('/v1/me', key, GZIP);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json().projects).toHaveLength(1);
  });
});
