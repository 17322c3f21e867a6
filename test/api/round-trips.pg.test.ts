import { PostgresQueryCompiler } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { projectWithAnswers } from '../support/answers.ts';
import { createProject } from '../support/fixtures.ts';
import { recordPoolStatements, type SentStatement } from '../support/pg-statements.ts';

/**
 * What a request costs the database on PostgreSQL, counted at the driver: every query the service's pool sends
 * (the listening connection is not the pool's) while one request is served. On SQLite a query is a call into the
 * process, not a round trip, so there is nothing to count: `*.pg.test.ts` files run in the postgres project only.
 */
describe('round trips of a request on PostgreSQL', () => {
  let h: Harness;
  let key: string;
  let projectId: string;
  let recorder: ReturnType<typeof recordPoolStatements>;

  beforeAll(async () => {
    h = await createHarness();
    ({ key, projectId } = await projectWithAnswers(h, 40));
    recorder = recordPoolStatements();
  });
  afterAll(async () => {
    recorder.restore();
    await h.close();
  });

  /** The queries one GET sends, once the same GET was answered before (a read served from the cache). */
  async function roundTrips(path: string): Promise<SentStatement[]> {
    expect((await h.get(path, key)).statusCode).toBe(200);
    const { result: r, sent } = await recorder.during(() => h.get(path, key));
    expect(r.statusCode, r.body).toBe(200);
    return sent;
  }

  it.each([
    ['the key itself (/me)', '/v1/me'],
    ['the first page of answers', () => `/v1/projects/${projectId}/answers?limit=20`],
    ['a year of daily stats', () => `/v1/projects/${projectId}/stats/daily?from=2025-06-16&to=2026-06-15`],
    ['sources', () => `/v1/projects/${projectId}/stats/sources?from=2026-06-01&to=2026-06-15`],
  ])('takes at most two round trips for %s, each a named (prepared) statement', async (_what, path) => {
    const trips = await roundTrips(typeof path === 'string' ? path : path());
    expect(trips.length, trips.map((t) => t.text).join('\n---\n')).toBeLessThanOrEqual(2);
    expect(trips.filter((t) => t.name === undefined)).toEqual([]);
  });

  it('reads neither the key nor its account again for a key seen before: one statement counts and checks it', async () => {
    const trips = await roundTrips('/v1/me');
    expect(trips[0]!.text).toMatch(/insert into rate_limits/);
    expect(trips[0]!.text).not.toMatch(/from api_keys|join accounts/);
  });

  it('answers /me in one round trip that lists the key’s projects as they are now, a project made since too', async () => {
    const { key: own, accountId } = await h.account();
    const first = (await createProject(h.store, accountId, { createdAt: '2026-06-01T00:00:00.000Z' })).id;
    // The key's first use is noted, which changes the key: the request after it reads the key again.
    expect((await h.get('/v1/me', own)).json().projects).toEqual([first]);
    expect((await h.get('/v1/me', own)).json().projects).toEqual([first]);
    const made = (await createProject(h.store, accountId, { createdAt: '2026-06-02T00:00:00.000Z' })).id;
    const { result: r, sent: trips } = await recorder.during(() => h.get('/v1/me', own));
    expect(r.json().projects).toEqual([made, first]);
    expect(trips, trips.map((t) => t.text).join('\n---\n')).toHaveLength(1);
    expect(trips[0]!.text).toMatch(/insert into rate_limits/);
    expect(trips[0]!.text).toMatch(/from projects/);
  });

  it('lists on /me only the projects a key with a list of projects reads', async () => {
    const { accountId } = await h.account();
    const [a, b] = [
      (await createProject(h.store, accountId)).id,
      (await createProject(h.store, accountId)).id,
    ];
    const listed = await h.key(accountId, ['visibility:read'], [b]);
    expect((await h.get('/v1/me', listed)).json().projects).toEqual([b]);
    expect((await h.get('/v1/me', listed)).json().projects).toEqual([b]);
    expect(a).not.toBe(b);
  });

  it.each([
    ['the first page of answers', () => `/v1/projects/${projectId}/answers?limit=20`],
    ['a year of daily stats', () => `/v1/projects/${projectId}/stats/daily?from=2025-06-16&to=2026-06-15`],
  ])(
    'serves %s from the cache in one round trip: the statement that counts reads the project’s generation',
    async (_what, path) => {
      const trips = await roundTrips(path());
      expect(trips, trips.map((t) => t.text).join('\n---\n')).toHaveLength(1);
      expect(trips[0]!.text).toMatch(/insert into rate_limits/);
      expect(trips[0]!.text).toMatch(/from project_generations/);
      expect(trips[0]!.text).not.toMatch(/from "projects"/);
    },
  );

  it('reads an answer’s detail with its topic’s label and competitors in one statement after the way in', async () => {
    const page = await h.get(`/v1/projects/${projectId}/answers?limit=1`, key);
    const id = (page.json() as { data: { id: string }[] }).data[0]!.id;
    const trips = await roundTrips(`/v1/projects/${projectId}/answers/${id}`);
    expect(trips, trips.map((t) => t.text).join('\n---\n')).toHaveLength(2);
    expect(trips[1]!.text).toMatch(/from "answers" inner join "answer_details"/);
    expect(trips[1]!.text).toMatch(/left join "topics"[^]*left join "competitor_sets"/);
    expect(trips.filter((t) => t.name === undefined)).toEqual([]);
  });

  it.each([
    ['the key itself (/me)', () => '/v1/me'],
    ['a year of daily stats', () => `/v1/projects/${projectId}/stats/daily?from=2025-06-16&to=2026-06-15`],
  ])(
    'builds no query for %s served from the cache: the way in is compiled once per shape',
    async (_what, path) => {
      // Twice first: the first use in a minute notes the key's use, a statement of another shape.
      await h.get(path(), key);
      await h.get(path(), key);
      const compiles = vi.spyOn(PostgresQueryCompiler.prototype, 'compileQuery');
      try {
        const trips = await roundTrips(path());
        expect(trips).toHaveLength(1);
        expect(compiles).not.toHaveBeenCalled();
      } finally {
        compiles.mockRestore();
      }
    },
  );

  it('counts a key that is not valid against the address, in the same one statement', async () => {
    const { result: r, sent: counted } = await recorder.during(() =>
      h.get('/v1/me', `aw_live_${'x'.repeat(40)}`),
    );
    expect(r.statusCode).toBe(401);
    expect(r.headers.ratelimit).toMatch(/^limit=\d+, remaining=\d+, reset=\d+$/);
    expect(counted).toHaveLength(1);
  });
});
