import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ENGINES, findEngine } from '../../engines/catalog.ts';
import type { Store } from '../store/index.ts';
import type { NewAnswerRow } from '../store/repositories/answers.ts';
import { promptTextKey } from '../store/repositories/prompts.ts';
import { answerCounts, answerRow, projectScorer } from './answer-rows.ts';
import type { Clock } from './clock.ts';
import { storeScoredAnswers } from './store-answers.ts';
import type { AnswerCounts } from './summary-deltas.ts';

/**
 * Rows per transaction. Each commit appends every page it touched to the WAL and usually checkpoints it (an
 * fsync); the answer ids are hashes, so each row lands on a different index page, and fewer, larger commits
 * write those pages far fewer times. Measured here: 5,000 imports about a third faster than 1,000.
 */
const BATCH_ROWS = 5_000;
/** Characters a batch may hold, so that a file of very long answers still imports in bounded memory. */
const BATCH_CHARS = 32_000_000;
/** Invalid lines reported one by one; a wholly broken file should not hold a million messages in memory. */
const INVALID_REPORTED = 1_000;

const ImportLine = z.strictObject({
  id: z.string().min(1, 'id must not be empty').max(200, 'id must be at most 200 characters').optional(),
  promptText: z
    .string()
    .trim()
    .min(1, 'promptText must not be blank')
    .max(500, 'promptText must be at most 500 characters'),
  engineId: z.string().refine((id) => findEngine(id) !== undefined, {
    error: (issue) =>
      `unknown engine ${JSON.stringify(issue.input)}; engines are ${ENGINES.map((e) => e.id).join(', ')}`,
  }),
  observedAt: z.iso.datetime({
    offset: true,
    error: 'observedAt must be an RFC 3339 date-time with Z or an offset, like 2025-03-01T12:00:00Z',
  }),
  text: z.string().max(1_000_000, 'text must be at most 1,000,000 characters'),
  sources: z
    .array(
      z.strictObject({
        url: z.string().min(1, 'url must not be empty').max(4_096, 'url must be at most 4,096 characters'),
        title: z.string().max(2_000, 'title must be at most 2,000 characters').nullable(),
      }),
    )
    .max(200, 'at most 200 sources'),
  topicId: z
    .string()
    .min(1, 'topicId must not be empty')
    .max(200, 'topicId must be at most 200 characters')
    .optional(),
});

type ImportLine = z.infer<typeof ImportLine>;

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

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function parseLine(text: string): { ok: true; value: ImportLine } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `not valid JSON: ${(err as Error).message}` };
  }
  const parsed = ImportLine.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const error = parsed.error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  return { ok: false, error };
}

/**
 * Without an id, the answer is identified by its content in a fixed field order with the instant in UTC,
 * so the same answer re-exported with other key order, spacing or offset is still a duplicate.
 */
function importKeyOf(line: ImportLine, observedAt: string): string {
  if (line.id !== undefined) return line.id;
  const sources = line.sources.map((s) => [s.url, s.title]);
  return sha256(
    JSON.stringify([line.promptText, line.engineId, observedAt, line.text, sources, line.topicId ?? null]),
  );
}

/** Derived, not random, so a re-import computes the same id; letters and digits only, as answer ids must be. */
export const importedAnswerId = (projectId: string, importKey: string): string =>
  `ans${sha256(`${projectId}\0${importKey}`).slice(0, 24)}`;

/**
 * Imports raw engine answers, one JSON object a line: each valid line is scored and stored (with the
 * summaries kept current), each invalid line is reported by its 1-based number and stored nowhere.
 * Lines are read as they come and written a batch per transaction, so file size does not bound memory.
 */
export async function importAnswers(
  store: Store,
  clock: Clock,
  projectId: string,
  lines: AsyncIterable<string> | Iterable<string>,
): Promise<ImportResult> {
  // One scorer for the whole import: its name patterns and domain sets are compiled once.
  const { score, competitorSet } = await projectScorer(store, projectId);
  const prompts = await store.prompts.byTextKey(projectId);
  const topics = new Set((await store.topics.labels(projectId)).keys());
  const createdAt = clock.now().toISOString();
  const result: ImportResult = { imported: 0, duplicates: 0, invalid: [], invalidCount: 0 };

  let batch: NewAnswerRow[] = [];
  let counts: AnswerCounts[] = [];
  let batchChars = 0;
  let newTopics: string[] = [];
  // One batch is written while the next is scored: with a database server, storing runs on another core.
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
          createdAt,
        );
      }
      const stored = await storeScoredAnswers(store, projectId, rows, rowCounts);
      result.imported += stored.inserted;
      result.duplicates += stored.duplicates;
    })();
    // Reported when awaited (at the next batch or the end), not as an unhandled rejection meanwhile.
    writing.catch(() => {});
  };

  let number = 0;
  for await (const raw of lines) {
    number += 1;
    // Editors on Windows start files with a byte-order mark, which JSON.parse refuses.
    const text = number === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.trim() === '') continue;
    const parsed = parseLine(text);
    if (!parsed.ok) {
      result.invalidCount += 1;
      if (result.invalid.length < INVALID_REPORTED)
        result.invalid.push({ line: number, error: parsed.error });
      continue;
    }
    const line = parsed.value;
    const observedAt = new Date(line.observedAt).toISOString();
    const importKey = importKeyOf(line, observedAt);
    const prompt = prompts.get(promptTextKey(line.promptText));
    const topicId = line.topicId ?? prompt?.topicId ?? null;
    if (topicId !== null && !topics.has(topicId)) {
      topics.add(topicId);
      newTopics.push(topicId);
    }
    const scored = score({ text: line.text, sources: line.sources });
    const row = answerRow(scored, {
      id: importedAnswerId(projectId, importKey),
      projectId,
      runId: null,
      importKey,
      promptId: prompt?.id ?? null,
      promptText: line.promptText,
      topicId,
      engineId: line.engineId,
      observedAt,
      createdAt,
      competitorSet,
    });
    batch.push(row);
    counts.push(answerCounts(row, scored));
    batchChars += row.full_answer.length + row.sources.length + row.competitor_hits.length;
    if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) await flush();
  }
  await flush();
  await writing;
  return result;
}
