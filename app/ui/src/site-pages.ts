/**
 * The pages the last completed crawl read, filtered by cited, finding or status from the address (so a filtered list
 * can be shared), paged with the API's cursor, each with how often answers cite it per engine. Titles and URLs come
 * from the website: text only.
 */
import { api, seg } from './api.ts';
import { externalLink, h, loading, type Child } from './dom.ts';
import { plural } from './format.ts';
import { choiceToolbar, chosen, type Choice } from './insight-toolbar.ts';
import { moreRows } from './more-rows.ts';
import type { ProjectContext } from './page.ts';
import { FINDING_LABELS, FINDING_TYPES } from './site-text.ts';
import type { Page, SitePage } from './types.ts';
import { cardTable, errorNotice } from './widgets.ts';

const PAGE = 25;
const STATUSES = ['200', '301', '302', '307', '308', '401', '403', '404', '410', '429', '500', '502', '503'];
const HEADERS = ['Page', 'Status', 'Findings', 'Cited by answers', 'Words'];

export function pageFilters(query: URLSearchParams): Choice[] {
  const cited = [
    { value: '', label: 'All pages' },
    { value: 'true', label: 'Cited by answers' },
    { value: 'false', label: 'Not cited' },
  ];
  const finding = [
    { value: '', label: 'Any or none' },
    ...FINDING_TYPES.map((t) => ({ value: t, label: FINDING_LABELS[t].title })),
  ];
  const status = [{ value: '', label: 'Any status' }, ...STATUSES.map((s) => ({ value: s, label: s }))];
  return [
    { name: 'cited', label: 'Cited', options: cited, value: chosen(query, 'cited', cited) },
    { name: 'finding', label: 'Finding', options: finding, value: chosen(query, 'finding', finding) },
    { name: 'status', label: 'Status', options: status, value: chosen(query, 'status', status) },
  ];
}

function pageCell(p: SitePage): Child {
  return h(
    'span',
    { class: 'site-page' },
    h('span', { class: 'site-page-title' }, p.title ?? '(no title)'),
    externalLink(p.url),
    p.redirectedTo ? h('span', { class: 'hint' }, 'Redirects to ', externalLink(p.redirectedTo)) : null,
  );
}

function citedCell(p: SitePage, engineLabels: ReadonlyMap<string, string>): Child {
  if (p.citations.total === 0) return 'Not cited';
  const perEngine = Object.entries(p.citations.engines)
    .sort((a, b) => b[1] - a[1])
    .map(([id, n]) => `${engineLabels.get(id) ?? id} ${n}`)
    .join(' · ');
  return [plural(p.citations.total, 'answer'), h('span', { class: 'hint site-engines' }, perEngine)];
}

const row = (p: SitePage, engineLabels: ReadonlyMap<string, string>): Child[] => [
  pageCell(p),
  p.status === null ? (p.errorMessage ?? p.error ?? 'No answer') : String(p.status),
  p.findings.length === 0 ? '—' : p.findings.map((t) => FINDING_LABELS[t].title).join(', '),
  citedCell(p, engineLabels),
  p.wordsRendered === null
    ? p.wordsHtml.toLocaleString()
    : `${p.wordsHtml.toLocaleString()} (rendered ${p.wordsRendered.toLocaleString()})`,
];

/** The filters and the first page of the list into `area`, more on request. */
export async function drawPages(
  ctx: ProjectContext,
  area: HTMLElement,
  engineLabels: ReadonlyMap<string, string>,
): Promise<void> {
  const filters = pageFilters(ctx.query);
  const list = h('div', null, loading('Loading pages…'));
  area.replaceChildren(choiceToolbar(ctx, 'site', filters), list);
  const query = Object.fromEntries(filters.map((f) => [f.name, f.value]));
  const read = (cursor: string | null) =>
    api.get<Page<SitePage>>(
      `/projects/${seg(ctx.projectId)}/site/pages`,
      { ...query, limit: PAGE, cursor },
      ctx.signal,
    );
  let first: Page<SitePage>;
  try {
    first = await read(null);
  } catch (err) {
    list.replaceChildren(errorNotice(err));
    return;
  }
  if (first.data.length === 0) {
    list.replaceChildren(h('p', { class: 'empty' }, 'No page read matches these filters.'));
    return;
  }
  const table = cardTable(
    'Pages read, by address',
    HEADERS,
    first.data.map((p) => row(p, engineLabels)),
    'site-pages',
  );
  const more = moreRows({
    table,
    headers: HEADERS,
    row: (p: SitePage) => row(p, engineLabels),
    cursor: first.nextCursor ?? null,
    size: PAGE,
    read: async (cursor) => {
      const next = await read(cursor);
      return { data: next.data, nextCursor: next.nextCursor ?? null };
    },
    errors: list,
  });
  list.replaceChildren(table, more);
}
