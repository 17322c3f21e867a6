/**
 * Site: what the project's own website tells the AI engines, from the host computer's crawl (weekly, or "Crawl
 * now"): the crawl's state, the findings by type with their pages, which AI agents robots.txt lets in, llms.txt,
 * and the pages read with how often answers cite them. Everything the website wrote is shown as text.
 */
import { api, ApiError, seg } from './api.ts';
import { button, h, loading, notice } from './dom.ts';
import type { ProjectContext } from './page.ts';
import { writeControls } from './permissions.ts';
import { crawlActive, crawlState } from './site-crawl-state.ts';
import { drawPages } from './site-pages.ts';
import { agentTable, findingsByType, llmsTxtLine } from './site-sections.ts';
import { engineLabels, getEngines } from './state.ts';
import type { SiteCrawl, SiteStatus } from './types.ts';
import { announce, errorNotice, pageHeader, poll, section } from './widgets.ts';

/** How often the page looks at a crawl in progress. */
const FOLLOW_MS = 2000;

export async function renderSite(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Site · ${ctx.project.name}`);
  const path = `/projects/${seg(ctx.projectId)}/site`;
  const stateArea = h('div', null, loading());
  const crawlStatus = h('div', { class: 'form-status' });
  const findingsArea = h('div');
  const agentsArea = h('div');
  const pagesArea = h('div');
  const crawlNow = button('Crawl now', () => void requestCrawl(), { class: 'primary' });
  ctx.view.append(
    pageHeader(
      'Site',
      'What your own website tells the AI engines: which AI agents may read it, whether the pages engines cite still work, and which pages need fixing. Your host computer crawls it weekly.',
    ),
    section('Crawl', stateArea, h('div', { class: 'actions' }, ...writeControls(crawlNow)), crawlStatus),
    section('Findings', findingsArea),
    section('AI agents', agentsArea),
    section('Pages', pagesArea),
  );
  const labels = engineLabels(await getEngines(ctx.projectId));
  let following = false;

  const drawState = (s: SiteStatus) => {
    stateArea.replaceChildren(crawlState(s));
    crawlNow.disabled = crawlActive(s);
  };
  const drawResults = async (s: SiteStatus) => {
    const crawled = s.crawledAt !== null;
    const none = () => h('p', { class: 'empty' }, 'No crawl has completed yet.');
    findingsArea.replaceChildren(crawled ? findingsByType(ctx.projectId, s) : none());
    agentsArea.replaceChildren(llmsTxtLine(s), crawled ? agentTable(s) : none());
    if (crawled) await drawPages(ctx, pagesArea, labels);
    else pagesArea.replaceChildren(none());
  };
  const read = () => api.get<SiteStatus>(path, undefined, ctx.signal);

  /** While a crawl is in progress the state is read again until it ends; then the results are drawn anew. */
  const follow = () => {
    if (following) return;
    following = true;
    poll(FOLLOW_MS, ctx.signal, async () => {
      const s = await read();
      drawState(s);
      if (crawlActive(s)) return true;
      following = false;
      announce(`The crawl ended: ${s.state.replaceAll('_', ' ')}.`);
      await drawResults(s);
      return false;
    });
  };

  async function requestCrawl() {
    crawlStatus.replaceChildren();
    crawlNow.disabled = true;
    try {
      const crawl = await api.post<SiteCrawl>(`${path}/crawl`);
      announce(crawl.warning ?? 'Crawl requested.');
    } catch (err) {
      // A crawl already going, or no host computer: the service's sentence says which, and what to do.
      crawlStatus.replaceChildren(
        err instanceof ApiError && err.status === 409 ? notice('error', err.detail) : errorNotice(err),
      );
    }
    try {
      const s = await read();
      drawState(s);
      if (crawlActive(s)) follow();
    } catch (err) {
      crawlStatus.append(errorNotice(err));
      crawlNow.disabled = false;
    }
  }

  let status: SiteStatus;
  try {
    status = await read();
  } catch (err) {
    stateArea.replaceChildren(errorNotice(err));
    return;
  }
  drawState(status);
  await drawResults(status);
  if (crawlActive(status)) follow();
}
