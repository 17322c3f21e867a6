import { ENGINES } from '../../engines/catalog.ts';
import type { PROMPT_FIGURES } from '../contract/insights.ts';
import { competitorKey } from '../store/repositories/competitors.ts';
import {
  addPromptCounts,
  noPromptCounts,
  type PromptCounts,
  type PromptTotals,
} from '../store/repositories/prompt-summaries.ts';
import { ALL } from '../store/repositories/source-summaries.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { previousRange, resolveRange } from './date-range.ts';
import { checkEngineIds } from './engine-filter.ts';
import { splitPage } from './paging.ts';
import { cachedRead } from './read-cache.ts';

type Figure = (typeof PROMPT_FIGURES)[number];
export type PromptSortKey = Figure | `${Figure}Change`;

export interface PromptQuery {
  from?: string;
  to?: string;
  engine?: string[];
  topicId?: string;
  perEngine?: boolean;
  sort?: PromptSortKey;
  order?: 'asc' | 'desc';
  cursor?: string;
  limit: number;
}

const ENGINE_IDS = ENGINES.map((e) => e.id);
const SENTIMENT_FIGURES = ['positive', 'mixed', 'neutral', 'negative', 'notApplicable'] as const;

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const minus = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

function figures(c: PromptCounts) {
  return {
    answers: c.answers,
    mentioned: c.mentioned,
    cited: c.cited,
    mentionRate: rate(c.mentioned, c.answers),
    citationRate: rate(c.cited, c.answers),
    averagePosition: c.pos_n === 0 ? null : c.pos_sum / c.pos_n,
    sentiment: {
      positive: c.positive,
      mixed: c.mixed,
      neutral: c.neutral,
      negative: c.negative,
      notApplicable: c.not_applicable,
    },
  };
}

type Figures = ReturnType<typeof figures>;

/** Each figure of this period minus the previous period's. */
function change(now: Figures, before: Figures) {
  return {
    answers: now.answers - before.answers,
    mentioned: now.mentioned - before.mentioned,
    cited: now.cited - before.cited,
    mentionRate: minus(now.mentionRate, before.mentionRate),
    citationRate: minus(now.citationRate, before.citationRate),
    averagePosition: minus(now.averagePosition, before.averagePosition),
    sentiment: Object.fromEntries(
      SENTIMENT_FIGURES.map((f) => [f, now.sentiment[f] - before.sentiment[f]]),
    ) as Figures['sentiment'],
  };
}

type Change = ReturnType<typeof change>;

function sortValue(f: Figures, c: Change, key: PromptSortKey): number | null {
  const isChange = key.endsWith('Change');
  const figure = (isChange ? key.slice(0, -'Change'.length) : key) as Figure;
  const from = isChange ? c : f;
  return (SENTIMENT_FIGURES as readonly string[]).includes(figure)
    ? from.sentiment[figure as (typeof SENTIMENT_FIGURES)[number]]
    : from[figure as Exclude<Figure, (typeof SENTIMENT_FIGURES)[number]>];
}

