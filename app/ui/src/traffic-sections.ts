/**
 * The Traffic page's tables, from the three traffic reads: the agents, the brand's pages with the citation join, and
 * the AI referrals, each a caption, headers and a row per item (the page adds the rows of further pages). Agent
 * names, engine names and page paths come from the brand's logs: they are untrusted and only ever set as text.
 */
import { h, type Child } from './dom.ts';
import type { CrawlerStats, PageStats, ReferralStats } from './types.ts';
import { cardTable } from './widgets.ts';

/** A table of a paged read: its caption, headers and how one item reads as a row. */
export interface TableSpec<T> {
  caption: string;
  headers: readonly string[];
  row: (item: T) => Child[];
  className: string;
}

type Purpose = CrawlerStats['data'][number]['purpose'];

export const PURPOSES: readonly { purpose: Purpose; label: string }[] = [
  { purpose: 'training', label: 'AI training' },
  { purpose: 'search', label: 'AI search' },
  { purpose: 'user', label: 'AI user' },
  { purpose: 'classic-search', label: 'Classic search' },
  { purpose: 'other-bot', label: 'Other bots' },
];

const purposeLabel = (p: Purpose) => PURPOSES.find((x) => x.purpose === p)?.label ?? p;
const count = (n: number) => n.toLocaleString();

/** A count's change against the period before, its direction in words as well as the arrow. */
export function countChange(delta: number): string {
  if (delta === 0) return 'no change';
  return delta > 0 ? `▲ +${count(delta)}` : `▼ −${count(-delta)}`;
}

const AGENT_HEADERS = [
  'Agent',
  'Operator',
  'Purpose',
  'Hits',
  'Verified',
  'Claimed',
  'Spoofed',
  'Pages',
  '2xx',
  '3xx',
  '4xx',
  '5xx',
  'Change',
];

/** The agents, most hits first: verification, pages and status classes beside the change. */
export const AGENTS: TableSpec<CrawlerStats['data'][number]> = {
  caption: 'Agents, most hits first',
  headers: AGENT_HEADERS,
  className: 'traffic-agents',
  row: (a) => [
    a.agent,
    a.operator ?? '—',
    purposeLabel(a.purpose),
    count(a.hits),
    count(a.verified),
    count(a.claimed),
    count(a.spoofed),
    count(a.pages),
    count(a.status['2xx']),
    count(a.status['3xx']),
    count(a.status['4xx']),
    count(a.status['5xx']),
    countChange(a.change),
  ],
};

const PAGE_HEADERS = [
  'Page',
  'Cited in answers',
  'AI search',
  'AI user',
  'AI training',
  'Classic search',
  'AI referrals',
  'AI errors',
  'Last status',
];

type PageStat = PageStats['data'][number];

/** Times cited in stored answers, and by which engines (the project's engine names where it has them). */
function citedCell(p: PageStat, engineLabels: ReadonlyMap<string, string>): Child {
  if (p.citations.answers === 0) return '0';
  const perEngine = [...p.citations.engines]
    .sort((a, b) => b.answers - a.answers)
    .map((e) => `${engineLabels.get(e.engineId) ?? e.engineId} ${count(e.answers)}`)
    .join(' · ');
  return [count(p.citations.answers), h('span', { class: 'hint traffic-engines-cited' }, perEngine)];
}

/** The brand's pages: how often answers cite each (per engine) beside what the agents fetched and got. */
export function pagesSpec(
  unreachable: boolean,
  engineLabels: ReadonlyMap<string, string>,
): TableSpec<PageStat> {
  return {
    caption: unreachable
      ? 'Pages that answered AI agents 4xx or 5xx, most errors first'
      : 'Pages cited or fetched, most AI fetches first',
    headers: PAGE_HEADERS,
    className: 'traffic-pages',
    row: (p) => [
      p.page,
      citedCell(p, engineLabels),
      count(p.fetches.search),
      count(p.fetches.user),
      count(p.fetches.training),
      count(p.fetches.classicSearch),
      count(p.referrals),
      count(p.aiErrors),
      p.lastStatus.length === 0 ? '—' : p.lastStatus.map((s) => `${s.agent} ${s.statusClass}`).join(', '),
    ],
  };
}

/** Landing pages of AI-referred visits, most visits first, with the engines they came from. */
export const LANDING: TableSpec<ReferralStats['data'][number]> = {
  caption: 'Landing pages, most visits first',
  headers: ['Landing page', 'Visits', 'Engines'],
  className: 'traffic-landing',
  row: (p) => [p.page, count(p.visits), p.engines.map((e) => `${e.engine} ${count(e.visits)}`).join(', ')],
};

/** AI referrals: the total, and per engine with its change. */
export function referralEngines(stats: ReferralStats): HTMLElement {
  return h(
    'div',
    null,
    h(
      'p',
      { class: 'total' },
      `${count(stats.visits)} visits from AI answers (${countChange(stats.change)}).`,
    ),
    cardTable(
      'Visits per AI engine, most first',
      ['Engine', 'Visits', 'Change'],
      stats.engines.map((e) => [e.engine, count(e.visits), countChange(e.change)]),
      'traffic-engines',
    ),
  );
}
