import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { answerCounts, answerRow, projectScorer, type Judgement } from '../../server/domain/answer-rows.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { importedAnswerId } from '../../server/domain/import-answers.ts';
import { runAnswerGroups, type RunAnswer } from '../../server/domain/run-lifecycle.ts';
import { decodePrompts } from '../../server/store/repositories/prompt-numbers.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import type { Database } from '../../server/store/schema.ts';
import { createHarness } from '../support/api-harness.ts';
import { begunCloudRun } from '../support/cloud-run.ts';
import { PAGES, PROMPTS, TEXTS, insightProject } from '../support/insights.ts';
import { databaseUrl, onServer } from '../support/pg-cluster.ts';
import { rawDb } from '../support/test-db.ts';

/** Every table a stored answer adds to, keyed by project. */
const SUMMARY_TABLES = [
  'daily_summaries',
  'brand_days',
  'brand_months',
  'position_days',
  'source_days',
  'source_months',
  'query_days',
  'query_months',
  'prompt_days',
  'prompt_months',
  'trend_days',
  'surface_days',
  'surface_months',
  'surface_domain_days',
  'surface_domain_months',
  'drift_days',
  'drift_months',
] as const;

const ENGINES = ['chatgpt', 'chatgpt-local-fetch'];
const DAYS = ['2026-05-31', '2026-06-01', '2026-06-02'];
const ROUNDS = 8;
/** Answers of one project an instance gets at once in a round: a third of them reach both instances. */
const BLOCK = 48;
const DRIFT: Judgement = {
  sentiment: 'negative',
  sentimentReason: 'says Acme is slow',
  narrativeDrift: true,
  narrativeDriftReason: 'contradicts the speed statement',
  driftStatements: ['Acme is fast'],
};

/** A project with a running cloud run, as the run executor has it once the run began. */
async function runningProject(store: Store, projectId: string, promptIds: string[], at: string) {
  const { requestId, run } = await begunCloudRun(
    store,
    { now: () => new Date(at) },
    projectId,
    PROMPTS.length,
  );
  return { projectId, promptIds, requestId, runId: run.id };
}

type Running = Awaited<ReturnType<typeof runningProject>>;

/** The answer of one slot, the same whichever instance stores it: same text, day, prompt, engine and sources. */
async function answersOf(store: Store, p: Running) {
  const { score, competitorSet } = await projectScorer(store, p.projectId);
  const texts = Object.values(TEXTS);
  const pages = Object.values(PAGES);
  return (slot: string, n: number): RunAnswer => {
    const engineId = ENGINES[n % ENGINES.length]!;
    const prompt = Math.floor(n / 2) % PROMPTS.length;
    const day = DAYS[Math.floor(n / 6) % DAYS.length]!;
    const observedAt = `${day}T${String(10 + (n % 12)).padStart(2, '0')}:00:00.000Z`;
    const text = texts[n % texts.length]!;
    const sources = [pages[n % pages.length]!, pages[(n * 7 + 3) % pages.length]!];
    const scored = score({ text, sources: sources.map((url) => ({ url, title: null })) });
    const searches = [`crm search ${n % 5}`];
    const row = answerRow(
      scored,
      {
        id: importedAnswerId(p.projectId, slot),
        projectId: p.projectId,
        runId: p.runId,
        importKey: slot,
        promptId: p.promptIds[prompt]!,
        promptText: PROMPTS[prompt]!.text,
        topicId: PROMPTS[prompt]!.topicIds[0]!,
        engineId,
        observedAt,
        createdAt: observedAt,
        competitorSet,
        searchQueries: searches,
      },
      n % 4 === 1 ? DRIFT : null,
    );
    return { row, counts: answerCounts(row, scored, searches), requestId: p.requestId, units: 1 };
  };
}

/**
 * A project's rows of a summary table, comparable across databases: without the project, JSON as values (its keys
 * in any order) and prompt sets as the prompts' texts (the numbers are given in order of first arrival).
 */
