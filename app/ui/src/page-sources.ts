/**
 * Sources: which sites the engines cite when they answer the tracked prompts, by domain or by page, split into
 * the brand's own, competitors' and everyone else's, most cited first, each with its type (editorial, forums,
 * reviews, …), its page kind, and where in the period it was seen; the gaps: sites listed beside competitors and
 * never beside the brand; and, counted by type, each kind of site's share of the citations. Domains and URLs come
 * from engine answers: they are shown as text, and a page is a link only when it is http(s).
 */
import { api, seg } from './api.ts';
import { externalLink, h, loading, setBarSpan, setBarWidth, type Child } from './dom.ts';
import { answersCount, percent, plural } from './format.ts';
import { choiceToolbar, chosen, periodChoice, periodOf, type Period } from './insight-toolbar.ts';
import { moreRows } from './more-rows.ts';
import type { ProjectContext } from './page.ts';
import { PAGE_KIND_LABELS, pageKindOptions, TYPE_LABELS, typeOptions } from './source-kinds.ts';
import { overridesEditor } from './source-type-overrides.ts';
import { renderTypeShares } from './source-type-view.ts';
import { sourceTrend } from './source-trend.ts';
import { getEngines } from './state.ts';
import type { SourceStat, SourceStats } from './types.ts';
import { badge, cardTable, errorNotice, pageHeader, section } from './widgets.ts';

const PAGE = 10;

interface ListSpec {
  title: string;
  intro?: string;
  query: Record<string, string>;
  groupBy: 'domain' | 'url';
  empty: string;
  competitorColumn?: boolean;
}

/** The page; `saved` is the outcome of a save of the types just made, shown beside their editor. */
export async function renderSources(ctx: ProjectContext, saved?: string): Promise<void> {
  ctx.setTitle(`Sources · ${ctx.project.name}`);
  const period = periodOf(ctx.query);
  const engines = await getEngines(ctx.projectId);
  const engineOptions = [
    { value: '', label: 'All engines' },
    ...engines.map((e) => ({ value: e.id, label: e.label })),
  ];
  const byOptions = [
    { value: 'domain', label: 'Domains' },
    { value: 'url', label: 'Pages (URLs)' },
    { value: 'type', label: 'Types of site' },
  ];
  const engine = chosen(ctx.query, 'engine', engineOptions);
  const by = chosen(ctx.query, 'by', byOptions) as 'domain' | 'url' | 'type';
  const types = typeOptions('All types');
  const kinds = pageKindOptions('All kinds');
  const type = chosen(ctx.query, 'type', types);
  const kind = chosen(ctx.query, 'kind', kinds);
  const toolbar = choiceToolbar(ctx, 'sources', [
    periodChoice(period),
    { name: 'engine', label: 'Engine', options: engineOptions, value: engine },
    { name: 'by', label: 'Count by', options: byOptions, value: by },
    ...(by === 'type' ? [] : [{ name: 'type', label: 'Type of site', options: types, value: type }]),
    ...(by === 'url' ? [{ name: 'kind', label: 'Kind of page', options: kinds, value: kind }] : []),
  ]);
  const header = pageHeader('Sources', 'Which sites the engines cite when they answer your prompts.');
  const reload = async (message: string) => {
    ctx.view.replaceChildren();
    await renderSources(ctx, message);
  };
  // The project's own types for sites, below whichever view: it loads beside the figures, not before them.
  const editor = h('div', null, loading());
  void overridesEditor(ctx, reload, saved).then(
    (panel) => editor.replaceChildren(panel),
    (err: unknown) => editor.replaceChildren(errorNotice(err)),
  );
  if (by === 'type') {
    const panel = section(
      'Types of site',
      h(
        'p',
        { class: 'hint' },
        'Each kind of site’s share of the citations: an answer counts once for every site it lists, so the shares add up to 100%.',
      ),
    );
    ctx.view.append(header, toolbar, panel, editor);
    await renderTypeShares(ctx, panel, period, engine, new Map(engines.map((e) => [e.id, e.label])));
    return;
  }
  const groupBy = by;
  const filters: Record<string, string> = {
    ...(type && { type }),
    ...(groupBy === 'url' && kind && { pageKind: kind }),
  };
  const summary = h('p', { class: 'total', 'aria-live': 'polite' });
  const what = groupBy === 'url' ? 'pages' : 'sites';
  const lists: ListSpec[] = [
    {
      title: `Your ${what}`,
      query: { class: 'own', ...filters },
      groupBy,
      empty: "No answer in this period lists a page of your site's domains.",
    },
    {
      title: `Competitors' ${what}`,
      query: { class: 'competitor', ...filters },
      groupBy,
      empty: "No answer in this period lists a competitor's site.",
      competitorColumn: true,
    },
    {
      title: `Other ${what}`,
      query: { class: 'other', ...filters },
      groupBy,
      empty: 'No answer in this period lists another site.',
    },
    {
      title: 'Gaps: sites that cite competitors but never you',
      intro:
        'Sites listed in answers that name a competitor, and in none that name you: where a mention of you is missing. Counted by domain.',
      query: { gaps: 'true', ...(type && { type }) },
      groupBy: 'domain',
      empty: 'No gap in this period: every site listed beside a competitor is also listed beside you.',
    },
  ];
  const panels = lists.map((l) => section(l.title, l.intro ? h('p', { class: 'hint' }, l.intro) : null));
  ctx.view.append(header, toolbar, summary, ...panels, editor);
  const first = await Promise.all(
    lists.map((l, i) => sourceList(ctx, panels[i]!, l, period, engine).catch(() => null)),
  );
  const totals = first.find((r) => r !== null);
  if (totals) {
    summary.textContent = `${answersCount(totals.answers)} in this period; ${plural(totals.citingAnswers, 'lists', 'list')} at least one source. Shares are of those.`;
  }
}

