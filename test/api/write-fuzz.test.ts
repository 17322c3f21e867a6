import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../server/contract/operations.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { documentedStatuses, expectProblem } from '../support/problems.ts';
import { rawDb } from '../support/raw-db.ts';

/** Every table a write can touch, read back whole: a refused write must leave all of it as it was. */
const TABLES = ['projects', 'prompts', 'prompt_topics', 'topics', 'competitors', 'api_key_projects'] as const;

describe('writes under random and malformed input', () => {
  let h: Harness;
  /** One connection for every snapshot: on PostgreSQL a connection per read would cost more than the test. */
  let raw: ReturnType<typeof rawDb>;
  let key: string;
  let projectId: string;
  const writes = operations.filter((o) => o.method !== 'GET');

  async function snapshot() {
    const out: Record<string, unknown[]> = {};
    for (const t of TABLES) out[t] = await raw.selectFrom(t).selectAll().execute();
    return JSON.stringify(out);
  }

  beforeAll(async () => {
    // Limits out of the way: past 300 requests every answer would be a 429 and the fuzz would test nothing else.
    h = await createHarness({ rateLimits: { perMinute: 1_000_000, perDay: 1_000_000 } });
    raw = rawDb(h.dbPath);
    const a = await h.account();
    key = a.key;
    projectId = (await createProject(h.store, a.accountId)).id;
    await h.store.prompts.create({
      id: 'pmtFuzz',
      projectId,
      text: 'fuzz me',
      status: 'active',
      engineIds: ['chatgpt'],
      topicIds: [],
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  });
  afterAll(async () => {
    await raw.destroy();
    await h.close();
  });

  it('answers only documented statuses, always problem+json on refusal, and a refusal changes nothing', async () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    const body = fc.oneof(
      json.map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        '',
        '{',
        '{"name":',
        '[]',
        'null',
        '{"name":"A","websiteUrl":"https://a.example","x":1}',
      ),
      fc
        .record(
          {
            text: fc.string({ maxLength: 600 }),
            topicIds: fc.array(fc.string({ maxLength: 5 }), { maxLength: 25 }),
          },
          { requiredKeys: [] },
        )
        .map((v) => JSON.stringify(v)),
      fc
        .array(
          fc.record({ name: fc.string({ maxLength: 130 }), domain: fc.option(fc.string({ maxLength: 20 })) }),
          { maxLength: 55 },
        )
        .map((v) => JSON.stringify(v)),
    );
    const pathPart = fc.oneof(
      fc.constant('x1'),
      fc.constant('pmtFuzz'),
      fc
        .string({ minLength: 1, maxLength: 70 })
        .map(encodeURIComponent)
        // `.` and `..` are dot segments: a client resolves them into another path before sending.
        .filter((part) => part !== '.' && part !== '..'),
    );
    const project = fc.oneof(fc.constant(projectId), fc.constant(projectId), pathPart);
    const query = fc.oneof(
      fc.constant(''),
      fc.string({ maxLength: 20 }).map((q) => `?${encodeURIComponent(q)}=1`),
    );
    const contentType = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      undefined,
    );

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writes),
        project,
        pathPart,
        query,
        body,
        contentType,
        async (op, p, id, q, payload, type) => {
          const before = await snapshot();
          const url = `/v1${op.path.replace('{projectId}', p).replace(/\{\w+\}/g, id)}${q}`;
          const r = await h.request({
            method: op.method,
            url,
            headers: { authorization: `Bearer ${key}`, ...(type ? { 'content-type': type } : {}) },
            payload,
          });
          const what = `${op.method} ${url} -> ${r.statusCode} ${r.body.slice(0, 200)}`;
          expect(documentedStatuses(op), what).toContain(r.statusCode);
          expect(r.statusCode).not.toBe(500);
          if (r.statusCode >= 400) {
            expectProblem(r, what);
            expect(
              await snapshot(),
              `${op.method} ${url} refused with ${r.statusCode} but changed data`,
            ).toBe(before);
          }
        },
      ),
      { numRuns: 1_000 },
    );
  }, 120_000);
});
