/**
 * Prompts: a heat map of the tracked prompts against the engines that answered them, each cell coloured by its
 * mention rate and showing it, the average position and the citation rate with their change against the period
 * before (▲ is always better); a cell opens the answers behind it. Prompt texts are shown as text. A table on a
 * wide screen, a card per prompt on a phone.
 */
import { api, seg } from './api.ts';
import { button, h, loading, type Child } from './dom.ts';
import { filterParams } from './filters.ts';
import { answersCount, day, percent, placesChange, points } from './format.ts';
import { choiceToolbar, chosen, periodChoice, periodOf, type Period } from './insight-toolbar.ts';
import type { ProjectContext } from './page.ts';
import { projectHref } from './router.ts';
import { engineDot } from './engine-colour.ts';
import { engineLabels, getEngines, isLocalFetch } from './state.ts';
import type { PromptStat, PromptStats } from './types.ts';
import { cardTable, errorNotice, pageHeader } from './widgets.ts';

const PAGE = 25;

const SORTS = [
  { value: 'answers', label: 'Most answers' },
  { value: 'mentionRate', label: 'Mention rate' },
  { value: 'mentionRateChange', label: 'Change in mention rate' },
  { value: 'citationRate', label: 'Citation rate' },
  { value: 'citationRateChange', label: 'Change in citation rate' },
  { value: 'averagePosition', label: 'Average position' },
  { value: 'averagePositionChange', label: 'Change in position' },
  { value: 'negative', label: 'Negative answers' },
];
const ORDERS = [
  { value: 'desc', label: 'Highest first' },
  { value: 'asc', label: 'Lowest first' },
];

type Figures = Omit<PromptStat, 'promptId' | 'text' | 'topicIds' | 'status' | 'engines'>;

