/**
 * The Traffic page's tables, from the three traffic reads: crawler hits per day or week by purpose, the agents, the
 * brand's pages with the citation join, and the AI referrals. Agent names, engine names and page paths come from
 * the brand's logs: they are untrusted and only ever set as text.
 */
import { h, type Child } from './dom.ts';
import type { CrawlerStats, PageStats, ReferralStats } from './types.ts';
import { cardTable } from './widgets.ts';

type Purpose = CrawlerStats['data'][number]['purpose'];

const PURPOSES: readonly { purpose: Purpose; label: string }[] = [
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

/** Crawler hits per day or week (one row each, oldest first) by purpose. */
export function crawlersOverTime(stats: CrawlerStats): HTMLElement {
  const periods = new Map<string, { label: string; hits: Map<Purpose, number> }>();
  for (const agent of stats.data) {
    for (const point of agent.series) {
      let row = periods.get(point.period);
      if (!row) {
        const label = point.from === point.to ? point.from : `${point.period} (${point.from} – ${point.to})`;
        row = { label, hits: new Map() };
        periods.set(point.period, row);
      }
      row.hits.set(agent.purpose, (row.hits.get(agent.purpose) ?? 0) + point.hits);
    }
  }
  const headers = [stats.interval === 'week' ? 'Week' : 'Day', ...PURPOSES.map((p) => p.label)];
  const rows = [...periods.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, row]) => [row.label, ...PURPOSES.map((p) => count(row.hits.get(p.purpose) ?? 0))]);
  return cardTable(`Crawler hits per ${stats.interval} by purpose (spoofed hits left out)`, headers, rows);
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
export function agentsTable(stats: CrawlerStats): HTMLElement {
  const rows = stats.data.map((a): Child[] => [
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
  ]);
  return cardTable('Agents, most hits first', AGENT_HEADERS, rows, 'traffic-agents');
}

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

/** The brand's pages: how often answers cite each beside what the agents fetched and got. */
export function pagesTable(stats: PageStats, unreachable: boolean): HTMLElement {
  const rows = stats.data.map((p): Child[] => [
    p.page,
    count(p.citations.answers),
    count(p.fetches.search),
    count(p.fetches.user),
    count(p.fetches.training),
    count(p.fetches.classicSearch),
    count(p.referrals),
    count(p.aiErrors),
    p.lastStatus.length === 0 ? '—' : p.lastStatus.map((s) => `${s.agent} ${s.statusClass}`).join(', '),
  ]);
  const caption = unreachable
    ? 'Pages that answered AI agents 4xx or 5xx, most errors first'
    : 'Pages cited or fetched, most AI fetches first';
  return cardTable(caption, PAGE_HEADERS, rows, 'traffic-pages');
}

/** AI referrals: per engine with its change, and per landing page. */
export function referralTables(stats: ReferralStats): HTMLElement {
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
    cardTable(
      'Landing pages, most visits first',
      ['Landing page', 'Visits', 'Engines'],
      stats.data.map((p) => [
        p.page,
        count(p.visits),
        p.engines.map((e) => `${e.engine} ${count(e.visits)}`).join(', '),
      ]),
      'traffic-landing',
    ),
  );
}
