import {
  createScorer,
  type AnswerScorer,
  type BrandProfile,
  type CompetitorProfile,
  type ScoredAnswer,
} from '../../engines/scoring/index.ts';
import type { Store } from '../store/index.ts';
import { fromJson, toJson } from '../store/json.ts';
import type { CompetitorHit, NewAnswerRow } from '../store/repositories/answers.ts';
import { AppError } from './errors.ts';
import { statementKey } from './statement-key.ts';
import type { AnswerCounts } from './summary-deltas.ts';

/** Where an answer belongs, worked out before scoring. */
export interface AnswerOrigin {
  id: string;
  projectId: string;
  runId: string | null;
  /** Unique per project: a second answer with the same key is a duplicate and is not stored. */
  importKey: string;
  promptId: string | null;
  promptText: string;
  topicId: string | null;
  engineId: string;
  observedAt: string;
  createdAt: string;
  /** The competitor set the scorer was built from, so hit indexes point into it. */
  competitorSet: string | null;
  /** The web searches the engine ran for the answer, cleaned (searchQueryList), in order. */
  searchQueries: readonly string[];
}

/** What an LLM judge concluded; it replaces the offline sentiment and adds drift. */
export interface Judgement {
  sentiment: ScoredAnswer['sentiment'];
  sentimentReason: string;
  narrativeDrift: true | 'no' | 'partial' | null;
  narrativeDriftReason: string | null;
  /** The Brand Truth statements a true or partial drift concerns, as the judge was given them. */
  driftStatements: readonly string[];
}

/** Only the competitors named or cited are stored; the rest of the set is implied. */
function hitsOf(competitors: ScoredAnswer['competitors']): CompetitorHit[] {
  const hits: CompetitorHit[] = [];
  competitors.forEach((c, i) => {
    if (c.mentioned || c.cited) hits.push([i, c.mentioned ? 1 : 0, c.cited ? 1 : 0, c.citationUrl]);
  });
  return hits;
}

/** The keys of the statements a drift names; an answer that does not drift names none, whatever it was given. */
function driftKeys(judged: Judgement | null): string[] {
  if (judged?.narrativeDrift !== true && judged?.narrativeDrift !== 'partial') return [];
  return [...new Set(judged.driftStatements.map(statementKey))];
}

export function answerRow(
  scored: ScoredAnswer,
  at: AnswerOrigin,
  judged: Judgement | null = null,
): NewAnswerRow {
  return {
    id: at.id,
    project_id: at.projectId,
    run_id: at.runId,
    prompt_id: at.promptId,
    prompt_text: at.promptText,
    topic_id: at.topicId,
    engine_id: at.engineId,
    observed_at: at.observedAt,
    date: at.observedAt.slice(0, 10),
    mentioned: scored.mentioned ? 1 : 0,
    cited: scored.cited ? 1 : 0,
    citation_url: scored.citationUrl,
    position: scored.position,
    sentiment: judged?.sentiment ?? scored.sentiment,
    sentiment_reason: judged?.sentimentReason ?? scored.sentimentReason,
    excerpt: scored.excerpt,
    narrative_drift: judged?.narrativeDrift == null ? null : String(judged.narrativeDrift),
    narrative_drift_reason: judged?.narrativeDriftReason ?? null,
    full_answer: scored.fullAnswer,
    full_answer_truncated: scored.fullAnswerTruncated ? 1 : 0,
    sources: toJson(scored.sources.map((s) => ({ url: s.url, title: s.title }))),
    source_urls: toJson(scored.sourceUrls),
    competitor_set: at.competitorSet,
    competitor_hits: toJson(hitsOf(scored.competitors)),
    search_queries: toJson(at.searchQueries),
    drift_statements: toJson(driftKeys(judged)),
    import_key: at.importKey,
    created_at: at.createdAt,
  };
}

type CountedRow = Pick<
  NewAnswerRow,
  | 'date'
  | 'engine_id'
  | 'topic_id'
  | 'prompt_id'
  | 'prompt_text'
  | 'mentioned'
  | 'cited'
  | 'position'
  | 'sentiment'
  | 'source_urls'
  | 'competitor_hits'
> &
  Partial<Pick<NewAnswerRow, 'narrative_drift'>>;

/**
 * Only the competitors named or cited count in the summaries, so only those are kept: a batch of answers waiting
 * to be stored (or crossing from a scoring worker) holds a few, not 50 each.
 */
function countsOf(
  row: CountedRow,
  sourceUrls: readonly string[],
  competitors: AnswerCounts['competitors'],
  searchQueries: readonly string[],
  driftStatements: readonly string[],
): AnswerCounts {
  return {
    date: row.date,
    engineId: row.engine_id,
    topicId: row.topic_id,
    promptId: row.prompt_id,
    promptText: row.prompt_text,
    mentioned: row.mentioned === 1,
    cited: row.cited === 1,
    position: row.position,
    sentiment: row.sentiment,
    sourceUrls,
    competitors: competitors.filter((c) => c.mentioned || c.cited),
    searchQueries,
    drift: row.narrative_drift === 'true' || row.narrative_drift === 'partial' ? row.narrative_drift : null,
    driftStatements,
  };
}

/** What the summaries need from a stored answer: the row as stored (a judge's sentiment included). */
export function answerCounts(
  row: NewAnswerRow,
  scored: ScoredAnswer,
  searchQueries: readonly string[],
): AnswerCounts {
  return countsOf(
    row,
    scored.sourceUrls,
    scored.competitors,
    searchQueries,
    fromJson<string[]>(row.drift_statements),
  );
}

/**
 * The same from an answer row read back, with the names of the competitor set it was scored against; its searches
 * and drift statements when the row was read with them (migrations before 0020 and 0026 read rows that have none).
 */
export function storedAnswerCounts(
  row: CountedRow & { search_queries?: string; drift_statements?: string },
  setNames: readonly string[],
): AnswerCounts {
  const competitors = fromJson<CompetitorHit[]>(row.competitor_hits).map(([index, mentioned, cited]) => ({
    name: setNames[index] ?? '',
    mentioned: mentioned === 1,
    cited: cited === 1,
  }));
  const searches = row.search_queries === undefined ? [] : fromJson<string[]>(row.search_queries);
  const statements = row.drift_statements === undefined ? [] : fromJson<string[]>(row.drift_statements);
  return countsOf(row, fromJson<string[]>(row.source_urls), competitors, searches, statements);
}

/** What the project is scored against now: its brand, its competitors and the id of their set. */
export async function scoringProfile(
  store: Store,
  projectId: string,
): Promise<{ brand: BrandProfile; competitors: CompetitorProfile[]; competitorSet: string | null }> {
  const project = await store.projects.get(projectId);
  if (!project) throw new AppError('not_found', `No project ${projectId}.`);
  const competitors = await store.competitors.list(projectId);
  const competitorSet = await store.competitorSets.ensure(
    projectId,
    competitors.map((c) => c.name),
  );
  const brand = {
    name: project.name,
    websiteUrl: project.websiteUrl,
    brandTerms: project.brandTerms,
    brandDomains: project.brandDomains,
  };
  return { brand, competitors, competitorSet };
}

/** The scorer for the project as it is now, and the id of the competitor set it scores against. */
export async function projectScorer(
  store: Store,
  projectId: string,
): Promise<{ score: AnswerScorer; competitorSet: string | null }> {
  const { brand, competitors, competitorSet } = await scoringProfile(store, projectId);
  return { score: createScorer(brand, competitors), competitorSet };
}
