import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import {
  createScorer,
  type AnswerScorer,
  type RawAnswer,
  type ScoredAnswer,
} from '../../engines/scoring/index.ts';
import { startScoringWorker, type ScoringProfile } from './import-workers.ts';

/** Answers a run must have for its scoring to go to the worker thread: a small run is scored where it runs. */
export const SCORING_WORKER_FROM = 200;

export interface RunScorer {
  /** The answer scored, in the worker when the run has one; if the worker failed, in this thread. */
  score(answer: RawAnswer): Promise<ScoredAnswer>;
  /** The run has ended: the worker forgets its scorer. */
  close(): void;
}

export interface RunScoring {
  /** A scorer for one run of `answers` answers, against `profile` as it was when the run started. */
  scorer(profile: ScoringProfile, answers: number): RunScorer;
  /** Stops the worker (the service stops); what it held is scored in this thread. */
  close(): Promise<void>;
}

interface Batch {
  answers: RawAnswer[];
  settle: { resolve(scored: ScoredAnswer): void; reject(err: unknown): void }[];
  /** Scores the batch's answers in this thread, should the worker fail. */
  here: AnswerScorer;
}

/**
 * Where the run executor's runs score their answers. With a second core, a run of at least SCORING_WORKER_FROM
 * answers is scored in one worker thread the executor keeps (the import's scoring worker, started at the first such
 * run), so the one thread that reads the engines' answers and writes the store is not also the one scoring them;
 * the answers that arrive in one turn of the event loop go to it as one message. A small run, or every run on one
 * core, is scored in this thread. A worker that fails (an answer that breaks the scorer, memory) has what it held
 * scored here, where only an answer that cannot be scored fails, and the next large run starts another.
 */
export function runScoring(cores = availableParallelism()): RunScoring {
  let worker: Worker | null = null;
  let seq = 0;
  let profiles = 0;
  const sent = new Map<number, Batch>();

  /** An answer that cannot be scored fails alone, as it would have in this thread. */
  const scoreHere = (b: Batch) =>
    b.answers.forEach((a, i) => {
      try {
        b.settle[i]!.resolve(b.here(a));
      } catch (err) {
        b.settle[i]!.reject(err);
      }
    });
  const failAll = () => {
    for (const b of sent.values()) scoreHere(b);
    sent.clear();
  };
  const started = (): Worker => {
    const w = startScoringWorker(null);
    const fail = () => {
      if (worker !== w) return;
      worker = null;
      void w.terminate();
      failAll();
    };
    w.on('message', ({ seq: done, results }: { seq: number; results: ScoredAnswer[] }) => {
      const b = sent.get(done);
      sent.delete(done);
      b?.settle.forEach((p, i) => p.resolve(results[i]!));
    });
    w.on('error', fail);
    w.on('exit', fail);
    // The service's end does not wait on an idle scorer.
    w.unref();
    return w;
  };

  return {
    scorer(profile, answers) {
      let built: AnswerScorer | null = null;
      const here: AnswerScorer = (a) => (built ??= createScorer(profile.brand, profile.competitors))(a);
      if (answers < SCORING_WORKER_FROM || cores < 2) {
        return { score: async (a) => here(a), close: () => {} };
      }
      const mine = (worker ??= started());
      const id = profiles++;
      mine.postMessage({ profile: id, brand: profile.brand, competitors: [...profile.competitors] });
      let batch: Batch = { answers: [], settle: [], here };
      const flush = () => {
        const b = batch;
        batch = { answers: [], settle: [], here };
        if (worker !== mine) return scoreHere(b);
        sent.set(seq, b);
        mine.postMessage({ seq: seq++, profile: id, answers: b.answers });
      };
      return {
        score(answer) {
          if (worker !== mine) return Promise.resolve(here(answer));
          return new Promise((resolve, reject) => {
            if (batch.answers.length === 0) setImmediate(flush);
            batch.answers.push(answer);
            batch.settle.push({ resolve, reject });
          });
        },
        close: () => {
          if (worker === mine) mine.postMessage({ forget: id });
        },
      };
    },
    async close() {
      const w = worker;
      worker = null;
      failAll();
      await w?.terminate();
    },
  };
}

/** Every run scored in the thread it runs in (a one-off run, as the demo's). */
export const inThreadScoring: RunScoring = runScoring(1);
