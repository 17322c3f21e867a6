import type { Store } from '../store/index.ts';
import type { NewAnswerRow } from '../store/repositories/answers.ts';
import { scoringProfile } from './answer-rows.ts';
import type { Clock } from './clock.ts';
import type { ImportSetup, LineChunk, LineResult } from './import-lines.ts';
import { inThreadScorer, workerScorer, type ChunkScorer } from './import-workers.ts';
import { storeScoredAnswers } from './store-answers.ts';
import type { AnswerCounts } from './summary-deltas.ts';

export { importedAnswerId } from './import-lines.ts';

/**
 * Rows per transaction. Each commit appends every page it touched to the WAL and usually checkpoints it (an
 * fsync); the answer ids are hashes, so each row lands on a different index page, and fewer, larger commits
 * write those pages far fewer times. Measured here: 5,000 imports about a third faster than 1,000.
 */
const BATCH_ROWS = 5_000;
/** Characters a batch may hold, so that a file of very long answers still imports in bounded memory. */
const BATCH_CHARS = 32_000_000;
/**
 * Lines a scoring chunk holds (or fewer, when they are long): large enough that handing a chunk to a worker and
 * its rows back costs little beside scoring it, small enough that the workers share the work evenly.
 */
const CHUNK_LINES = 250;
const CHUNK_CHARS = 4_000_000;
/** Chunks out for scoring per worker: enough to keep each worker busy while a batch is stored. */
const CHUNKS_PER_WORKER = 4;
/** Invalid lines reported one by one; a wholly broken file should not hold a million messages in memory. */
const INVALID_REPORTED = 1_000;

export interface InvalidLine {
  line: number;
  error: string;
}

export interface ImportResult {
  imported: number;
  duplicates: number;
  /** The first invalid lines, in file order (at most 1,000 of them). */
  invalid: InvalidLine[];
  /** Every invalid line, including those beyond the reported ones. */
  invalidCount: number;
}

export interface ImportProgress {
  /** Valid lines scored so far: answers stored, or found already stored, with the batch they joined. */
  answers: number;
}

export interface ImportOptions {
  /**
   * Worker threads that score (0: score in the importing thread). Workers start only once the input holds more
   * than one chunk of lines, so a small import never pays for starting them.
   */
  workers?: number;
  /** Called after each chunk of lines is scored and taken, in file order (stored with the batch it joins). */
  onProgress?(progress: ImportProgress): void;
}

/**
 * Imports raw engine answers, one JSON object a line: each valid line is scored and stored (with the
 * summaries kept current), each invalid line is reported by its 1-based number and stored nowhere.
 * Lines are read as they come, scored in chunks (by worker threads when asked), taken back in file order,
 * and written a batch per transaction, so file size does not bound memory and the outcome (rows, duplicates,
 * invalid line numbers) is the same however many workers score.
 */
export async function importAnswers(
  store: Store,
  clock: Clock,
  projectId: string,
  lines: AsyncIterable<string> | Iterable<string>,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const setup: ImportSetup = {
    projectId,
    ...(await scoringProfile(store, projectId)),
    prompts: await store.prompts.byTextKey(projectId),
    createdAt: clock.now().toISOString(),
  };
  const topics = new Set((await store.topics.labels(projectId)).keys());
  const result: ImportResult = { imported: 0, duplicates: 0, invalid: [], invalidCount: 0 };
  const progress: ImportProgress = { answers: 0 };
  const workers = options.workers ?? 0;

  let batch: NewAnswerRow[] = [];
  let counts: AnswerCounts[] = [];
  let batchChars = 0;
  let newTopics: string[] = [];
  // One batch is written while the next is scored: with a database server or scoring workers, on another core.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await writing;
    const [rows, rowCounts, topicIds] = [batch, counts, newTopics];
    batch = [];
    counts = [];
    newTopics = [];
    batchChars = 0;
    writing = (async () => {
      if (topicIds.length > 0) {
        await store.topics.ensure(
          projectId,
          topicIds.map((id) => ({ id, label: id })),
          setup.createdAt,
        );
      }
      const stored = await storeScoredAnswers(store, projectId, rows, rowCounts);
      result.imported += stored.inserted;
      result.duplicates += stored.duplicates;
    })();
    // Reported when awaited (at the next batch or the end), not as an unhandled rejection meanwhile.
    writing.catch(() => {});
  };

  /** Takes a chunk's results in file order into the batch; called for chunks in the order they were read. */
  const take = async (results: LineResult[]) => {
    for (const r of results) {
      if ('error' in r) {
        result.invalidCount += 1;
        if (result.invalid.length < INVALID_REPORTED) result.invalid.push(r);
        continue;
      }
      const { row } = r;
      progress.answers += 1;
      if (row.topic_id !== null && !topics.has(row.topic_id)) {
        topics.add(row.topic_id);
        newTopics.push(row.topic_id);
      }
      batch.push(row);
      counts.push(r.counts);
      batchChars += row.full_answer.length + row.sources.length + row.competitor_hits.length;
      if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) await flush();
    }
    options.onProgress?.({ ...progress });
  };

  let scorer: ChunkScorer | null = null;
  // Chunks out for scoring, in file order: they finish in any order and are taken in this one.
  const scoring: Promise<LineResult[]>[] = [];
  const submit = (chunk: LineChunk, full: boolean) => {
    scorer ??= full && workers > 0 ? workerScorer(setup, workers) : inThreadScorer(setup);
    const scored = scorer.score(chunk);
    scored.catch(() => {});
    scoring.push(scored);
  };
  try {
    let chunk: LineChunk = { numbers: [], texts: [] };
    let chunkChars = 0;
    let number = 0;
    for await (const raw of lines) {
      number += 1;
      // Editors on Windows start files with a byte-order mark, which JSON.parse refuses.
      const text = number === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      if (text.trim() === '') continue;
      chunk.numbers.push(number);
      chunk.texts.push(text);
      chunkChars += text.length;
      if (chunk.texts.length < CHUNK_LINES && chunkChars < CHUNK_CHARS) continue;
      submit(chunk, true);
      chunk = { numbers: [], texts: [] };
      chunkChars = 0;
      while (scoring.length >= Math.max(1, workers * CHUNKS_PER_WORKER)) await take(await scoring.shift()!);
    }
    if (chunk.texts.length > 0) submit(chunk, false);
    while (scoring.length > 0) await take(await scoring.shift()!);
    await flush();
    await writing;
  } finally {
    // On a failure, the batch being written still ends (commits or rolls back) before the caller closes the store.
    await writing.catch(() => {});
    await (scorer as ChunkScorer | null)?.close();
  }
  return result;
}
