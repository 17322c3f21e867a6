import { afterEach, describe, expect, it } from 'vitest';
import { createScorer, type RawAnswer } from '../../engines/scoring/index.ts';
import { runScoring, SCORING_WORKER_FROM, type RunScoring } from '../../server/domain/run-scoring.ts';

const ACME = {
  brand: { name: 'Acme', websiteUrl: 'https://acme.example', brandTerms: ['Acme Cloud'], brandDomains: [] },
  competitors: [{ name: 'Globex', domains: ['globex.example'] }],
};
const INITECH = {
  brand: { name: 'Initech', websiteUrl: 'https://initech.example', brandTerms: [], brandDomains: [] },
  competitors: [{ name: 'Acme', domains: ['acme.example'] }],
};
const TEXTS = [
  'Acme is the best pick for teams; Globex is fine too.',
  'Globex leads the market, and Initech is cheaper. Acme Cloud lags.',
  'Nothing here names a tool.',
];
const answers: RawAnswer[] = Array.from({ length: SCORING_WORKER_FROM + 40 }, (_, i) => ({
  text: `${TEXTS[i % TEXTS.length]} Answer ${i}.`,
  sources: [{ url: `https://${['acme', 'globex', 'news'][i % 3]}.example/page/${i}`, title: null }],
}));

let scoring: RunScoring | undefined;
afterEach(() => scoring?.close());

describe("a run's scoring", () => {
  it('scores in the worker thread exactly as in this thread, two runs of other projects side by side', async () => {
    scoring = runScoring(2);
    const acme = scoring.scorer(ACME, answers.length);
    const initech = scoring.scorer(INITECH, answers.length);
    // Not scored here: the answer went to the worker.
    expect(await Promise.race([acme.score(answers[0]!), Promise.resolve('pending')])).toBe('pending');
    const [a, b] = await Promise.all([
      Promise.all(answers.map((x) => acme.score(x))),
      Promise.all(answers.map((x) => initech.score(x))),
    ]);
    acme.close();
    initech.close();
    expect(a).toEqual(answers.map(createScorer(ACME.brand, ACME.competitors)));
    expect(b).toEqual(answers.map(createScorer(INITECH.brand, INITECH.competitors)));
    expect(a.filter((s) => s.mentioned).length).toBeGreaterThan(0);
  });

  it('scores what the worker held in this thread when it fails: only the answer that broke it fails', async () => {
    scoring = runScoring(2);
    const acme = scoring.scorer(ACME, answers.length);
    const bad = { text: null, sources: [] } as unknown as RawAnswer;
    const scored = await Promise.allSettled(
      [...answers.slice(0, 50), bad, ...answers.slice(50)].map((x) => acme.score(x)),
    );
    expect(scored.filter((s) => s.status === 'rejected')).toEqual([
      { status: 'rejected', reason: expect.any(TypeError) },
    ]);
    const fine = scored.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    expect(fine).toEqual(answers.map(createScorer(ACME.brand, ACME.competitors)));
    // Later answers are scored too, and the next large run has a worker again.
    await expect(acme.score(answers[1]!)).resolves.toEqual(fine[1]);
    const again = scoring.scorer(ACME, answers.length);
    await expect(again.score(answers[2]!)).resolves.toEqual(fine[2]);
  });

  it('scores a small run in this thread, with no worker to wait for', async () => {
    scoring = runScoring(2);
    const small = scoring.scorer(ACME, SCORING_WORKER_FROM - 1);
    const answer = small.score(answers[0]!);
    // Already settled: no message went anywhere.
    const settled = await Promise.race([answer, Promise.resolve('pending')]);
    expect(settled).toEqual(createScorer(ACME.brand, ACME.competitors)(answers[0]!));
  });
});
