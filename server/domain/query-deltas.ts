import { searchQueryKey } from '../../engines/search-queries.ts';
import { competitorKey } from '../store/repositories/competitors.ts';
import { promptTextKey } from '../store/repositories/prompts.ts';
import type { CompetitorCounts, QueryDelta } from '../store/repositories/query-summaries.ts';
import type { AnswerCounts } from './summary-deltas.ts';

/**
 * What newly stored answers add to the search summaries: per day, engine, topic and normalised search, the answers
 * that ran it, how many named and cited the brand and each competitor, and the prompts behind them. A search run
 * twice for one answer (or two that normalise alike) counts that answer once. The store adds its own rollups.
 */
export function queryDeltas(answers: Iterable<AnswerCounts>): QueryDelta[] {
  const rows = new Map<string, QueryDelta & { prompts: Set<string>; competitors: CompetitorCounts }>();
  const promptKeys = new Map<string, string>();
  for (const a of answers) {
    if (a.searchQueries.length === 0) continue;
    let promptKey = promptKeys.get(a.promptText);
    if (promptKey === undefined) promptKeys.set(a.promptText, (promptKey = promptTextKey(a.promptText)));
    // One brand per key, named or cited by any entry of that key, as the other summaries count competitors.
    const rivals = new Map<string, [number, number]>();
    for (const c of a.competitors) {
      const key = competitorKey(c.name);
      const seen = rivals.get(key) ?? [0, 0];
      rivals.set(key, [seen[0] || (c.mentioned ? 1 : 0), seen[1] || (c.cited ? 1 : 0)]);
    }
    const scope = `${a.date}\0${a.engineId}\0${a.topicId ?? ''}\0`;
    for (const key of new Set(a.searchQueries.map(searchQueryKey))) {
      if (key === '') continue;
      let row = rows.get(scope + key);
      if (!row) {
        const fresh = {
          date: a.date,
          engineId: a.engineId,
          topicId: a.topicId,
          key,
          answers: 0,
          mentioned: 0,
          cited: 0,
          competitors: {},
          prompts: new Set<string>(),
        };
        rows.set(scope + key, (row = fresh));
      }
      row.answers += 1;
      if (a.mentioned) row.mentioned += 1;
      if (a.cited) row.cited += 1;
      row.prompts.add(promptKey);
      for (const [rival, [m, c]] of rivals) {
        const seen = row.competitors[rival];
        if (seen) {
          seen[0] += m;
          seen[1] += c;
        } else row.competitors[rival] = [m, c];
      }
    }
  }
  return [...rows.values()];
}
