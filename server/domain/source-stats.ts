import { ENGINES } from '../../engines/catalog.ts';
import { ALL, type SourceDetailRow, type SourceScope } from '../store/repositories/source-summaries.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { resolveRange } from './date-range.ts';
import { checkEngineIds } from './engine-filter.ts';
import { AppError } from './errors.ts';
import { domainOfSource } from './insight-deltas.ts';
import { pageByAnswers, type AnswersPosition } from './paging.ts';
import { cachedRead } from './read-cache.ts';
import { sourceClassifier, type SourceOwner } from './source-class.ts';
import type { SourceTypeName } from './source-types/listed.ts';
import { storedOverrides } from './source-types/overrides.ts';
import { pageKindOf, type PageKindName } from './source-types/page-kinds.ts';
import { sourceTyper } from './source-types/source-type.ts';

export interface SourceQuery {
  from?: string;
  to?: string;
  engine?: string[];
  topicId?: string;
  groupBy?: 'domain' | 'url';
  perEngine?: boolean;
  class?: SourceOwner['class'];
  type?: SourceTypeName;
  pageKind?: PageKindName;
  gaps?: boolean;
  cursor?: string;
  limit: number;
}

const ENGINE_IDS = ENGINES.map((e) => e.id);

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** One source's figures summed over rows (periods, engines): counts add up, prompt sets unite. */
function sumRows(rows: readonly SourceDetailRow[]) {
  const prompts = new Set<number>();
  let answers = 0;
  let firstSeen = '9999-12-31';
  let lastSeen = '0000-01-01';
  for (const r of rows) {
    answers += r.answers;
    if (r.firstDay < firstSeen) firstSeen = r.firstDay;
    if (r.lastDay > lastSeen) lastSeen = r.lastDay;
    for (const n of r.prompts) prompts.add(n);
  }
  return { answers, prompts: prompts.size, firstSeen, lastSeen };
}

function groupRows<K>(
  rows: readonly SourceDetailRow[],
  keyOf: (r: SourceDetailRow) => K,
): Map<K, SourceDetailRow[]> {
  const out = new Map<K, SourceDetailRow[]>();
  for (const r of rows) {
    const k = keyOf(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/**
 * Which sources the engines cite: per registrable domain (or URL), the answers listing it, most first, with their
 * share of the answers listing any source, distinct prompts, first and last day, and whose it is. Ranking reads
 * one summed row per key from the source summaries; the prompt sets and per-engine figures are read for the page
 * only.
 */
export async function sourceStats(s: Services, caller: Caller, projectId: string, q: SourceQuery) {
  const project = await readableProject(s, caller, projectId);
  const range = resolveRange(q, s.clock.now());
  const engineIds = checkEngineIds(q.engine);
  const groupBy = q.groupBy ?? 'domain';
  if (q.pageKind !== undefined && groupBy !== 'url')
    throw new AppError(
      'unsupported_filter_combination',
      'pageKind: page kinds are of pages; set groupBy to url.',
    );
  if (q.gaps && groupBy === 'url')
    throw new AppError(
      'invalid_parameter',
      'gaps: the gaps are domains; leave groupBy out or set it to domain.',
    );
  if (q.gaps && q.class !== undefined) {
    throw new AppError(
      'unsupported_filter_combination',
      'stats/sources takes gaps or class, not both: the gaps are all of class other.',
    );
  }
  const kind = groupBy === 'url' ? 'u' : 'd';
  const scope: SourceScope = {
    projectId,
    kind,
    engineIds: engineIds ?? [ALL],
    topicId: q.topicId ?? ALL,
    ...range,
  };
  const { cursor, limit, ...params } = q;
  const filters = { ...params, ...range, engine: engineIds, groupBy };
  const list = `sources:${projectId}`;
  const after = s.cursors.decode<AnswersPosition>(list, filters, cursor);

  return cachedRead(s, project, [list, filters, after, limit], async () => {
    const [totals, answersByEngine, competitors, overrides] = await Promise.all([
      s.store.sourceSummaries.totals(scope),
      s.store.trendSummaries.answersByEngine({ projectId, topicId: scope.topicId, ...range, engineIds }),
      s.store.competitors.list(projectId),
      storedOverrides(s, projectId),
    ]);
    const typer = sourceTyper(sourceClassifier(project, competitors), overrides);
    const ownerOf = (key: string) => (kind === 'd' ? typer.domain(key) : typer.url(key));
    const kindOf = (key: string) => (kind === 'u' ? pageKindOf(key) : null);
    const wanted = q.gaps ? 'other' : q.class;
    const rankable = [...totals]
      // A gap: listed beside a tracked competitor's name in the range, and never beside the brand's.
      .filter(([key, t]) => key !== '' && (!q.gaps || (t.rivalAnswers > 0 && t.brandAnswers === 0)))
      .filter(([key]) => wanted === undefined || ownerOf(key).class === wanted)
      .filter(([key]) => q.type === undefined || ownerOf(key).type === q.type)
      .filter(([key]) => q.pageKind === undefined || kindOf(key) === q.pageKind)
      .map(([key, t]) => ({ key, answers: t.answers, firstDay: t.firstDay, lastDay: t.lastDay }));
    const page = pageByAnswers(rankable, after, limit, (last) => s.cursors.encode(list, filters, last));

    // Per engine, the rows of each engine (every engine of the catalog when no filter names them); otherwise the
    // rows of the scope. Either way the union of their prompt sets is the scope's.
    const detailScope = { ...scope, engineIds: q.perEngine ? (engineIds ?? ENGINE_IDS) : scope.engineIds };
    const [details, citingRows] = await Promise.all([
      s.store.sourceSummaries.details(
        detailScope,
        page.data.map((r) => r.key),
      ),
      s.store.sourceSummaries.details({ ...detailScope, kind: 's' }, ['']),
    ]);
    const citingByEngine = new Map(
      [...groupRows(citingRows, (r) => r.engineId)].map(([e, rows]) => [e, sumRows(rows).answers]),
    );
    const citingAnswers = [...citingByEngine.values()].reduce((a, b) => a + b, 0);
    const byKey = groupRows(details, (r) => r.key);

    return {
      ...range,
      groupBy,
      answers: [...answersByEngine.values()].reduce((a, b) => a + b, 0),
      citingAnswers,
      data: page.data.map((r) => {
        const rows = byKey.get(r.key) ?? [];
        const domain = kind === 'd' ? r.key : (domainOfSource(r.key) ?? r.key);
        return {
          domain,
          url: kind === 'u' ? r.key : null,
          ...ownerOf(r.key),
          pageKind: kindOf(r.key),
          answers: r.answers,
          share: rate(r.answers, citingAnswers),
          prompts: sumRows(rows).prompts,
          firstSeen: r.firstDay,
          lastSeen: r.lastDay,
          ...(q.perEngine && {
            engines: [...groupRows(rows, (row) => row.engineId)]
              .map(([engineId, engineRows]) => {
                const sum = sumRows(engineRows);
                return { engineId, ...sum, share: rate(sum.answers, citingByEngine.get(engineId) ?? 0) };
              })
              .sort((a, b) => b.answers - a.answers || (a.engineId < b.engineId ? -1 : 1)),
          }),
        };
      }),
      nextCursor: page.nextCursor,
    };
  });
}
