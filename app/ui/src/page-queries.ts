/**
 * Queries: the web searches the engines ran behind their answers (query fan-out), most run first, with how often
 * those answers named and cited the brand and the competitor named most, and one click to track a search as a
 * prompt. Searches are engine text: shown as text, and tracked only as the text of a new prompt.
 */
import { api, seg } from './api.ts';
import { button, h, loading, type Child } from './dom.ts';
import { answersCount, percent } from './format.ts';
import { choiceToolbar, chosen, periodChoice, periodOf, type Period } from './insight-toolbar.ts';
import type { ProjectContext } from './page.ts';
import { canWrite } from './permissions.ts';
import { projectHref } from './router.ts';
import { getEngines } from './state.ts';
import type { QueryStat, QueryStats } from './types.ts';
import { announce, badge, cardRow, cardTable, errorNotice, pageHeader } from './widgets.ts';

const PAGE = 20;
const HEADERS = [
  'Search',
  'Answers',
  'Prompts',
  'You named',
  'You cited',
  'Top competitor',
  'Engines',
  'Prompt',
];

export async function renderQueries(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Queries · ${ctx.project.name}`);
  const period = periodOf(ctx.query);
  const engines = await getEngines(ctx.projectId);
  const engineOptions = [
    { value: '', label: 'All engines' },
    ...engines.map((e) => ({ value: e.id, label: e.label })),
  ];
  const engine = chosen(ctx.query, 'engine', engineOptions);
  const labels = new Map(engines.map((e) => [e.id, e.label]));
  const summary = h('p', { class: 'total', 'aria-live': 'polite' });
  const area = h('div', null, loading());
  ctx.view.append(
    pageHeader(
      'Queries',
      'The web searches the engines ran to write their answers. Engines that report none (Perplexity, Google AI Mode, the signed-in apps) are not counted.',
    ),
    choiceToolbar(ctx, 'queries', [
      periodChoice(period),
      { name: 'engine', label: 'Engine', options: engineOptions, value: engine },
    ]),
    summary,
    area,
  );
  const read = (cursor: string | null) =>
    api.get<QueryStats>(
      `/projects/${seg(ctx.projectId)}/stats/queries`,
      { from: period.from, to: period.to, engine: engine || null, limit: PAGE, cursor },
      ctx.signal,
    );
  let page: QueryStats;
  try {
    page = await read(null);
  } catch (err) {
    area.replaceChildren(errorNotice(err));
    return;
  }
  summary.textContent = `${answersCount(page.answers)} in this period.`;
  if (page.data.length === 0) {
    area.replaceChildren(h('p', { class: 'empty' }, emptyText(period)));
    return;
  }
  const row = (r: QueryStat): Child[] => [
    r.query,
    r.answers.toLocaleString(),
    r.prompts.toLocaleString(),
    percent(r.mentionRate),
    percent(r.citationRate),
    topCompetitor(r),
    r.engines.map((e) => `${labels.get(e.engineId) ?? e.engineId} ${e.answers.toLocaleString()}`).join(', '),
    trackCell(ctx, r),
  ];
  const table = cardTable(
    'Searches the engines ran, most answers first',
    HEADERS,
    page.data.map(row),
    'queries',
  );
  let cursor = page.nextCursor;
  const more = button(`Show ${PAGE} more`, async () => {
    if (!cursor) return;
    more.disabled = true;
    try {
      const next = await read(cursor);
      table.tBodies[0]!.append(...next.data.map((r) => cardRow(HEADERS, row(r))));
      cursor = next.nextCursor;
    } catch (err) {
      area.append(errorNotice(err));
    }
    more.disabled = false;
    more.hidden = !cursor;
  });
  more.hidden = !cursor;
  area.replaceChildren(table, more);
}

const emptyText = (period: Period) =>
  `No engine reported a web search for an answer between ${period.from} and ${period.to}.`;

/** The competitor those answers named most, with its share; a dash when they named none. */
function topCompetitor(r: QueryStat): string {
  const [top] = [...r.competitors]
    .filter((c) => (c.mentionRate ?? 0) > 0)
    .sort((a, b) => (b.mentionRate ?? 0) - (a.mentionRate ?? 0));
  return top ? `${top.name} ${percent(top.mentionRate)}` : '—';
}

/** "Tracked" when a prompt asks this search already; else, for those who may write, a button tracking it. */
function trackCell(ctx: ProjectContext, r: QueryStat): Child {
  if (r.trackedPromptId) return badge('Tracked', 'ok');
  if (!canWrite()) return '—';
  const cell = h('span', { class: 'track-cell' });
  const track = button('Track as prompt', async () => {
    track.disabled = true;
    try {
      await api.post(`/projects/${seg(ctx.projectId)}/prompts`, { text: r.query });
      cell.replaceChildren(
        badge('Tracked', 'ok'),
        ' ',
        h('a', { href: projectHref(ctx.projectId, 'prompts') }, 'Prompts'),
      );
      announce(`Now tracking “${r.query}” as a prompt.`);
    } catch (err) {
      track.disabled = false;
      cell.append(errorNotice(err));
    }
  });
  cell.append(track);
  return cell;
}
