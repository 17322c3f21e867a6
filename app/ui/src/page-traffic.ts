/**
 * Traffic: what the brand's own access logs say (imported with `answerwatch traffic import` or sent by a log
 * shipper): AI crawlers over time by purpose, the agents with their verification and status classes, the brand's
 * pages with how often answers cite them and whether AI agents can reach them, and the visits AI answers send.
 */
import { api, seg } from './api.ts';
import { checkbox, h, loading } from './dom.ts';
import { choiceToolbar, chosen, periodChoice, periodOf } from './insight-toolbar.ts';
import type { ProjectContext } from './page.ts';
import { projectHref } from './router.ts';
import { agentsTable, crawlersOverTime, pagesTable, referralTables } from './traffic-sections.ts';
import type { CrawlerStats, PageStats, ReferralStats } from './types.ts';
import { errorNotice, pageHeader, section } from './widgets.ts';

const INTERVALS = [
  { value: 'day', label: 'Per day' },
  { value: 'week', label: 'Per week' },
];
/** Rows a table shows: the reads' largest page. */
const ROWS = 200;

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
  const range = { from: period.from, to: period.to, limit: ROWS };
  let crawlers: CrawlerStats, referrals: ReferralStats, pages: PageStats;
  try {
    [crawlers, referrals, pages] = await Promise.all([
      api.get<CrawlerStats>(`${path}/crawlers`, { ...range, interval }, ctx.signal),
      api.get<ReferralStats>(`${path}/referrals`, { ...range, interval }, ctx.signal),
      api.get<PageStats>(
        `${path}/pages`,
        { ...range, problem: unreachable ? 'unreachable' : null },
        ctx.signal,
      ),
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
    section('Crawlers over time', crawlersOverTime(crawlers)),
    section('Agents', agentsTable(crawlers)),
    section('Pages', unreachableToggle(ctx, unreachable), pagesArea(pages, unreachable)),
    section('AI referrals', referralTables(referrals)),
  );
}

function pagesArea(pages: PageStats, unreachable: boolean): HTMLElement {
  if (pages.data.length > 0) return pagesTable(pages, unreachable);
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
