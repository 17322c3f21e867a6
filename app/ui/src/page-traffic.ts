/**
 * Traffic: what the brand's own access logs say (imported with `answerwatch traffic import` or sent by a log
 * shipper): AI crawlers over time by purpose, the agents with their verification and status classes, the brand's
 * pages with how often answers cite them and whether AI agents can reach them, and the visits AI answers send.
 */
import { api, seg, type Query } from './api.ts';
import { checkbox, h, loading } from './dom.ts';
import { choiceToolbar, chosen, periodChoice, periodOf } from './insight-toolbar.ts';
import { moreRows } from './more-rows.ts';
import type { ProjectContext } from './page.ts';
import { projectHref } from './router.ts';
import { engineLabels, getEngines } from './state.ts';
import { crawlerChart, referralChart } from './traffic-charts.ts';
import { AGENTS, LANDING, pagesSpec, referralEngines, type TableSpec } from './traffic-sections.ts';
import type { CrawlerStats, PageStats, ReferralStats } from './types.ts';
import { cardTable, errorNotice, pageHeader, section } from './widgets.ts';

const INTERVALS = [
  { value: 'day', label: 'Per day' },
  { value: 'week', label: 'Per week' },
];
/** Agents read at once: the reads' largest page, so the chart by purpose has every agent of the table. */
const AGENT_ROWS = 200;
/** Rows of the pages and landing pages shown at first and added by each "Show more". */
const ROWS = 50;

export async function renderTraffic(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Traffic · ${ctx.project.name}`);
  const period = periodOf(ctx.query);
  const interval = chosen(ctx.query, 'interval', INTERVALS);
  const unreachable = ctx.query.get('problem') === 'unreachable';
  const area = h('div', null, loading());
  ctx.view.append(
    pageHeader(
      'Traffic',
      "Who reads your site for the AI engines and who arrives from their answers, from your web server's access logs.",
    ),
    choiceToolbar(ctx, 'traffic', [
      periodChoice(period),
      { name: 'interval', label: 'Interval', options: INTERVALS, value: interval },
    ]),
    area,
  );
  const path = `/projects/${seg(ctx.projectId)}/stats`;
  const range = { from: period.from, to: period.to };
  const crawlersQuery = { ...range, interval, limit: AGENT_ROWS };
  const referralsQuery = { ...range, interval, limit: ROWS };
  const pagesQuery = { ...range, limit: ROWS, problem: unreachable ? 'unreachable' : null };
  const read =
    <T>(what: string, query: Query) =>
    (cursor: string | null = null) =>
      api.get<T>(`${path}/${what}`, { ...query, cursor }, ctx.signal);
  const readCrawlers = read<CrawlerStats>('crawlers', crawlersQuery);
  const readReferrals = read<ReferralStats>('referrals', referralsQuery);
  const readPages = read<PageStats>('pages', pagesQuery);
  let crawlers: CrawlerStats, referrals: ReferralStats, pages: PageStats, labels: Map<string, string>;
  try {
    [crawlers, referrals, pages, labels] = await Promise.all([
      readCrawlers(),
      readReferrals(),
      readPages(),
      getEngines(ctx.projectId).then(engineLabels),
    ]);
  } catch (err) {
    area.replaceChildren(errorNotice(err));
    return;
  }
  if (crawlers.data.length === 0 && referrals.visits === 0 && !unreachable) {
    area.replaceChildren(emptyState(ctx, period.from, period.to));
    return;
  }
  area.replaceChildren(
    section('Crawlers over time', crawlerChart(crawlers)),
    section('Agents', pagedTable(AGENTS, crawlers, readCrawlers, AGENT_ROWS)),
    section(
      'Pages',
      unreachableToggle(ctx, unreachable),
      pages.data.length > 0
        ? pagedTable(pagesSpec(unreachable, labels), pages, readPages, ROWS)
        : noPages(unreachable),
    ),
    section(
      'AI referrals',
      referralChart(referrals),
      referralEngines(referrals),
      referrals.data.length > 0 ? pagedTable(LANDING, referrals, readReferrals, ROWS) : '',
    ),
  );
}

/** A table of a read's first page, and its further pages on request. */
function pagedTable<T>(
  spec: TableSpec<T>,
  first: { data: T[]; nextCursor: string | null },
  read: (cursor: string) => Promise<{ data: T[]; nextCursor: string | null }>,
  size: number,
): HTMLElement {
  const table = cardTable(spec.caption, spec.headers, first.data.map(spec.row), spec.className);
  const wrap = h('div', null, table);
  wrap.append(moreRows({ ...spec, table, cursor: first.nextCursor, size, read, errors: wrap }));
  return wrap;
}

function noPages(unreachable: boolean): HTMLElement {
  return h(
    'p',
    { class: 'empty' },
    unreachable
      ? 'No page answered an AI agent 4xx or 5xx in this period.'
      : 'No page was cited or fetched in this period.',
  );
}

/** Only the pages AI agents could not reach; kept in the address with the other choices. */
function unreachableToggle(ctx: ProjectContext, on: boolean): HTMLElement {
  const { wrap, box } = checkbox('Only pages unreachable to AI agents (4xx or 5xx)', on, {
    name: 'problem',
  });
  box.addEventListener('change', () => {
    const q = new URLSearchParams(ctx.query);
    if (box.checked) q.set('problem', 'unreachable');
    else q.delete('problem');
    ctx.navigate(projectHref(ctx.projectId, 'traffic', q));
  });
  return h('div', { class: 'toolbar' }, wrap);
}

function emptyState(ctx: ProjectContext, from: string, to: string): HTMLElement {
  return h(
    'div',
    { class: 'empty traffic-howto' },
    h('p', null, `No crawler hits or AI referrals between ${from} and ${to}.`),
    h(
      'p',
      null,
      'Import your web server’s access logs (nginx or Apache combined, or JSON lines; plain or gzip):',
    ),
    h('pre', null, h('code', null, `npx answerwatch traffic import --project ${ctx.projectId} access.log`)),
    h(
      'p',
      null,
      'or have a log shipper (Vector, Fluent Bit, Logstash) send them to the API: POST ',
      h('code', null, `/v1/projects/${ctx.projectId}/traffic`),
      ' with a key of scope ',
      h('code', null, 'traffic:write'),
      '.',
    ),
  );
}
