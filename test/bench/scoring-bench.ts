import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createScorer, type AnswerScorer } from '../../engines/scoring/index.ts';
import type { CompetitorProfile, RawAnswer } from '../../engines/scoring/index.ts';
import { EXTRA_RIVAL_PARTS } from '../../server/domain/demo-content.ts';
import { loadEvalSet } from '../scoring-eval/eval-set.ts';

/** The scorer before issue 16 (mentions by a hand list of everyday words, a small sentiment lexicon). */
const DEFAULT_BASELINE = '189acac';
const COMPETITORS = 50;

type ScorerFactory = typeof createScorer;

/** Answers a second over passes through the workload: the median pass, and the best one (the code's own
 * speed when the shared machine's other work leaves it a whole core, as timeit reports it). */
export interface Rate {
  median: number;
  best: number;
}

export interface ScoringFigures {
  answers: number;
  current: Rate;
  baseline: Rate | null;
  baselineRef: string;
  baselineNote: string | null;
  /** The machine's one-minute load average when the measurement ended (2 cores). */
  load: number;
}

/** Invented rivals (the demo's) that fill each project's own competitors up to 50. */
function filler(): CompetitorProfile[] {
  const { first, second } = EXTRA_RIVAL_PARTS;
  return first.flatMap((a) =>
    second.map((b) => ({ name: `${a} ${b}`, domains: [`${a}${b}.com`.toLowerCase()] })),
  );
}

/** The baseline's engines/scoring, taken from git into .bench/ (inside the tree, so its imports resolve). */
async function baselineFactory(ref: string): Promise<ScorerFactory> {
  const dir = join('.bench', `scorer-${ref}`);
  if (!existsSync(join(dir, 'engines/scoring/index.ts'))) {
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync('git', ['archive', ref, 'engines/scoring'], { maxBuffer: 64 << 20 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
  }
  const module = (await import(join(process.cwd(), dir, 'engines/scoring/index.ts'))) as {
    createScorer: ScorerFactory;
  };
  return module.createScorer;
}

function workload(factory: ScorerFactory): [AnswerScorer, RawAnswer][] {
  const extra = filler();
  const scorers = new Map<object, AnswerScorer>();
  return loadEvalSet().map((item) => {
    let scorer = scorers.get(item.project);
    if (!scorer) {
      const competitors = [...item.project.competitors, ...extra].slice(0, COMPETITORS);
      scorer = factory(item.project.brand, competitors);
      scorers.set(item.project, scorer);
    }
    return [scorer, { text: item.text, sources: item.sources }];
  });
}

/** Answers a second for one pass through the workload. */
function pass(work: readonly [AnswerScorer, RawAnswer][]): number {
  const started = performance.now();
  for (const [score, answer] of work) score(answer);
  return work.length / ((performance.now() - started) / 1000);
}

function rate(rates: number[]): Rate {
  const sorted = [...rates].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, best: sorted[sorted.length - 1]! };
}

/**
 * Scores the labelled evaluation set's answers (every engine's formatting, seven brands) with 50
 * competitors per project, this tree's scorer and the baseline's in alternating passes after a warm-up, so
 * both see the same machine load.
 */
export async function measureScoring(
  passes = Number(process.env.BENCH_SCORING_PASSES ?? 200),
): Promise<ScoringFigures> {
  const baselineRef = process.env.BENCH_SCORING_BASELINE ?? DEFAULT_BASELINE;
  const current = workload(createScorer);
  let baseline: [AnswerScorer, RawAnswer][] | null = null;
  let baselineNote: string | null = null;
  try {
    baseline = workload(await baselineFactory(baselineRef));
  } catch (error) {
    baselineNote = `baseline ${baselineRef} unavailable (${(error as Error).message.split('\n')[0]})`;
  }
  for (let i = 0; i < 20; i++) {
    pass(current);
    if (baseline) pass(baseline);
  }
  const currentRates: number[] = [];
  const baselineRates: number[] = [];
  for (let i = 0; i < passes; i++) {
    currentRates.push(pass(current));
    if (baseline) baselineRates.push(pass(baseline));
  }
  return {
    answers: current.length,
    current: rate(currentRates),
    baseline: baseline ? rate(baselineRates) : null,
    baselineRef,
    baselineNote,
    load: loadavg()[0]!,
  };
}
