import { searchQueryKey } from '../../../engines/search-queries.ts';
import type { QueryDetailRow } from '../../store/repositories/query-summaries.ts';
import { ALL } from '../../store/repositories/source-summaries.ts';
import {
  actionId,
  fingerprint,
  longestToken,
  magnitude,
  NO_EVIDENCE,
  plural,
  stringList,
  type ActionDraft,
} from './action.ts';
import { ENGINE_IDS, groupBy, type ActionScope } from './scope.ts';

/** A search run for fewer answers than this is not "often". */
export const MIN_QUERY_ANSWERS = 3;

const DETAIL_CHUNK = 256;

/** cover-query: a web search the engines ran for at least MIN_QUERY_ANSWERS answers in the range, none citing the brand. */
export async function coverQueryActions(c: ActionScope): Promise<ActionDraft[]> {
  const scope = {
    projectId: c.projectId,
    engineIds: c.engineIds ?? [ALL],
    topicId: c.topicId ?? ALL,
    ...c.range,
  };
  const totals = await c.s.store.querySummaries.totals(scope);
  const often = [...totals].filter(([, t]) => t.answers >= MIN_QUERY_ANSWERS).map(([key]) => key);
  const rows: QueryDetailRow[] = [];
  for (let i = 0; i < often.length; i += DETAIL_CHUNK)
    rows.push(
      ...(await c.s.store.querySummaries.details(
        { ...scope, engineIds: c.engineIds ?? ENGINE_IDS },
        often.slice(i, i + DETAIL_CHUNK),
      )),
    );
  const out: ActionDraft[] = [];
  for (const [key, list] of groupBy(rows, (r) => r.key)) {
    if (list.some((r) => r.cited > 0)) continue;
    const engines = new Map<string, { answers: number; mentioned: number }>();
    const prompts = new Set<number>();
    for (const r of list) {
      const e = engines.get(r.engineId) ?? { answers: 0, mentioned: 0 };
      e.answers += r.answers;
      e.mentioned += r.mentioned;
      engines.set(r.engineId, e);
      for (const n of r.prompts) prompts.add(n);
    }
    const answers = [...engines.values()].reduce((n, e) => n + e.answers, 0);
    out.push({
      id: actionId('cover-query', key),
      kind: 'cover-query',
      title: `Cover the search “${key}”: engines ran it for ${plural(answers, 'answer')} to ${plural(prompts.size, 'prompt')}, none citing you`,
      reach: { answers, prompts: prompts.size, engines: engines.size },
      evidence: {
        ...NO_EVIDENCE,
        answers,
        query: key,
        citedAnswers: 0,
        engines: [...engines]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([engineId, e]) => ({ engineId, ...e })),
      },
      fingerprint: fingerprint([magnitude(answers)]),
      examples: {
        filter: {
          engineIds: c.engineIds ?? null,
          topicId: c.topicId ?? null,
          searchesContain: longestToken(key),
        },
        accepts: (a) => stringList(a.searchQueries).some((q) => searchQueryKey(q) === key),
      },
    });
  }
  return out;
}