export async function renderPromptGrid(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Prompts · ${ctx.project.name}`);
  const period = periodOf(ctx.query);
  const sort = chosen(ctx.query, 'sort', SORTS);
  const order = chosen(ctx.query, 'order', ORDERS);
  const labels = engineLabels(await getEngines(ctx.projectId));
  const results = h('div', null, loading('Loading the prompts…'));
  ctx.view.append(
    pageHeader(
      'Prompts',
      `How each tracked prompt does on each engine in the last ${period.days} days, against the ${period.days} days before. Open a cell for its answers.`,
    ),
    choiceToolbar(ctx, 'prompts', [
      periodChoice(period),
      { name: 'sort', label: 'Sort by', options: SORTS, value: sort },
      { name: 'order', label: 'Order', options: ORDERS, value: order },
    ]),
    results,
  );

  const cursors: (string | null)[] = [null];
  let index = 0;
  const show = async () => {
    results.replaceChildren(loading('Loading the prompts…'));
    try {
      const page = await api.get<PromptStats>(
        `/projects/${seg(ctx.projectId)}/stats/prompts`,
        {
          from: period.from,
          to: period.to,
          perEngine: true,
          sort,
          order,
          limit: PAGE,
          cursor: cursors[index] ?? null,
        },
        ctx.signal,
      );
      if (page.nextCursor) cursors[index + 1] = page.nextCursor;
      const pager = h(
        'nav',
        { class: 'pager', 'aria-label': 'Prompt pages' },
        button('Previous page', () => turn(-1), { disabled: index === 0 }),
        h('span', null, `Page ${index + 1}`),
        button('Next page', () => turn(1), { disabled: !page.nextCursor }),
      );
      results.replaceChildren(
        grid(ctx, page, period, labels),
        ...(index > 0 || page.nextCursor ? [pager] : []),
      );
    } catch (err) {
      if (!ctx.signal.aborted) results.replaceChildren(errorNotice(err));
    }
  };
  const turn = (by: number) => {
    index += by;
    void show();
  };
  await show();
}

/**
 * The engines of the page's rows in the project's order, each signed-in app variant beside its API engine so the
 * two read side by side.
 */
function enginesOf(rows: readonly PromptStat[], labels: ReadonlyMap<string, string>): string[] {
  const seen = new Set(rows.flatMap((r) => (r.engines ?? []).map((e) => e.engineId)));
  const order = [...labels.keys()];
  const rank = (id: string) => {
    const base = isLocalFetch(id) ? id.slice(0, -'-local-fetch'.length) : id;
    const at = order.indexOf(order.includes(base) ? base : id);
    return (at < 0 ? order.length : at) * 2 + (isLocalFetch(id) ? 1 : 0);
  };
  return [...seen].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
}

function grid(
  ctx: ProjectContext,
  page: PromptStats,
  period: Period,
  labels: ReadonlyMap<string, string>,
): HTMLElement {
  if (page.data.length === 0) {
    return h('p', { class: 'empty' }, 'No tracked prompt yet. Add prompts in Setup.');
  }
  const engines = enginesOf(page.data, labels);
  const label = (id: string) => labels.get(id) ?? id;
  const headers = ['Prompt', 'All engines', ...engines.map(label)];
  const rows = page.data.map((p): Child[] => [
    h(
      'span',
      { class: 'prompt-text' },
      p.text,
      p.status === 'paused' ? h('span', { class: 'sub' }, ' (paused)') : null,
    ),
    cell(ctx, p, null, p, period, 'all engines'),
    ...engines.map((id) => {
      const e = p.engines?.find((x) => x.engineId === id);
      return e ? cell(ctx, p, id, e, period, label(id)) : h('span', { class: 'empty' }, 'No answers');
    }),
  ]);
  const table = cardTable(
    `Mention rate, average position and citation rate per prompt and engine, ${day(page.from)} to ${day(page.to)}, with the change against ${day(page.previous.from)} to ${day(page.previous.to)}`,
    headers,
    rows,
    'prompt-grid',
  );
  const heads = table.tHead!.rows[0]!.cells;
  engines.forEach((id, i) => heads[i + 2]!.prepend(engineDot(labels, id)));
  return h(
    'div',
    { class: 'grid-wrap' },
    heatLegend(),
    // A wide grid (many engines) scrolls in its own box on a desk; on a phone each prompt is a card.
    h(
      'div',
      { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Prompts by engine' },
      table,
    ),
  );
}

/** What the shades mean, beside the grid: colour is never the only cue, the rate is written in each cell. */
function heatLegend(): HTMLElement {
  return h(
    'p',
    { class: 'heat-legend' },
    h('span', null, 'Mention rate'),
    ...['0–19%', '20–39%', '40–59%', '60–79%', '80–100%'].map((t, i) =>
      h(
        'span',
        { class: 'heat-key' },
        h('span', { class: `heat-swatch heat-${i}`, 'aria-hidden': 'true' }),
        t,
      ),
    ),
    h('span', { class: 'heat-arrows' }, '▲ better · ▼ worse than the period before'),
  );
}

/** A cell: the three figures with their changes, as one link to the answers behind them. */
function cell(
  ctx: ProjectContext,
  prompt: PromptStat,
  engineId: string | null,
  f: Figures,
  period: Period,
  engineLabel: string,
): HTMLElement {
  if (f.answers === 0) return h('span', { class: 'empty' }, 'No answers in this period');
  const position = placesChange(f.change.averagePosition);
  const line = (name: string, value: string, change: { text: string; trend: string }, main = false) =>
    h(
      'span',
      { class: main ? 'cell-figure cell-main' : 'cell-figure' },
      h('span', { class: 'cell-name' }, name),
      ' ',
      h('strong', null, value),
      change.trend === 'none'
        ? null
        : [' ', h('span', { class: `trend trend-${change.trend}` }, change.text)],
    );
  const query = filterParams({
    from: period.from,
    to: period.to,
    engine: engineId ? [engineId] : [],
    promptId: prompt.promptId,
  });
  // The link's name is its visible figures, after which prompt and engine they are for.
  return h(
    'a',
    { class: `grid-cell heat-${heat(f.mentionRate)}`, href: projectHref(ctx.projectId, 'answers', query) },
    h('span', { class: 'visually-hidden' }, `Answers to “${prompt.text.slice(0, 80)}” on ${engineLabel}: `),
    line('Mentioned', percent(f.mentionRate), points(f.change.mentionRate), true),
    line('Position', f.averagePosition === null ? '—' : f.averagePosition.toFixed(1), position),
    line('Cited', percent(f.citationRate), points(f.change.citationRate)),
    h(
      'span',
      { class: 'sub' },
      answersCount(f.answers),
      // No answer in the period before: nothing to compare with.
      f.change.answers === f.answers ? ' · none before' : '',
    ),
  );
}

/** The cell's shade: five steps of the mention rate as written (0–19 %, 20–39 %, …, 80–100 %). */
function heat(rate: number | null): number {
  return rate === null ? 0 : Math.min(4, Math.floor(Number((rate * 100).toFixed(0)) / 20));
}
