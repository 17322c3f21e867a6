import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../server/domain/accounts.ts';
import type { Clock } from '../../server/domain/clock.ts';
import { createDemoProject, mulberry32 } from '../../server/domain/demo-data.ts';
import { importAnswers, type ImportOptions } from '../../server/domain/import-answers.ts';
import { openDatabase, type Db } from '../../server/domain/database.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { freshDatabase, type TestDatabase } from '../support/test-db.ts';

const clock: Clock = { now: () => new Date('2026-06-15T12:00:00.000Z') };

/**
 * Scoring in worker threads must change nothing but the speed: the same rows, summaries, duplicates and invalid
 * line numbers as scoring in the importing thread, whatever order the workers finish their chunks in.
 */
describe('import scored by worker threads', () => {
  let database: TestDatabase;
  let db: Db;
  let store: Store;
  let accountId: string;

  beforeAll(async () => {
    database = await freshDatabase();
    db = await openDatabase(database.location);
    store = createStore(db);
    accountId = (await createAccount(store, clock, { plan: 'premium' })).id;
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  /** A demo project (the same prompts and competitors for the same seed) and `answers` import lines for it. */
  async function demo(answers: number, competitors: number) {
    const options = { accountId, answers, days: 20, competitors, random: mulberry32(5) };
    const { projectId, lines } = await createDemoProject(store, clock, options);
    return { projectId, lines: [...lines] };
  }
  const imp = (projectId: string, lines: string[], options: ImportOptions) =>
    importAnswers(store, clock, projectId, lines, options);

  /** What a project stored, without what differs between projects by design (its id, the ids derived from it). */
  async function stored(projectId: string) {
    const answers = await db
      .selectFrom('answers')
      .innerJoin('answer_details', 'answer_details.answer_id', 'answers.id')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('import_key')
      .execute();
    const promptTexts = new Map(
      (
        await db.selectFrom('prompts').select(['id', 'text']).where('project_id', '=', projectId).execute()
      ).map((p) => [p.id, p.text]),
    );
    const summaries = async (table: 'daily_summaries' | 'brand_days' | 'brand_months' | 'position_days') =>
      (await db.selectFrom(table).selectAll().where('project_id', '=', projectId).execute())
        .map(({ project_id: _, ...row }) => JSON.stringify(row))
        .sort();
    return {
      answers: answers.map(({ id: _, answer_id: __, project_id: ___, prompt_id, ...row }) => ({
        ...row,
        prompt: prompt_id === null ? null : promptTexts.get(prompt_id),
      })),
      daily: await summaries('daily_summaries'),
      brandDays: await summaries('brand_days'),
      brandMonths: await summaries('brand_months'),
      positions: await summaries('position_days'),
    };
  }

  it('stores the same rows, summaries, duplicates and invalid lines as scoring in the importing thread', async () => {
    const inThread = await demo(900, 50);
    const lines = [...inThread.lines];
    // Bad lines and a blank one in several chunks (a chunk is 250 lines), and an id seen again in a later chunk
    // with another text: the first one read is the one stored, as when one thread reads and scores in order.
    lines.splice(0, 0, '{"promptText": oops}');
    lines.splice(260, 0, JSON.stringify({ promptText: 'x', engineId: 'altavista', observedAt: 'now' }));
    lines.splice(300, 0, '   ');
    lines.splice(610, 0, '[1, 2]');
    const first = JSON.parse(lines[5]!) as { id: string; text: string };
    lines.splice(700, 0, JSON.stringify({ ...first, text: `${first.text} Changed later.` }));
    const workers = await demo(0, 50);

    const a = await imp(inThread.projectId, lines, { workers: 0 });
    const b = await imp(workers.projectId, lines, { workers: 2 });
    expect(b).toEqual(a);
    expect(a).toMatchObject({ imported: 900, duplicates: 1, invalidCount: 3 });
    expect(a.invalid.map((i) => i.line)).toEqual([1, 261, 611]);
    expect(a.invalid[1]!.error).toMatch(/unknown engine "altavista"/);

    const [storedA, storedB] = [await stored(inThread.projectId), await stored(workers.projectId)];
    expect(storedA.answers).toHaveLength(900);
    expect(storedB).toEqual(storedA);
    expect(storedB.answers.find((r) => r.import_key === first.id)!.full_answer).toBe(first.text);
    expect(storedB.brandDays.length).toBeGreaterThan(0);
  }, 180_000);

  it('imports a file of several batches once: again, or after a part of it, nothing is stored twice', async () => {
    const once = await demo(5_600, 8);
    const twice = await demo(0, 8);
    expect(await imp(once.projectId, once.lines, { workers: 0 })).toMatchObject({ imported: 5_600 });

    // The first 2,600 lines, then the whole file (which spans two batches of 5,000), then the whole file again.
    expect(await imp(twice.projectId, once.lines.slice(0, 2_600), { workers: 2 })).toMatchObject({
      imported: 2_600,
      duplicates: 0,
    });
    expect(await imp(twice.projectId, once.lines, { workers: 2 })).toEqual({
      imported: 3_000,
      duplicates: 2_600,
      invalid: [],
      invalidCount: 0,
    });
    expect(await imp(twice.projectId, once.lines, { workers: 2 })).toMatchObject({
      imported: 0,
      duplicates: 5_600,
    });
    expect(await stored(twice.projectId)).toEqual(await stored(once.projectId));
  }, 240_000);
});
