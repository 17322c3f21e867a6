import { engineLabel } from '../../engines/catalog.ts';
import type { AnswerDetailRow, AnswerRow, CompetitorHit } from '../store/repositories/answers.ts';
import { fromJson } from '../store/json.ts';

type Sentiment = 'positive' | 'mixed' | 'neutral' | 'negative' | 'not-applicable';

/** The label of the answer's topic; null without a topic, or when the topic is gone. */
export const topicLabelOf = (r: AnswerRow, topicLabels: ReadonlyMap<string, string>): string | null =>
  r.topic_id === null ? null : (topicLabels.get(r.topic_id) ?? null);

/** Competitor names by set id, for the sets the answers being shown were scored against. */
export type CompetitorSets = ReadonlyMap<string, readonly string[]>;

/**
 * The names an answer was scored against. A set is stored before any answer that names it and is only deleted
 * with its project, so a missing one means a broken database rather than something to show.
 */
export function setNames(sets: CompetitorSets, setId: string | null): readonly string[] {
  if (setId === null) return [];
  const names = sets.get(setId);
  if (!names) throw new Error(`competitor set ${setId} is missing`);
  return names;
}

/** Every competitor of the set in order, with the stored hits filled in and the rest neither named nor cited. */
function competitorsOf(r: AnswerRow, sets: CompetitorSets) {
  const hits = new Map(fromJson<CompetitorHit[]>(r.competitor_hits).map((h) => [h[0], h]));
  return setNames(sets, r.competitor_set).map((name, i) => {
    const hit = hits.get(i);
    return {
      name,
      mentioned: hit?.[1] === 1,
      cited: hit?.[2] === 1,
      citationUrl: hit?.[3] ?? null,
    };
  });
}

export function answerResource(r: AnswerRow, topicLabels: ReadonlyMap<string, string>, sets: CompetitorSets) {
  return {
    id: r.id,
    runId: r.run_id,
    promptId: r.prompt_id,
    promptText: r.prompt_text,
    topicId: r.topic_id,
    topicLabel: topicLabelOf(r, topicLabels),
    engineId: r.engine_id,
    engineLabel: engineLabel(r.engine_id),
    observedAt: r.observed_at,
    date: r.date,
    mentioned: r.mentioned === 1,
    cited: r.cited === 1,
    citationUrl: r.citation_url,
    position: r.position,
    sentiment: r.sentiment as Sentiment | null,
    excerpt: r.excerpt,
    competitors: competitorsOf(r, sets),
    sourceUrls: fromJson<string[]>(r.source_urls),
  };
}

/** Drift is stored as text; the contract's value true is the JSON boolean, the others are strings. */
function drift(value: string | null): true | 'no' | 'partial' | null {
  if (value === 'true') return true;
  return value === 'no' || value === 'partial' ? value : null;
}

export function answerDetailResource(
  r: AnswerDetailRow,
  topicLabels: ReadonlyMap<string, string>,
  sets: CompetitorSets,
) {
  return {
    ...answerResource(r, topicLabels, sets),
    fullAnswer: r.full_answer,
    fullAnswerTruncated: r.full_answer_truncated === 1,
    sentimentReason: r.sentiment_reason,
    narrativeDrift: drift(r.narrative_drift),
    narrativeDriftReason: r.narrative_drift_reason,
    sources: fromJson<{ url: string; title: string | null }[]>(r.sources),
    searchQueries: fromJson<string[]>(r.search_queries),
  };
}
