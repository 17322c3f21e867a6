import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/domain/database.ts';
import { createStore } from '../../server/store/index.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { projectWithAnswers } from '../support/answers.ts';
import { rawDb } from '../support/raw-db.ts';

/** The brand's ranks kept per day and engine, so the average position never reads the answers. */
describe('position summaries', () => {
  let h: Harness;
  let key: string;
  let p: string;
  let answers: { date: string; engineId: string; position: number | null }[];

  /** The answers of the range that ranked the brand, counted by hand from the API. */
  const recount = (from: string, to: string, engineIds?: string[]) => {
    const ranked = answers.filter(
      (a) =>
        a.position !== null &&
        a.date >= from &&
        a.date <= to &&
        (!engineIds || engineIds.includes(a.engineId)),
    );
    return { ranked: ranked.length, positionSum: ranked.reduce((sum, a) => sum + a.position!, 0) };
  };
  const cases: [string, string, string[] | undefined][] = [
    ['2026-05-17', '2026-06-15', undefined],
    ['2026-06-08', '2026-06-12', ['chatgpt']],
    ['2026-06-01', '2026-06-15', ['gemini', 'claude']],
    ['2026-06-20', '2026-06-30', undefined],
  ];

  beforeAll(async () => {
    h = await createHarness();
    ({ key, projectId: p } = await projectWithAnswers(h, 160, 12));
    answers = (await h.get(`/v1/projects/${p}/answers?limit=200`, key)).json().data;
    expect(answers.filter((a) => a.position !== null).length).toBeGreaterThan(40);
  });
  afterAll(() => h.close());

  it('are written with the answers: each range and engine filter adds up to a recount', async () => {
    for (const [from, to, engineIds] of cases) {
      expect(
        await h.store.summaries.positions({ projectId: p, from, to, engineIds }),
        `${from} ${engineIds}`,
      ).toEqual(recount(from, to, engineIds));
    }
  });

  it('are built from the stored answers when the migration runs on an existing database', async () => {
    const db = rawDb(h.dbPath);
    try {
      await sql`drop table position_days`.execute(db);
      await sql`delete from kysely_migration where name = '0004-positions'`.execute(db);
    } finally {
      await db.destroy();
    }
    const store = createStore(await openDatabase(h.dbPath));
    try {
      for (const [from, to, engineIds] of cases) {
        expect(await store.summaries.positions({ projectId: p, from, to, engineIds })).toEqual(
          recount(from, to, engineIds),
        );
      }
    } finally {
      await store.close();
    }
  });
});
