/** The project's pages beside the page shown: grouped links on a desk, one menu button on a phone. */
import { h } from './dom.ts';
import { icon } from './icons.ts';
import { projectHref, type ProjectPage, type Route } from './router.ts';

const PAGE_LABELS: Record<ProjectPage, string> = {
  overview: 'Overview',
  actions: 'Actions',
  prompts: 'Prompts',
  sources: 'Sources',
  queries: 'Queries',
  site: 'Site',
  traffic: 'Traffic',
  surfaces: 'API vs app',
  answers: 'Answers',
  alerts: 'Alerts',
  setup: 'Setup',
  runs: 'Runs',
  engines: 'Engines',
  webhooks: 'Webhooks',
  exports: 'Exports',
  reports: 'Reports',
};

/**
 * The project's pages in three groups: what the engines say, what is tracked and run, and what leaves the app.
 * A page is one entry in PROJECT_PAGES (router.ts), PAGE_LABELS and a group here, and PAGES (main.ts).
 */
const NAV_GROUPS: { label: string; pages: ProjectPage[] }[] = [
  {
    label: 'Results',
    pages: [
      'overview',
      'actions',
      'prompts',
      'sources',
      'queries',
      'site',
      'traffic',
      'surfaces',
      'answers',
      'alerts',
    ],
  },
  { label: 'Tracking', pages: ['setup', 'runs', 'engines'] },
  { label: 'Connect', pages: ['reports', 'webhooks', 'exports'] },
];

export function drawProjectNav(projectNav: HTMLElement, route: Route, projectName: string | null): void {
  if (route.name !== 'project' && route.name !== 'answer' && route.name !== 'setup') {
    projectNav.hidden = true;
    projectNav.replaceChildren();
    return;
  }
  const current: ProjectPage =
    route.name === 'answer' ? 'answers' : route.name === 'setup' ? 'setup' : route.page;
  projectNav.hidden = false;
  // On a phone the pages fold into one menu button naming the current page; on a desk they are always listed.
  const panelId = 'project-pages';
  const toggle = h(
    'button',
    { type: 'button', class: 'nav-toggle', 'aria-expanded': 'false', 'aria-controls': panelId },
    icon('menu'),
    h(
      'span',
      { class: 'nav-toggle-text' },
      h('span', { class: 'visually-hidden' }, 'Pages: '),
      PAGE_LABELS[current],
    ),
  );
  const panel = h(
    'div',
    { class: 'nav-panel', id: panelId },
    ...NAV_GROUPS.map((group) =>
      h(
        'div',
        { class: 'nav-group' },
        h('p', { class: 'nav-group-label', 'aria-hidden': 'true' }, group.label),
        h(
          'ul',
          { 'aria-label': group.label },
          ...group.pages.map((page) =>
            h(
              'li',
              null,
              h(
                'a',
                {
                  href: projectHref(route.projectId, page),
                  ...(page === current && { 'aria-current': 'page' }),
                },
                icon(page),
                PAGE_LABELS[page],
              ),
            ),
          ),
        ),
      ),
    ),
  );
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    panel.classList.toggle('open', open);
  });
  projectNav.replaceChildren(
    h('div', { class: 'nav-head' }, h('p', { class: 'project-name' }, projectName ?? 'Project'), toggle),
    panel,
  );
}
