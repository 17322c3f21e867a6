import { engineLabel } from '../../engines/catalog.ts';
import type { AnswerDetailRow, AnswerRow } from '../store/repositories/answers.ts';
import { fromJson } from '../store/json.ts';

type Sentiment = 'positive' | 'mixed' | 'neutral' | 'negative' | 'not-applicable';

export function answerResource(r: AnswerRow, topicLabels: ReadonlyMap<string, string>) {
  return {
    id: r.id,
    runId: r.run_id,
    promptId: r.prompt_id,
    promptText: r.prompt_text,
    topicId: r.topic_id,
    topicLabel: r.topic_id === null ? null : (topicLabels.get(r.topic_id) ?? null),
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
    competitors: fromJson<{ name: string; mentioned: boolean; cited: boolean; citationUrl: string | null }[]>(
      r.competitors,
    ),
    sourceUrls: fromJson<string[]>(r.source_urls),
  };
}

/** Drift is stored as text; the contract's value true is the JSON boolean, the others are strings. */
function drift(value: string | null): true | 'no' | 'partial' | null {
  if (value === 'true') return true;
  return value === 'no' || value === 'partial' ? value : null;
}

export function answerDetailResource(r: AnswerDetailRow, topicLabels: ReadonlyMap<string, string>) {
  return {
    ...answerResource(r, topicLabels),
    fullAnswer: r.full_answer,
    fullAnswerTruncated: r.full_answer_truncated === 1,
    sentimentReason: r.sentiment_reason,
    narrativeDrift: drift(r.narrative_drift),
    narrativeDriftReason: r.narrative_drift_reason,
    sources: fromJson<{ url: string; title: string | null }[]>(r.sources),
  };
}
