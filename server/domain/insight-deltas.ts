import { registrableDomain } from '../../engines/scoring/index.ts';
import { competitorKey } from '../store/repositories/competitors.ts';
import { noPromptCounts, type PromptDelta } from '../store/repositories/prompt-summaries.ts';
import { promptTextKey } from '../store/repositories/prompts.ts';
import type { SourceDelta, SourceKind } from '../store/repositories/source-summaries.ts';
import { noTrendCounts, type TrendDelta } from '../store/repositories/trend-summaries.ts';
import type { AnswerCounts } from './summary-deltas.ts';

/** The amounts newly stored answers add to the insight summaries (sources, prompts, trends). */
export interface InsightDeltas {
  sources: SourceDelta[];
  prompts: PromptDelta[];
  trends: TrendDelta[];
}

/** Hosts repeat across answers, and the public suffix lookup is the costly part: each host is looked up once. */
const domains = new Map<string, string | null>();
const DOMAIN_CACHE = 50_000;

/** The registrable domain of a stored (normalised http(s)) source URL. */
export function domainOfSource(url: string): string | null {
  const from = url.indexOf('//') + 2;
  const end = url.indexOf('/', from);
  const host = url.slice(from, end === -1 ? undefined : end);
  let domain = domains.get(host);
  if (domain === undefined) {
    if (domains.size >= DOMAIN_CACHE) domains.clear();
    domain = registrableDomain(url);
    domains.set(host, domain);
  }
  return domain;
}

/** The distinct registrable domains of an answer's sources, in first-seen order. */
export function sourceDomains(urls: readonly string[]): string[] {
  const out: string[] = [];
  for (const url of urls) {
    const domain = domainOfSource(url);
    if (domain !== null && !out.includes(domain)) out.push(domain);
  }
  return out;
}

type Sentiment = 'positive' | 'mixed' | 'neutral' | 'negative';
const SENTIMENTS: ReadonlySet<string> = new Set(['positive', 'mixed', 'neutral', 'negative']);

/**
 * What a set of newly stored answers adds to the insight summaries, merged per day, engine and topic or prompt.
 * The store adds its own rollups (all engines, all topics, months).
 */
export function insightDeltas(answers: Iterable<AnswerCounts>): InsightDeltas {
  const sources = new Map<string, SourceDelta & { prompts: Set<string> }>();
  const prompts = new Map<string, PromptDelta & { competitors: Map<string, number>; domains: Set<string> }>();
  const trends = new Map<string, TrendDelta>();

  // Texts repeat across answers; their keys are computed once per call.
  const promptKeys = new Map<string, string>();
  for (const a of answers) {
    let promptKey = promptKeys.get(a.promptText);
    if (promptKey === undefined) promptKeys.set(a.promptText, (promptKey = promptTextKey(a.promptText)));
    const domainList = sourceDomains(a.sourceUrls);
    const scope = `${a.date}\0${a.engineId}\0${a.topicId ?? ''}\0`;
    const namesRival = a.competitors.some((c) => c.mentioned);
    // What tells a gap: domains listed beside a competitor's name and never beside the brand's.
    const brand = a.mentioned ? 1 : 0;
    const rival = namesRival ? 1 : 0;
    const addSource = (kind: SourceKind, key: string) => {
      const k = scope + kind + key;
      const row = sources.get(k);
      if (row) {
        row.answers += 1;
        row.brandAnswers += brand;
        row.rivalAnswers += rival;
        row.prompts.add(promptKey);
      } else {
        const fresh = {
          kind,
          date: a.date,
          engineId: a.engineId,
          topicId: a.topicId,
          key,
          answers: 1,
          brandAnswers: brand,
          rivalAnswers: rival,
          prompts: new Set([promptKey]),
        };
        sources.set(k, fresh);
      }
    };
    if (a.sourceUrls.length > 0) addSource('s', '');
    for (const domain of domainList) addSource('d', domain);
    // Stored source URLs are deduplicated already.
    for (const url of a.sourceUrls) addSource('u', url);

    const sentiment = a.sentiment !== null && SENTIMENTS.has(a.sentiment) ? (a.sentiment as Sentiment) : null;
    const position = a.position;

    let trend = trends.get(scope);
    if (!trend) {
      const fresh = { date: a.date, engineId: a.engineId, topicId: a.topicId, counts: noTrendCounts() };
      trends.set(scope, (trend = fresh));
    }
    const t = trend.counts;
    t.answers += 1;
    if (a.mentioned) t.mentioned += 1;
    if (a.cited) t.cited += 1;
    if (position !== null) {
      t.pos_n += 1;
      t.pos_sum += position;
      t.pos_sq += position * position;
    }
    if (sentiment) t[sentiment] += 1;
    else if (a.sentiment === 'not-applicable') t.not_applicable += 1;

    if (a.promptId === null) continue;
    const promptKeyOfRow = `${a.date}\0${a.engineId}\0${a.promptId}`;
    let prompt = prompts.get(promptKeyOfRow);
    if (!prompt) {
      const fresh = {
        date: a.date,
        engineId: a.engineId,
        promptId: a.promptId,
        counts: noPromptCounts(),
        competitors: new Map<string, number>(),
        domains: new Set<string>(),
      };
      prompts.set(promptKeyOfRow, (prompt = fresh));
    }
    const p = prompt.counts;
    p.answers += 1;
    if (a.mentioned) p.mentioned += 1;
    if (a.cited) p.cited += 1;
    if (position !== null) {
      p.pos_n += 1;
      p.pos_sum += position;
    }
    if (sentiment) p[sentiment] += 1;
    else if (a.sentiment === 'not-applicable') p.not_applicable += 1;
    // Two entries with the same key (names differing only in case) are one brand: one count per answer.
    for (const key of new Set(a.competitors.filter((c) => c.mentioned).map((c) => competitorKey(c.name))))
      prompt.competitors.set(key, (prompt.competitors.get(key) ?? 0) + 1);
    for (const domain of domainList) prompt.domains.add(domain);
  }
  return { sources: [...sources.values()], prompts: [...prompts.values()], trends: [...trends.values()] };
}
