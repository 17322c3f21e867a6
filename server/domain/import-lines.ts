import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ENGINES, findEngine } from '../../engines/catalog.ts';
import {
  MAX_SEARCH_QUERIES,
  MAX_SEARCH_QUERY_LENGTH,
  searchQueryList,
} from '../../engines/search-queries.ts';
import { createScorer, type BrandProfile, type CompetitorProfile } from '../../engines/scoring/index.ts';
import type { NewAnswerRow } from '../store/repositories/answers.ts';
import { promptTextKey } from '../store/repositories/prompts.ts';
import { answerCounts, answerRow } from './answer-rows.ts';
import type { AnswerCounts } from './summary-deltas.ts';

/**
 * What turns one import line into a stored row: parsing, validation and scoring. It depends only on the project
 * as it was when the import started (held in an ImportSetup), never on the store, so it runs the same in the
 * importing thread and in the scoring workers (import-workers.ts).
 */

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
  searchQueries: z
    .array(
      z
        .string()
        .max(MAX_SEARCH_QUERY_LENGTH, `a search query must be at most ${MAX_SEARCH_QUERY_LENGTH} characters`),
    )
    .max(MAX_SEARCH_QUERIES, `at most ${MAX_SEARCH_QUERIES} search queries`)
    .optional(),
});

type ImportLine = z.infer<typeof ImportLine>;

/** The project as the import scores against it, read once at the start; plain data, so a worker can take it. */
export interface ImportSetup {
  projectId: string;
  brand: BrandProfile;
  competitors: CompetitorProfile[];
  /** The id of the competitor set the scorer is built from. */
  competitorSet: string | null;
  /** Tracked prompts by their text key: an answer to one links to it and takes its first topic. */
  prompts: Map<string, { id: string; topicId: string | null }>;
  createdAt: string;
}

/** Lines of the file in order, each with its 1-based number; blank lines are left out before. */
export interface LineChunk {
  numbers: number[];
  texts: string[];
}

/** One scored line, or why it is invalid. */
export type LineResult = { line: number; error: string } | { row: NewAnswerRow; counts: AnswerCounts };

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
  const fields: unknown[] = [
    line.promptText,
    line.engineId,
    observedAt,
    line.text,
    sources,
    line.topicId ?? null,
  ];
  // Only lines with searches add them, so the lines of files written before searches were stored keep their keys.
  if (line.searchQueries !== undefined && line.searchQueries.length > 0) fields.push(line.searchQueries);
  return sha256(JSON.stringify(fields));
}

/** Derived, not random, so a re-import computes the same id; letters and digits only, as answer ids must be. */
export const importedAnswerId = (projectId: string, importKey: string): string =>
  `ans${sha256(`${projectId}\0${importKey}`).slice(0, 24)}`;

/** Scores chunks of lines against one project; its name patterns and domain sets are compiled once. */
export function lineScorer(setup: ImportSetup): (chunk: LineChunk) => LineResult[] {
  const score = createScorer(setup.brand, setup.competitors);
  const { projectId, prompts, competitorSet, createdAt } = setup;
  return ({ numbers, texts }) =>
    texts.map((text, i) => {
      const parsed = parseLine(text);
      if (!parsed.ok) return { line: numbers[i]!, error: parsed.error };
      const line = parsed.value;
      const observedAt = new Date(line.observedAt).toISOString();
      const importKey = importKeyOf(line, observedAt);
      const prompt = prompts.get(promptTextKey(line.promptText));
      const scored = score({ text: line.text, sources: line.sources });
      const searchQueries = searchQueryList(line.searchQueries ?? []);
      const row = answerRow(scored, {
        id: importedAnswerId(projectId, importKey),
        projectId,
        runId: null,
        importKey,
        promptId: prompt?.id ?? null,
        promptText: line.promptText,
        topicId: line.topicId ?? prompt?.topicId ?? null,
        engineId: line.engineId,
        observedAt,
        createdAt,
        competitorSet,
        searchQueries,
      });
      return { row, counts: answerCounts(row, scored, searchQueries) };
    });
}
