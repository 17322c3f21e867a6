/**
 * What the last completed crawl found, as the Site page shows it: the findings by type with their pages, the AI
 * agents robots.txt lets in, and llms.txt. URLs and details come from the website and from answers: text only, and
 * a page is a link only when it is http(s).
 */
import { externalLink, h, type Child } from './dom.ts';
import { plural } from './format.ts';
import { projectHref } from './router.ts';
import { FINDING_LABELS, FINDING_TYPES, PURPOSE_LABELS } from './site-text.ts';
import type { SiteFinding, SiteStatus } from './types.ts';
import { badge, cardTable } from './widgets.ts';

/** Pages listed under one finding before "and N more" (the pages list filters by finding for all of them). */
const LISTED = 10;

function pageList(pages: readonly string[], count: number): Child {
  const shown = pages.slice(0, LISTED);
  const more = count - shown.length;
  return [
    h('ul', { class: 'site-urls' }, ...shown.map((url) => h('li', null, externalLink(url)))),
    more > 0 ? h('p', { class: 'hint' }, `and ${plural(more, 'more page')}`) : null,
  ];
}

function findingItem(f: SiteFinding): HTMLElement {
  const about = [f.agent, f.detail].filter((x): x is string => Boolean(x)).join(': ');
  return h(
    'li',
    { class: 'site-finding' },
    h('p', { class: 'meta' }, about ? `${about} · ` : '', plural(f.count, 'page')),
    pageList(f.pages, f.count),
  );
}

/**
 * Each type with its findings, the types without one left out; empty when the crawl found nothing. Each type links
 * to the pages list filtered to it, where all its pages are.
 */
export function findingsByType(projectId: string, status: SiteStatus): HTMLElement {
  const found = FINDING_TYPES.filter((t) => status.findingCounts[t] > 0);
  if (found.length === 0) return h('p', { class: 'empty' }, 'No finding: nothing to fix on the pages read.');
  return h(
    'div',
    { class: 'site-findings' },
    ...found.map((type) =>
      h(
        'section',
        { class: 'site-finding-type', 'aria-label': FINDING_LABELS[type].title },
        h(
          'h3',
          null,
          FINDING_LABELS[type].title,
          ' ',
          badge(plural(status.findingCounts[type], 'page'), 'bad'),
        ),
        h('p', { class: 'hint' }, FINDING_LABELS[type].description),
        h(
          'ul',
          { class: 'site-finding-list' },
          ...status.findings.filter((f) => f.type === type).map(findingItem),
        ),
        h(
          'a',
          { href: projectHref(projectId, 'site', new URLSearchParams({ finding: type })) },
          `List these pages (${FINDING_LABELS[type].title})`,
        ),
      ),
    ),
  );
}

const AGENT_HEADERS = ['Agent', 'Operator', 'Purpose', 'Home page', 'Cited pages it may not read'];

export function agentTable(status: SiteStatus): HTMLElement {
  if (status.agents.length === 0) return h('p', { class: 'empty' }, 'No robots.txt read yet.');
  return cardTable(
    'Which AI agents robots.txt lets read the home page and the pages engines cite',
    AGENT_HEADERS,
    status.agents.map((a) => [
      a.agent,
      a.operator,
      PURPOSE_LABELS[a.purpose],
      a.home ? badge('Allowed', 'ok') : badge('Blocked', 'bad'),
      a.blockedCited.length === 0 ? 'None' : pageList(a.blockedCited, a.blockedCited.length),
    ]),
    'site-agents',
  );
}

export function llmsTxtLine(status: SiteStatus): HTMLElement {
  const l = status.llmsTxt;
  if (!l) return h('p', { class: 'meta' }, 'llms.txt: not read yet.');
  return h(
    'p',
    { class: 'site-llms' },
    'llms.txt: ',
    l.present ? badge('Present', 'ok') : badge('Not found', 'busy'),
    ' ',
    externalLink(l.url),
    l.status === null ? ' (no answer)' : ` (HTTP ${l.status})`,
  );
}
