import { ENGINES } from '../../engines/catalog.ts';
import { searchQueryKey } from '../../engines/search-queries.ts';
import { competitorKey } from '../store/repositories/competitors.ts';
import type { QueryDetailRow, QueryScope } from '../store/repositories/query-summaries.ts';
import { ALL } from '../store/repositories/source-summaries.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { resolveRange } from './date-range.ts';
import { checkEngineIds } from './engine-filter.ts';
import { pageByAnswers, type AnswersPosition } from './paging.ts';
import { cachedRead } from './read-cache.ts';

export interface QueryStatsQuery {
  from?: string;
  to?: string;
  engine?: string[];
  topicId?: string;
  cursor?: string;
  limit: number;
}

const ENGINE_IDS = ENGINES.map((e) => e.id);

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** One search's figures summed over rows (periods, engines): counts add up, prompt sets unite. */
function sumRows(rows: readonly QueryDetailRow[]) {
  const prompts = new Set<number>();
  const competitors = new Map<string, [number, number]>();
  let answers = 0;
  let mentioned = 0;
  let cited = 0;
  for (const r of rows) {
    answers += r.answers;
    mentioned += r.mentioned;
    cited += r.cited;
    for (const n of r.prompts) prompts.add(n);
    for (const [key, [m, c]] of Object.entries(r.competitors)) {
      const seen = competitors.get(key) ?? [0, 0];
      competitors.set(key, [seen[0] + m, seen[1] + c]);
    }
  }
  return { answers, mentioned, cited, prompts: prompts.size, competitors };
}

function groupRows(rows: readonly QueryDetailRow[], keyOf: (r: QueryDetailRow) => string) {
  const out = new Map<string, QueryDetailRow[]>();
  for (const r of rows) {
    const k = keyOf(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/**
 * The web searches the engines ran behind the answers (query fan-out): each normalised search with the answers and
 * prompts behind it, most answers first, how often those answers named and cited the brand and each tracked
 * competitor, per engine, and whether a tracked prompt already asks it. Ranking reads one summed row per search from
 * the search summaries; the prompt sets, competitors and engines are read for the page only.
 */
export async function queryStats(s: Services, caller: Caller, projectId: string, q: QueryStatsQuery) {
  const project = await readableProject(s, caller, projectId);
  const range = resolveRange(q, s.clock.now());
  const engineIds = checkEngineIds(q.engine);
  const scope: QueryScope = { projectId, engineIds: engineIds ?? [ALL], topicId: q.topicId ?? ALL, ...range };
  const { cursor, limit, ...params } = q;
  const filters = { ...params, ...range, engine: engineIds };
  const list = `queries:${projectId}`;
  const after = s.cursors.decode<AnswersPosition>(list, filters, cursor);

  return cachedRead(s, project, [list, filters, after, limit], async () => {
    const [totals, answersByEngine, competitors, prompts] = await Promise.all([
      s.store.querySummaries.totals(scope),
      s.store.trendSummaries.answersByEngine({ projectId, topicId: scope.topicId, ...range, engineIds }),
      s.store.competitors.list(projectId),
      s.store.prompts.all(projectId),
    ]);
    const rankable = [...totals].map(([key, t]) => ({ key, ...t }));
    const page = pageByAnswers(rankable, after, limit, (last) => s.cursors.encode(list, filters, last));

    // Each answer has one engine, so the rows of each engine add up to the scope's (and their prompt sets unite).
    const details = await s.store.querySummaries.details(
      { ...scope, engineIds: engineIds ?? ENGINE_IDS },
      page.data.map((r) => r.key),
    );
    const byKey = groupRows(details, (r) => r.key);
    const tracked = new Map<string, string>();
    for (const p of prompts) {
      const key = searchQueryKey(p.text);
      if (!tracked.has(key)) tracked.set(key, p.id);
    }
    const shares = (sum: ReturnType<typeof sumRows>) =>
      competitors.map((c) => {
        const [m, n] = sum.competitors.get(competitorKey(c.name)) ?? [0, 0];
        return { name: c.name, mentionRate: rate(m, sum.answers), citationRate: rate(n, sum.answers) };
      });

    return {
      ...range,
      answers: [...answersByEngine.values()].reduce((a, b) => a + b, 0),
      data: page.data.map((r) => {
        const rows = byKey.get(r.key) ?? [];
        const sum = sumRows(rows);
        return {
          query: r.key,
          answers: r.answers,
          prompts: sum.prompts,
          mentionRate: rate(sum.mentioned, sum.answers),
          citationRate: rate(sum.cited, sum.answers),
          competitors: shares(sum),
          engines: [...groupRows(rows, (row) => row.engineId)]
            .map(([engineId, engineRows]) => {
              const e = sumRows(engineRows);
              return {
                engineId,
                answers: e.answers,
                prompts: e.prompts,
                mentionRate: rate(e.mentioned, e.answers),
                citationRate: rate(e.cited, e.answers),
              };
            })
            .sort((a, b) => b.answers - a.answers || (a.engineId < b.engineId ? -1 : 1)),
          firstSeen: r.firstDay,
          lastSeen: r.lastDay,
          trackedPromptId: tracked.get(r.key) ?? null,
        };
      }),
      nextCursor: page.nextCursor,
    };
  });
}
