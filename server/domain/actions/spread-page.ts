import { hostOf } from '../../../engines/scoring/index.ts';
import { ALL } from '../../store/repositories/source-summaries.ts';
import {
  actionId,
  engineLabel,
  fingerprint,
  NO_EVIDENCE,
  plural,
  stringList,
  wordList,
  type ActionDraft,
} from './action.ts';
import { groupBy, perEngine, sourceDetails, type ActionScope } from './scope.ts';

/**
 * spread-page: a page of the brand that some engines cite in the range while others, answering the same prompts with
 * sources, never do. "The same prompts": an engine misses the page when its answers that list any source share a
 * prompt with the answers citing the page, and none of its answers cites it.
 */
export async function spreadPageActions(c: ActionScope): Promise<ActionDraft[]> {
  const totals = await c.s.store.sourceSummaries.totals({
    projectId: c.projectId,
    kind: 'u',
    engineIds: c.engineIds ?? [ALL],
    topicId: c.topicId ?? ALL,
    ...c.range,
  });
  const pages = [...totals.keys()].filter((url) => c.typer.url(url).class === 'own');
  if (pages.length === 0) return [];
  const [pageRows, sourcedRows] = await Promise.all([
    sourceDetails(c, 'u', pages),
    sourceDetails(c, 's', ['']),
  ]);
  const sourced = perEngine(sourcedRows);
  const out: ActionDraft[] = [];
  for (const [url, rows] of groupBy(pageRows, (r) => r.key)) {
    const citing = perEngine(rows);
    const promptsCiting = new Set([...citing.values()].flatMap((e) => [...e.prompts]));
    const missing: string[] = [];
    const shared = new Set<number>();
    for (const [engineId, e] of sourced) {
      if (citing.has(engineId)) continue;
      const overlap = [...e.prompts].filter((n) => promptsCiting.has(n));
      if (overlap.length === 0) continue;
      missing.push(engineId);
      for (const n of overlap) shared.add(n);
    }
    if (missing.length === 0) continue;
    const answers = [...citing.values()].reduce((n, e) => n + e.answers, 0);
    out.push({
      id: actionId('spread-page', url),
      kind: 'spread-page',
      title: `Spread ${url}: cited by ${wordList([...citing.keys()].map(engineLabel))} in ${plural(answers, 'answer')}, never by ${wordList(missing.map(engineLabel))} on the same prompts`,
      reach: { answers, prompts: shared.size, engines: missing.length },
      evidence: {
        ...NO_EVIDENCE,
        answers,
        url,
        engines: [...citing].map(([engineId, e]) => ({ engineId, answers: e.answers, mentioned: null })),
        missingEngines: missing,
      },
      fingerprint: fingerprint(missing),
      examples: {
        filter: {
          engineIds: c.engineIds ?? null,
          topicId: c.topicId ?? null,
          sourcesContain: hostOf(url) ?? url,
        },
        accepts: (a) => stringList(a.sourceUrls).includes(url),
      },
    });
  }
  return out;
}
