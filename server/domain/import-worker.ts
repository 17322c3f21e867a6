import { parentPort, workerData } from 'node:worker_threads';
import { lineScorer, type ImportSetup, type LineChunk } from './import-lines.ts';

/**
 * A scoring worker of an import (import-workers.ts): builds the project's scorer from the setup it is started
 * with, then scores each chunk it is sent and answers with the results, tagged with the chunk's sequence number.
 */
const score = lineScorer(workerData as ImportSetup);
parentPort!.on('message', ({ seq, chunk }: { seq: number; chunk: LineChunk }) => {
  parentPort!.postMessage({ seq, results: score(chunk) });
});
