import { Worker } from 'node:worker_threads';
import { lineScorer, type ImportSetup, type LineChunk, type LineResult } from './import-lines.ts';

/** Scores chunks of import lines; each chunk's results come in its line order. */
export interface ChunkScorer {
  score(chunk: LineChunk): Promise<LineResult[]>;
  close(): Promise<void>;
}

/** Scoring in the importing thread itself. */
export function inThreadScorer(setup: ImportSetup): ChunkScorer {
  const score = lineScorer(setup);
  return { score: async (chunk) => score(chunk), close: async () => {} };
}

const here = import.meta.url;

/**
 * The compiled service runs import-worker.js beside this file. The TypeScript sources (tests, `npm run bench`)
 * have no compiled worker, and a worker does not inherit the loader its parent runs under, so there the worker
 * loads the source through tsx (a development dependency, present wherever the sources run).
 */
function startWorker(setup: ImportSetup): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL('./import-worker.js', here), { workerData: setup });
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = new URL('./import-worker.ts', here).href;
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`;
  return new Worker(boot, { eval: true, workerData: setup });
}

interface Pending {
  resolve(results: LineResult[]): void;
  reject(err: Error): void;
}

/**
 * `size` worker threads, each with the project's scorer, scoring chunks side by side. A chunk goes to the worker
 * with the fewest chunks waiting. A worker that fails (a bug in scoring, out of memory) fails every chunk still
 * waiting, so the import stops with that error instead of waiting for ever.
 */
export function workerScorer(setup: ImportSetup, size: number): ChunkScorer {
  let seq = 0;
  let failure: Error | null = null;
  const pending = new Map<number, Pending>();
  const waiting = new Map<Worker, number>();
  const failAll = (err: Error) => {
    failure ??= err;
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  for (let i = 0; i < size; i++) {
    const worker = startWorker(setup);
    waiting.set(worker, 0);
    worker.on('message', ({ seq: done, results }: { seq: number; results: LineResult[] }) => {
      waiting.set(worker, waiting.get(worker)! - 1);
      pending.get(done)?.resolve(results);
      pending.delete(done);
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => {
      if (pending.size > 0) failAll(new Error(`an import scoring worker stopped (exit code ${code})`));
    });
  }
  return {
    score(chunk) {
      if (failure) return Promise.reject(failure);
      let idlest: Worker | null = null;
      for (const [worker, n] of waiting) if (idlest === null || n < waiting.get(idlest)!) idlest = worker;
      waiting.set(idlest!, waiting.get(idlest!)! + 1);
      const id = seq++;
      const result = new Promise<LineResult[]>((resolve, reject) => pending.set(id, { resolve, reject }));
      idlest!.postMessage({ seq: id, chunk });
      return result;
    },
    async close() {
      await Promise.all([...waiting.keys()].map((worker) => worker.terminate()));
    },
  };
}