/** One class of source (or the gaps): a page of rows, and more on request. Answers the first page. */
async function sourceList(
  ctx: ProjectContext,
  panel: HTMLElement,
  l: ListSpec,
  period: Period,
  engine: string,
): Promise<SourceStats> {
  const area = h('div', null, loading());
  panel.append(area);
  const read = (cursor: string | null) =>
    api.get<SourceStats>(
      `/projects/${seg(ctx.projectId)}/stats/sources`,
      {
        from: period.from,
        to: period.to,
        engine: engine || null,
        groupBy: l.groupBy,
        limit: PAGE,
        cursor,
        ...l.query,
      },
      ctx.signal,
    );
  let page: SourceStats;
  try {
    page = await read(null);
  } catch (err) {
    area.replaceChildren(errorNotice(err));
    throw err;
  }
  if (page.data.length === 0) {
    area.replaceChildren(h('p', { class: 'empty' }, l.empty));
    return page;
  }
  const headers = [
    l.groupBy === 'url' ? 'Page' : 'Site',
    ...(l.competitorColumn ? ['Competitor'] : []),
    'Type',
    ...(l.groupBy === 'url' ? ['Kind'] : []),
    'Answers',
    'Share',
    'Prompts',
    'Seen',
  ];
  const top = page.data[0]!.share ?? 0;
  const row = (r: SourceStat): Child[] => [
    l.groupBy === 'url' ? externalLink(r.url) : r.domain,
    ...(l.competitorColumn ? [r.competitor ?? '—'] : []),
    TYPE_LABELS[r.type],
    ...(l.groupBy === 'url' ? [r.pageKind === null ? '—' : PAGE_KIND_LABELS[r.pageKind]] : []),
    r.answers.toLocaleString(),
    shareCell(r.share, top),
    r.prompts.toLocaleString(),
    seenCell(r, period),
  ];
  const caption = `${l.title}, ${l.groupBy === 'url' ? 'pages' : 'domains'} most cited first`;
  const table = cardTable(caption, headers, page.data.map(row), 'sources');
  const more = moreRows({
    table,
    headers,
    row,
    cursor: page.nextCursor,
    size: PAGE,
    read,
    errors: area,
  });
  area.replaceChildren(table, more);
  return page;
}

/** The share of citing answers, with a bar scaled to the list's largest share so small shares still show. */
function shareCell(share: number | null, top: number): HTMLElement {
  const fill = h('span', { class: 'bar-fill series-0' });
  setBarWidth(fill, top > 0 && share !== null ? share / top : 0);
  return h(
    'span',
    { class: 'share-cell' },
    h('span', { class: 'mini-track', 'aria-hidden': 'true' }, fill),
    share !== null && share > 0 && share < 0.005 ? 'under 1%' : percent(share),
  );
}

/** Where in the period the source was seen, and whether it is new or has gone quiet. */
function seenCell(r: SourceStat, period: Period): HTMLElement {
  const t = sourceTrend(r.firstSeen, r.lastSeen, period);
  const fill = h('span', { class: 'span-fill' });
  setBarSpan(fill, t.start, t.end);
  return h(
    'span',
    { class: 'seen-cell' },
    h('span', { class: 'span-track', 'aria-hidden': 'true' }, fill),
    h('span', null, t.seen),
    t.status ? badge(t.status.text, t.status.kind === 'new' ? 'ok' : 'busy') : null,
  );
}
