import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerCounts, answerRow, projectScorer } from '../../server/domain/answer-rows.ts';
import { importedAnswerId } from '../../server/domain/import-answers.ts';
import { runAnswerGroups, type RunAnswer } from '../../server/domain/run-lifecycle.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { begunCloudRun } from '../support/cloud-run.ts';
import { createProject, manualTracking } from '../support/fixtures.ts';

let h: Harness;
afterEach(() => h?.close());

const ENGINES = ['chatgpt', 'claude'];
const TEXTS = ['Acme is the best pick, Globex is fine.', 'Globex leads; Initech is cheaper.'];

/** A project with a running cloud run; `answer(i)` is its i-th answer, as the run executor hands it over. */
async function runningProject(name: string) {
  const { accountId, key } = await h.account('premium');
  const projectId = (
    await createProject(h.store, accountId, {
      name,
      websiteUrl: 'https://acme.example',
      brandTerms: ['Acme'],
      brandDomains: [],
      tracking: manualTracking(ENGINES),
    })
  ).id;
  const { requestId, run } = await begunCloudRun(h.store, h.clock, projectId);
  const { score, competitorSet } = await projectScorer(h.store, projectId);
  const answer = (i: number): RunAnswer => {
    const text = TEXTS[i % TEXTS.length]!;
    const scored = score({ text, sources: [{ url: `https://site${i % 3}.example/`, title: null }] });
    const at = h.clock.now().toISOString();
    const slot = `${run.id}:p${i}:${ENGINES[i % 2]}`;
    const row = answerRow(scored, {
      id: importedAnswerId(projectId, slot),
      projectId,
      runId: run.id,
      importKey: slot,
      promptId: null,
      promptText: `prompt ${i}`,
      topicId: null,
      engineId: ENGINES[i % 2]!,
      observedAt: at,
      createdAt: at,
      competitorSet,
      searchQueries: [`search ${i % 4}`],
    });
    return { row, counts: answerCounts(row, scored, [`search ${i % 4}`]), requestId, units: 1 };
  };
  const figures = async () => {
    const daily = (await h.get(`/v1/projects/${projectId}/stats/daily`, key)).json();
    return {
      summarised: daily.data.reduce((n: number, d: { answers: number }) => n + d.answers, 0),
      answerCount: (await h.store.runs.byRequest(requestId, 'cloud'))!.answer_count,
      spent: (await h.store.runRequests.byId(requestId))!.spent_units,
      stored: (await h.store.answers.keysOfRun(run.id)).size,
    };
  };
  return { answer, figures };
}

describe('runs store their answers in groups', () => {
  it('stores each answer once with its summaries, count and units, in groups that share transactions', async () => {
    h = await createHarness();
    const p = await runningProject('Acme');
    const groups = runAnswerGroups(h.store, { maxItems: 7, maxWaitMs: 2 });
    const answers = Array.from({ length: 30 }, (_, i) => p.answer(i));
    const stored = await Promise.all([...answers, answers[4]!, answers[9]!].map((a) => groups.add(a)));
    // The two copies of stored slots answer false and count nowhere.
    expect(stored.filter(Boolean)).toHaveLength(30);
    expect(stored.slice(30)).toEqual([false, false]);
    expect(await p.figures()).toEqual({ summarised: 30, answerCount: 30, spent: 30, stored: 30 });
    // Stored before: a taken-over run's answer to a slot already stored adds nothing.
    await expect(groups.add(p.answer(3))).resolves.toBe(false);
    expect(await p.figures()).toEqual({ summarised: 30, answerCount: 30, spent: 30, stored: 30 });
  });

  it('keeps gathering a group while answers keep arriving, as a 0 ms run brings them: one transaction', async () => {
    h = await createHarness();
    const p = await runningProject('Acme');
    const answers = Array.from({ length: 8 }, (_, i) => p.answer(i));
    const transactions = vi.spyOn(h.store, 'transaction');
    // A wait of 5 ms alone would write the first few answers; answers still arriving keep the group open.
    const groups = runAnswerGroups(h.store, { maxWaitMs: 5 });
    const stored: Promise<boolean>[] = [];
    for (const answer of answers) {
      stored.push(groups.add(answer));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(await Promise.all(stored)).toEqual(Array(8).fill(true));
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(await p.figures()).toEqual({ summarised: 8, answerCount: 8, spent: 8, stored: 8 });
  });

  it('fails only the answer that cannot be stored; the rest of its group and the next group are stored once', async () => {
    h = await createHarness();
    const p = await runningProject('Acme');
    const groups = runAnswerGroups(h.store, { maxItems: 50, maxWaitMs: 5 });
    const bad = p.answer(5);
    // A row the database refuses (an answer must name its engine), as a broken adapter might produce.
    bad.row = { ...bad.row, engine_id: null as unknown as string };
    const first = [0, 1, 2, 3, 4].map((i) => groups.add(p.answer(i)));
    const failing = groups.add(bad);
    const more = [6, 7, 8].map((i) => groups.add(p.answer(i)));
    await expect(failing).rejects.toThrow();
    expect(await Promise.all([...first, ...more])).toEqual(Array(8).fill(true));
    expect(await p.figures()).toEqual({ summarised: 8, answerCount: 8, spent: 8, stored: 8 });
  });

  it('two writers (as two instances) store groups over the same summary rows at once, each answer once', async () => {
    h = await createHarness();
    const [a, b] = [await runningProject('Acme'), await runningProject('Acme two')];
    const one = runAnswerGroups(h.store, { maxItems: 20, maxWaitMs: 1 });
    const two = runAnswerGroups(h.store, { maxItems: 20, maxWaitMs: 1 });
    // Each writer's groups hold both projects' answers, arriving in opposite orders; some slots reach both.
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => [
        one.add(a.answer(i)),
        one.add(b.answer(59 - i)),
        two.add(b.answer(i)),
        two.add(a.answer(59 - i)),
      ]).flat(),
    );
    expect(results.filter(Boolean)).toHaveLength(120);
    const each = { summarised: 60, answerCount: 60, spent: 60, stored: 60 };
    expect([await a.figures(), await b.figures()]).toEqual([each, each]);
  });
});
