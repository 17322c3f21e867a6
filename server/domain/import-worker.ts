import { parentPort, workerData } from 'node:worker_threads';
import { createScorer, type AnswerScorer, type RawAnswer } from '../../engines/scoring/index.ts';
import { lineScorer, type ImportSetup, type LineChunk } from './import-lines.ts';
import type { ScoringProfile } from './import-workers.ts';

/**
 * A scoring worker (import-workers.ts). An import's is started with the project's setup and scores the chunks of
 * lines it is sent. The run executor's (run-scoring.ts) is started with none and serves every run of the process:
 * each run's scorer is built from the profile it is sent first, its answers are scored as they arrive, and the
 * scorer is forgotten when the run ends. Results are tagged with the message's sequence number.
 */
type Message =
  | { seq: number; chunk: LineChunk }
  | { seq: number; profile: number; answers: RawAnswer[] }
  | ({ profile: number } & ScoringProfile)
  | { forget: number };

let scoreLines: ReturnType<typeof lineScorer> | null = null;
const scorers = new Map<number, AnswerScorer>();
parentPort!.on('message', (m: Message) => {
  if ('chunk' in m) {
    scoreLines ??= lineScorer(workerData as ImportSetup);
    parentPort!.postMessage({ seq: m.seq, results: scoreLines(m.chunk) });
  } else if ('answers' in m) {
    parentPort!.postMessage({ seq: m.seq, results: m.answers.map(scorers.get(m.profile)!) });
  } else if ('brand' in m) scorers.set(m.profile, createScorer(m.brand, m.competitors));
  else scorers.delete(m.forget);
});