/** Sort order with nulls last whichever the direction, ties broken by prompt id. */
function compare(
  order: 'asc' | 'desc',
  a: { value: number | null; id: string },
  b: { value: number | null; id: string },
) {
  if (a.value !== b.value) {
    if (a.value === null) return 1;
    if (b.value === null) return -1;
    return order === 'asc' ? a.value - b.value : b.value - a.value;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Counts per prompt (and engine), summed from the summary rows: missing prompts count zero. */
function countsBy(rows: readonly PromptTotals[]) {
  const out = new Map<string, PromptCounts>();
  for (const r of rows) {
    const k = `${r.promptId}\0${r.engineId ?? ''}`;
    const c = out.get(k) ?? noPromptCounts();
    addPromptCounts(c, r.counts);
    out.set(k, c);
  }
  return (promptId: string, engineId: string | null = null) =>
    out.get(`${promptId}\0${engineId ?? ''}`) ?? noPromptCounts();
}

/**
 * How each tracked prompt does over the range, with each figure's change against the previous period of the same
 * length: sums of the prompt summaries (whole months and loose days), sorted and paged in memory (a project has
 * at most a few hundred prompts); the competitors named are read for the page only.
 */
export async function promptStats(s: Services, caller: Caller, projectId: string, q: PromptQuery) {
  const project = await readableProject(s, caller, projectId);
  const range = resolveRange(q, s.clock.now());
  const previous = previousRange(range);
  const engineIds = checkEngineIds(q.engine);
  const sort = q.sort ?? 'answers';
  const order = q.order ?? 'desc';
  const { cursor, limit, ...params } = q;
  const filters = { ...params, ...range, engine: engineIds, sort, order };
  const list = `prompts:${projectId}`;
  const after = s.cursors.decode<{ value: number | null; id: string }>(list, filters, cursor);

  return cachedRead(s, project, [list, filters, after, limit], async () => {
    const scope = { projectId, engineIds: engineIds ?? [ALL] };
    const perEngineScope = { projectId, engineIds: engineIds ?? ENGINE_IDS };
    const [prompts, now, before, nowByEngine, beforeByEngine, competitors] = await Promise.all([
      s.store.prompts.all(projectId, q.topicId),
      s.store.promptSummaries.totals({ ...scope, ...range }, false),
      s.store.promptSummaries.totals({ ...scope, ...previous }, false),
      q.perEngine ? s.store.promptSummaries.totals({ ...perEngineScope, ...range }, true) : [],
      q.perEngine ? s.store.promptSummaries.totals({ ...perEngineScope, ...previous }, true) : [],
      s.store.competitors.list(projectId),
    ]);
    const current = countsBy(now);
    const earlier = countsBy(before);
    const rows = prompts
      .map((p) => {
        const f = figures(current(p.id));
        const c = change(f, figures(earlier(p.id)));
        return { prompt: p, figures: f, change: c, value: sortValue(f, c, sort), id: p.id };
      })
      .sort((a, b) => compare(order, a, b));
    const start = after ? rows.findIndex((r) => compare(order, r, after) > 0) : 0;
    const page = splitPage(start === -1 ? [] : rows.slice(start, start + limit + 1), limit, (r) =>
      s.cursors.encode(list, filters, { value: r.value, id: r.id }),
    );

    const ids = page.data.map((r) => r.prompt.id);
    const named = await s.store.promptSummaries.competitors(
      { ...(q.perEngine ? perEngineScope : scope), ...range },
      ids,
    );
    const names = new Map(competitors.map((c, i) => [competitorKey(c.name), { name: c.name, order: i }]));
    const namedBy = new Map<string, Map<string, number>>();
    for (const r of named) {
      for (const engineId of q.perEngine ? [r.engineId, null] : [null]) {
        const k = `${r.promptId}\0${engineId ?? ''}`;
        const mentions = namedBy.get(k) ?? new Map<string, number>();
        for (const [key, n] of Object.entries(r.competitors))
          if (names.has(key)) mentions.set(key, (mentions.get(key) ?? 0) + n);
        namedBy.set(k, mentions);
      }
    }
    /** The tracked competitor named most; ties go to the earlier in the list. */
    const topCompetitor = (promptId: string, engineId: string | null, answers: number) => {
      const mentions = namedBy.get(`${promptId}\0${engineId ?? ''}`) ?? new Map<string, number>();
      const [top] = [...mentions].sort(
        (a, b) => b[1] - a[1] || names.get(a[0])!.order - names.get(b[0])!.order,
      );
      return top
        ? { name: names.get(top[0])!.name, mentioned: top[1], mentionRate: rate(top[1], answers) }
        : null;
    };
    const engineCounts = countsBy(nowByEngine);
    const engineEarlier = countsBy(beforeByEngine);
    const enginesByPrompt = new Map<string, Set<string>>();
    for (const r of [...nowByEngine, ...beforeByEngine]) {
      const set = enginesByPrompt.get(r.promptId) ?? new Set<string>();
      set.add(r.engineId!);
      enginesByPrompt.set(r.promptId, set);
    }
    const enginesOf = (promptId: string) =>
      [...(enginesByPrompt.get(promptId) ?? [])].sort().map((engineId) => {
        const f = figures(engineCounts(promptId, engineId));
        return {
          engineId,
          ...f,
          topCompetitor: topCompetitor(promptId, engineId, f.answers),
          change: change(f, figures(engineEarlier(promptId, engineId))),
        };
      });

    return {
      ...range,
      previous,
      sort,
      order,
      data: page.data.map((r) => ({
        promptId: r.prompt.id,
        text: r.prompt.text,
        topicIds: r.prompt.topicIds,
        status: r.prompt.status,
        ...r.figures,
        topCompetitor: topCompetitor(r.prompt.id, null, r.figures.answers),
        change: r.change,
        ...(q.perEngine && { engines: enginesOf(r.prompt.id) }),
      })),
      nextCursor: page.nextCursor,
    };
  });
}
