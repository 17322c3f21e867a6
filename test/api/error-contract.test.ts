import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleFor } from '../../server/contract/openapi-paths.ts';
import { operations, type Operation } from '../../server/contract/operations.ts';
import { ALL_SCOPES, createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { documentedStatuses, expectProblem } from '../support/problems.ts';

/** The names of an operation's path parameters, in path order. */
const pathParams = (op: Operation) => [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

/** Malformed path ids: over the router's limit, over any id's length, not percent-encoded UTF-8, not an id. */
/** The account's administration answers people and `start`'s local owner, never a key (403 before any id). */
const administration = (op: Operation) => op.path.startsWith('/account/');
const OWNER = 'awl_errorcontractowner0000000000000000000';

const BAD_IDS = ['a'.repeat(513), 'a'.repeat(201), '%FF', '%C3%28', '%', '%E0%A4%A', 'a%20b', 'a%2Fb', '%00'];

/**
 * "." and ".." (and their %2E spellings) are dot segments that every URL parser removes before sending (RFC 3986
 * 5.2.4, WHATWG URL), so no client can send one as an id: the request becomes another path's.
 */
const notDotSegment = (segment: string) => !/^(?:\.|%2e){1,2}$/i.test(segment);

describe('every status an operation can answer is in the document, in the problem shape', () => {
  let h: Harness;
  let key: string;
  let readOnly: string;
  let freeKey: string;
  let projectId: string;
  let accountId: string;

  const url = (op: Operation, ids: Record<string, string> = {}, query = '') =>
    `/v1${op.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? (name === 'projectId' ? projectId : 'x1'))}${query}`;

  /** The documented example body, so that only the part under test is wrong. */
  const exampleBody = (op: Operation) =>
    op.body ? { type: 'application/json', payload: JSON.stringify(exampleFor(op.body)) } : {};

  async function call(op: Operation, init: { url: string; key?: string; type?: string; payload?: string }) {
    const r = await h.request({
      method: op.method,
      url: init.url,
      headers: {
        ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
        ...(init.key === OWNER ? { 'x-answerwatch-account': accountId } : {}),
        ...(init.type ? { 'content-type': init.type } : {}),
      },
      ...(init.payload === undefined ? {} : { payload: init.payload }),
    });
    const what = `${op.method} ${init.url.slice(0, 120)} -> ${r.statusCode} ${r.body.slice(0, 200)}`;
    expect(documentedStatuses(op), what).toContain(r.statusCode);
    expect(r.statusCode, what).toBeLessThan(500);
    return { r, what };
  }

  beforeAll(async () => {
    h = await createHarness({
      rateLimits: { perMinute: 1_000_000, perDay: 1_000_000 },
      localOwner: { token: OWNER },
    });
    // Every scope, so each operation gets past its scope check to the refusal under test.
    const a = await h.account('premium', [...ALL_SCOPES, 'traffic:write']);
    key = a.key;
    accountId = a.accountId;
    projectId = (await createProject(h.store, a.accountId)).id;
    readOnly = await h.key(a.accountId, ['visibility:read']);
    freeKey = (await h.account('free')).key;
  });
  afterAll(() => h.close());

  it('refuses an unknown query parameter with a documented 400 on every operation, /me included', async () => {
    for (const op of operations) {
      const { r, what } = await call(op, { url: url(op, {}, '?zz=1'), key, ...exampleBody(op) });
      expect(r.statusCode, what).toBe(400);
      expect(expectProblem(r, what).detail, what).toMatch(/zz/);
    }
  });

  it('answers a missing key 401, a free plan and a missing scope 403, all documented', async () => {
    for (const op of operations) {
      const missing = await call(op, { url: url(op) });
      expect(missing.r.statusCode, missing.what).toBe(401);
      expect(expectProblem(missing.r, missing.what).code).toBe('invalid_key');
      expect(missing.r.headers['www-authenticate']).toMatch(/^Bearer realm="answerwatch"/);
      const free = await call(op, { url: url(op), key: freeKey });
      expect(expectProblem(free.r, free.what).code).toBe('plan_required');
      if (op.scope !== 'visibility:read') {
        const scope = await call(op, { url: url(op), key: readOnly });
        expect(expectProblem(scope.r, scope.what).code).toBe('insufficient_scope');
      }
    }
  });

  it('answers a path id that cannot exist with the documented 404 not_found, never 400', async () => {
    for (const op of operations) {
      for (const name of pathParams(op)) {
        for (const bad of BAD_IDS) {
          const { r, what } = await call(op, {
            url: url(op, { [name]: bad }),
            key: administration(op) ? OWNER : key,
            ...exampleBody(op),
          });
          expect(r.statusCode, what).toBe(404);
          // The local owner is no key, so no RateLimit header: the problem's shape is checked without it.
          const problem = administration(op) ? (r.json() as { code: string }) : expectProblem(r, what);
          expect(problem.code, what).toBe('not_found');
        }
      }
    }
  });

  it('refuses bodies that are too large, not JSON, of another type or empty, with documented statuses', async () => {
    const bodies = [
      { type: 'application/json', payload: JSON.stringify({ text: 'x'.repeat(1_100_000) }), status: 413 },
      { type: 'application/json', payload: '{"name":', status: 400 },
      { type: 'text/plain', payload: '{}', status: 400 },
      { type: 'application/x-www-form-urlencoded', payload: 'name=a', status: 400 },
      { type: 'application/json', payload: '', status: 400 },
    ];
    for (const op of operations.filter((o) => o.method !== 'GET' && !o.bodyMediaTypes)) {
      for (const body of bodies) {
        const { r, what } = await call(op, { url: url(op), key, ...body });
        expect(r.statusCode, what).toBe(body.status);
        expect(expectProblem(r, what).code).toBe('invalid_parameter');
      }
    }
  });

  it('refuses traffic batches too large, of another type or a broken JSON array, with documented statuses', async () => {
    const op = operations.find((o) => o.operationId === 'postTraffic')!;
    const bodies = [
      { type: 'application/x-ndjson', payload: `${'x'.repeat(1_000)}\n`.repeat(5_300), status: 413 },
      { type: 'text/plain', payload: '{}', status: 400 },
      { type: 'application/x-www-form-urlencoded', payload: 'name=a', status: 400 },
      { type: 'application/json', payload: '[{"url":', status: 400 },
    ];
    for (const body of bodies) {
      const { r, what } = await call(op, { url: url(op), key, ...body });
      expect(r.statusCode, what).toBe(body.status);
      expect(expectProblem(r, what).code).toBe('invalid_parameter');
    }
  });

  it('keeps every answer to random malformed input documented, problem+json and below 500', async () => {
    const segment = fc
      .oneof(
        fc.string({ minLength: 1, maxLength: 80 }).map(encodeURIComponent),
        fc.constantFrom(...BAD_IDS, 'x1'),
        fc.stringMatching(/^%[0-9A-Fa-f]{0,2}[a-z]{0,3}$/),
      )
      .filter(notDotSegment);
    const queryValue = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('', '0', '-1', '201', 'true', 'yes', '2026-02-30', '2026-06-01', 'chatgpt', '%zz'),
    );
    const queryName = fc.oneof(
      fc.constantFrom('limit', 'cursor', 'from', 'to', 'engine', 'topicId', 'promptId', 'runId', 'status'),
      fc.constantFrom('mentioned', 'cited', 'engines', 'page', 'Limit'),
      fc.string({ minLength: 1, maxLength: 10 }),
    );
    const query = fc
      .array(fc.tuple(queryName, queryValue), { maxLength: 4 })
      .map((pairs) =>
        pairs.length === 0
          ? ''
          : `?${pairs.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&')}`,
      );
    const body = fc.oneof(
      fc.constant(undefined),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', '{', '[]', 'null', '{"samplesPerPrompt":9}', '{"url":"http://x"}'),
    );
    const type = fc.constantFrom(
      'application/json',
      'text/plain',
      'application/json; charset=utf-8',
      undefined,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operations),
        fc.dictionary(
          fc.constantFrom('projectId', 'answerId', 'promptId', 'requestId', 'webhookId'),
          segment,
        ),
        fc.boolean(),
        query,
        body,
        type,
        async (op, ids, keepProject, q, payload, contentType) => {
          if (keepProject) delete ids.projectId;
          // Non-GET operations only: a GET body is never read, and a GET must not be sent one by clients.
          const sent = op.method === 'GET' ? undefined : payload;
          const { r, what } = await call(op, {
            url: url(op, ids, q),
            key,
            ...(sent === undefined ? {} : { payload: sent, type: contentType }),
          });
          if (r.statusCode >= 400) expectProblem(r, what);
        },
      ),
      { numRuns: 600 },
    );
  }, 120_000);
});

describe('the rate limit on every operation', () => {
  it('is a documented 429 with Retry-After', async () => {
    const h = await createHarness({ rateLimits: { perMinute: 1, perDay: 1_000 } });
    try {
      for (const op of operations) {
        const { key } = await h.account();
        const target = `/v1${op.path.replace(/\{\w+\}/g, 'x1')}`;
        await h.request({ method: op.method, url: target, headers: { authorization: `Bearer ${key}` } });
        const r = await h.request({
          method: op.method,
          url: target,
          headers: { authorization: `Bearer ${key}` },
        });
        const what = `${op.method} ${op.path}`;
        expect(r.statusCode, what).toBe(429);
        expect(documentedStatuses(op), what).toContain(429);
        expect(expectProblem(r, what).code).toBe('rate_limited');
        expect(r.headers['retry-after'], what).toBe('60');
      }
    } finally {
      await h.close();
    }
  });
});