async function rowsOf(db: Kysely<Database>, table: string, projectId: string) {
  const numbers = await db
    .selectFrom('prompt_numbers')
    .select(['n', 'text_key'])
    .where('project_id', '=', projectId)
    .execute();
  const textOf = new Map(numbers.map((r) => [Number(r.n), r.text_key]));
  const rows = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(table)} where project_id = ${projectId}`.execute(db);
  return rows.rows
    .map(({ project_id: _p, ...row }) => {
      for (const [column, value] of Object.entries(row)) {
        if (column === 'prompts' && typeof value === 'string')
          row[column] = decodePrompts(value)
            .map((n) => textOf.get(n) ?? `unknown ${n}`)
            .sort();
        else if (typeof value === 'string' && /^[[{]/.test(value)) row[column] = JSON.parse(value);
      }
      return row;
    })
    .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

async function deadlocks(db: Kysely<Database>): Promise<number> {
  await sql`select pg_stat_clear_snapshot()`.execute(db);
  const r = await sql<{ n: string }>`
    select deadlocks::text as n from pg_stat_database where datname = current_database()`.execute(db);
  return Number(r.rows[0]!.n);
}

describe('two instances store groups of answers over the same summary rows at once (PostgreSQL)', () => {
  const open: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const o of open) await o.close();
  });

  it('never deadlock, and every summary equals the same answers stored by one writer', async () => {
    const h = await createHarness();
    const a = await insightProject(h);
    const b = await insightProject(h);
    const at = h.clock.now().toISOString();
    const projects = [
      await runningProject(h.store, a.projectId, a.promptIds, at),
      await runningProject(h.store, b.projectId, b.promptIds, at),
    ];
    const location = h.dbPath;
    await h.close();
    // The reference: a copy of the database as it is now, to which one writer adds the same answers alone.
    const name = new URL(location).pathname.slice(1);
    await onServer(inject('pgUrl'), `create database ${name}_ref template ${name}`);
    const refLocation = databaseUrl(inject('pgUrl'), `${name}_ref`);

    // Two instances: two stores, each with its own pool, and each its own group commit.
    const instances = [
      createStore(await openDatabase(location, { poolSize: 4 })),
      createStore(await openDatabase(location, { poolSize: 4 })),
    ];
    const reference = createStore(await openDatabase(refLocation, { poolSize: 2 }));
    const raw = rawDb(location);
    const rawRef = rawDb(refLocation);
    open.push(reference, { close: () => raw.destroy() }, { close: () => rawRef.destroy() });
    const deadlocksBefore = await deadlocks(raw);

    const answer = await Promise.all(projects.map((p) => answersOf(instances[0]!, p)));
    // Each round, each instance gets each project's answers in a block as large as three groups: two of its own
    // slots, then one both reach (a run taken over while its first worker still writes), and so on; the second
    // instance gets each block in the opposite order. So the two instances' groups write the same project's
    // summary rows (its days, engines, prompts, sources and searches) at the same moment, and a block's middle
    // groups hold the same shared slots, arriving in opposite orders.
    const distinct = new Map<string, RunAnswer>();
    const writes: Promise<boolean>[] = [];
    const groups = instances.map((s) => runAnswerGroups(s, { maxItems: BLOCK / 3, maxWaitMs: 1 }));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [pi, p] of projects.entries()) {
        for (const w of [0, 1]) {
          const block = Array.from({ length: BLOCK }, (_, i) =>
            i % 3 === 2
              ? answer[pi]!(`${p.runId}:r${round}:both:${i}`, i)
              : answer[pi]!(`${p.runId}:r${round}:w${w}:${i}`, i + w),
          );
          for (const x of block) distinct.set(x.row.id, x);
          if (w === 1) block.reverse();
          for (const x of block) writes.push(groups[w]!.add(x));
        }
      }
    }
    const stored = await Promise.all(writes);
    expect(stored.filter(Boolean)).toHaveLength(distinct.size);
    await Promise.all(instances.map((s) => s.close()));

    const referenceGroups = runAnswerGroups(reference);
    await Promise.all([...distinct.values()].map((x) => referenceGroups.add(x)));

    const perProject = ROUNDS * (BLOCK + (2 * BLOCK) / 3);
    for (const p of projects) {
      for (const db of [raw, rawRef]) {
        const run = await db
          .selectFrom('runs')
          .select('answer_count')
          .where('id', '=', p.runId)
          .executeTakeFirst();
        const request = await db
          .selectFrom('run_requests')
          .select('spent_units')
          .where('id', '=', p.requestId)
          .executeTakeFirst();
        const answers = await db
          .selectFrom('answers')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('project_id', '=', p.projectId)
          .executeTakeFirst();
        expect([run?.answer_count, request?.spent_units, Number(answers?.n)]).toEqual([
          perProject,
          perProject,
          perProject,
        ]);
      }
      for (const table of SUMMARY_TABLES) {
        const together = await rowsOf(raw, table, p.projectId);
        expect(together.length, `${table} has rows`).toBeGreaterThan(0);
        expect(together, table).toEqual(await rowsOf(rawRef, table, p.projectId));
      }
      // The days marked as still changing; each mark's time is its first group's earliest answer, by design.
      const pending = (db: Kysely<Database>) =>
        db
          .selectFrom('summary_pending')
          .select('date')
          .where('project_id', '=', p.projectId)
          .orderBy('date')
          .execute();
      expect(await pending(raw)).toEqual(await pending(rawRef));
      expect(await pending(raw)).toEqual(expect.arrayContaining(DAYS.map((date) => ({ date }))));
    }
    // Closed pools have reported their backends' counts; a deadlock the store retried would show here.
    expect(await deadlocks(raw)).toBe(deadlocksBefore);
  });
});
