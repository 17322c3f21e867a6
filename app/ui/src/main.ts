/**
 * The web UI: on `answerwatch start` it reads the owner token from the address; on the cloud service it works as
 * the person signed in (the session cookie), or shows the sign-in page. It picks the account, draws the shell
 * (header, navigation, main) and renders the page of the hash route.
 */
import { configureApi, local, signedInAsPerson } from './api.ts';
import { listenToDesktop } from './desktop.ts';
import { button, h, select, withCode } from './dom.ts';
import { icon } from './icons.ts';
import type { PageContext, ProjectContext } from './page.ts';
import { renderAnswer } from './page-answer.ts';
import { renderAnswers } from './page-answers.ts';
import { renderEngines } from './page-engines.ts';
import { renderProjects } from './page-projects.ts';
import { renderRuns } from './page-runs.ts';
import { renderSetup, renderSetupSection } from './page-setup.ts';
import { showUnseenAlerts } from './nav-alerts.ts';
import { drawProjectNav } from './project-nav.ts';
import { parseRoute, projectHref, type ProjectPage } from './router.ts';
import { holdScopes } from './permissions.ts';
import { rememberAccount, takeSession } from './session.ts';
import { getProject, resetCaches, state } from './state.ts';
import type { LocalAccount, Page } from './types.ts';
import { errorNotice, setLiveRegion, takeFlash } from './widgets.ts';

const PAGES: Record<ProjectPage, (ctx: ProjectContext) => Promise<void>> = {
  // The charts library loads with the page that draws charts, not with the app; so do the insight pages.
  overview: async (ctx) => (await import('./page-overview.ts')).renderOverview(ctx),
  actions: async (ctx) => (await import('./page-actions.ts')).renderActions(ctx),
  prompts: async (ctx) => (await import('./page-prompts.ts')).renderPromptGrid(ctx),
  sources: async (ctx) => (await import('./page-sources.ts')).renderSources(ctx),
  queries: async (ctx) => (await import('./page-queries.ts')).renderQueries(ctx),
  site: async (ctx) => (await import('./page-site.ts')).renderSite(ctx),
  traffic: async (ctx) => (await import('./page-traffic.ts')).renderTraffic(ctx),
  surfaces: async (ctx) => (await import('./page-surfaces.ts')).renderSurfaces(ctx),
  answers: renderAnswers,
  alerts: async (ctx) => (await import('./page-alerts.ts')).renderAlerts(ctx),
  setup: renderSetup,
  runs: renderRuns,
  engines: renderEngines,
  webhooks: async (ctx) => (await import('./page-webhooks.ts')).renderWebhooks(ctx),
  exports: async (ctx) => (await import('./page-exports.ts')).renderExports(ctx),
  reports: async (ctx) => (await import('./page-reports.ts')).renderReports(ctx),
};

const root = document.getElementById('app')!;
const main = h('main', { id: 'main', tabindex: '-1' });
const projectNav = h('nav', { class: 'project-nav', 'aria-label': 'Project' });
const accountSlot = h('div', { class: 'account' });
const live = h('div', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
let controller: AbortController | null = null;
let firstRender = true;

function shell(): void {
  const skip = button('Skip to content', () => main.focus(), { class: 'skip-link' });
  const topNav = h(
    'nav',
    { class: 'top-nav', 'aria-label': 'Main' },
    h(
      'ul',
      null,
      h('li', null, h('a', { href: '#/' }, icon('projects'), 'Projects')),
      h('li', null, h('a', { href: '#/settings' }, icon('settings'), 'Settings')),
      // Cloud is the local owner's (/local/v1): not offered to a person of the cloud service.
      signedInAsPerson() ? null : h('li', null, h('a', { href: '#/cloud' }, icon('sources'), 'Cloud')),
    ),
  );
  root.replaceChildren(
    skip,
    h(
      'header',
      { class: 'topbar' },
      h('a', { class: 'brand', href: '#/' }, icon('logo', 'brand-mark'), 'Answerwatch'),
      topNav,
      accountSlot,
    ),
    h('div', { class: 'layout' }, projectNav, main),
    live,
  );
  setLiveRegion(live);
}

function drawAccounts(): void {
  const accounts = state.accounts;
  const name = (a: LocalAccount) => `${a.name || a.id} (${a.plan})`;
  if (accounts.length <= 1) {
    const a = accounts[0];
    accountSlot.replaceChildren(a ? h('span', { class: 'account-name' }, 'Account: ', name(a)) : '');
    return;
  }
  const picker = select(
    accounts.map((a) => ({ value: a.id, label: name(a) })),
    state.accountId ?? undefined,
    { id: 'account-picker' },
  );
  picker.addEventListener('change', () => chooseAccount(picker.value, true));
  accountSlot.replaceChildren(h('label', { for: 'account-picker' }, 'Account'), ' ', picker);
}

function chooseAccount(accountId: string, navigate: boolean): void {
  state.accountId = accountId;
  rememberAccount(sessionStorage, accountId);
  configureApi(tokenOf(), accountId);
  resetCaches();
  if (navigate) {
    if (location.hash === '#/') void route();
    else location.hash = '#/';
  }
}

let token: string | null = null;
const tokenOf = () => token;
/** Set once the tab has its token and account: from then on the hash is the page to show. */
let routing = false;

async function route(): Promise<void> {
  controller?.abort();
  const ctl = new AbortController();
  controller = ctl;
  const view = h('div', { class: 'view' });
  const spinner = h('p', { class: 'loading', role: 'status' }, 'Loading…');
  main.replaceChildren(view, spinner);
  // Marks the page as still drawing, for screen readers and for anything waiting until the page is whole.
  main.setAttribute('aria-busy', 'true');
  const flash = takeFlash();
  if (flash) main.prepend(flash);
  const r = parseRoute(location.hash);
  const base: PageContext = {
    view,
    signal: ctl.signal,
    query: r.name === 'project' ? r.query : new URLSearchParams(),
    setTitle: (title) => (document.title = `${title} · Answerwatch`),
    navigate: (hash) => {
      if (location.hash === hash) void route();
      else location.hash = hash;
    },
  };
  let counting: Promise<void> | null = null;
  try {
    if (r.name === 'your-sign-in' && signedInAsPerson()) {
      drawProjectNav(projectNav, r, null);
      // Through the person's mode, loaded already: start's own script stays as it was.
      await (await import('./person-mode.ts')).renderYourSignIn(base);
    } else if (r.name === 'cloud' && !signedInAsPerson()) {
      // Before any account: a computer may serve only a cloud account.
      drawProjectNav(projectNav, r, null);
      await (await import('./page-cloud.ts')).renderCloud(base);
    } else if (!state.accountId && signedInAsPerson()) {
      drawProjectNav(projectNav, r, null);
      base.setTitle('No account');
      view.append(
        h('h1', { tabindex: '-1' }, 'You are in no account yet'),
        h(
          'p',
          null,
          'If you were invited, open the link in the invitation mail again to join the account; otherwise ask the owner or an admin of an account to invite you.',
        ),
      );
    } else if (!state.accountId) {
      drawProjectNav(projectNav, r, null);
      // A fresh machine: the first run, loaded only then.
      await (await import('./page-welcome.ts')).renderWelcome(base, welcomed);
    } else if (r.name === 'projects') {
      drawProjectNav(projectNav, r, null);
      await renderProjects(base);
    } else if (r.name === 'settings') {
      drawProjectNav(projectNav, r, null);
      // The account's administration loads when opened, as the insight pages do.
      await (await import('./page-settings.ts')).renderSettings(base, r.section);
    } else if (r.name === 'project' || r.name === 'answer' || r.name === 'setup') {
      drawProjectNav(projectNav, r, null);
      const project = await getProject(r.projectId);
      if (ctl.signal.aborted) return;
      drawProjectNav(projectNav, r, project.name);
      // Drawn beside the page, and part of it: the page counts as whole once the count is in.
      if (r.name !== 'project' || r.page !== 'alerts')
        counting = showUnseenAlerts(projectNav, r.projectId, ctl.signal);
      const ctx: ProjectContext = { ...base, projectId: r.projectId, project };
      if (r.name === 'answer') await renderAnswer(ctx, r.answerId);
      else if (r.name === 'setup') await renderSetupSection(ctx, r.section);
      else await PAGES[r.page](ctx);
    } else {
      drawProjectNav(projectNav, r, null);
      base.setTitle('Not found');
      view.append(
        h('h1', { tabindex: '-1' }, 'Page not found'),
        h('p', null, h('a', { href: '#/' }, 'Back to the projects')),
      );
    }
  } catch (err) {
    if (ctl.signal.aborted) return;
    view.replaceChildren(
      h('h1', { tabindex: '-1' }, 'Something went wrong'),
      errorNotice(err),
      h('p', null, h('a', { href: '#/' }, 'Back to the projects')),
    );
  }
  await counting;
  spinner.remove();
  if (!ctl.signal.aborted) main.removeAttribute('aria-busy');
  if (!firstRender && !ctl.signal.aborted) {
    // Moves focus to the new page's heading so keyboard and screen-reader users start at the top of it.
    view.querySelector<HTMLElement>('h1')?.focus({ preventScroll: false });
  }
  firstRender = false;
}

/** The first run made an account and its project: the account becomes this tab's, and its Overview opens. */
async function welcomed(created: { accountId: string; projectId: string }): Promise<void> {
  state.accounts = (await local.get<Page<LocalAccount>>('/accounts')).data;
  chooseAccount(created.accountId, false);
  drawAccounts();
  location.hash = projectHref(created.projectId);
}

function noToken(): void {
  root.replaceChildren(
    h(
      'main',
      { id: 'main', class: 'signed-out' },
      h('h1', null, 'Open the link from your terminal'),
      h(
        'p',
        null,
        ...withCode(
          '`npm start` (or `npx answerwatch start`) prints a Web UI link with a one-time token for this launch:',
        ),
      ),
      h('pre', null, h('code', null, 'Web UI: http://127.0.0.1:8787/app/#token=awl_…')),
      h('p', null, 'Open that link in this browser. The token is new every time the service starts.'),
    ),
  );
}

async function boot(): Promise<void> {
  // The device approval page stands apart: a signed-in person of the cloud service, no owner token.
  if (/\/app\/device\/?$/.test(location.pathname)) {
    return (await import('./page-device.ts')).renderDevicePage(root);
  }
  const session = takeSession(location, history, sessionStorage);
  token = session.token;
  routing = false;
  state.accountId = null;
  resetCaches();
  holdScopes();
  // `start`'s link asks nothing of the identity library: the owner token is all it needs.
  if (token) return bootOwner(token, session.accountId);
  const person = await import('./person-mode.ts');
  return person.bootWithoutToken(
    {
      root,
      main,
      accountSlot,
      draw: shell,
      boot,
      chooseAccount,
      routing: async (on) => {
        routing = on;
        if (on) return route();
        controller?.abort();
      },
      ownerLink: noToken,
    },
    session.accountId,
  );
}

async function bootOwner(owner: string, storedAccount: string | null): Promise<void> {
  configureApi(owner, storedAccount, () => {
    sessionStorage.removeItem('answerwatch.token');
  });
  shell();
  main.replaceChildren(h('p', { class: 'loading', role: 'status' }, 'Loading…'));
  try {
    state.accounts = (await local.get<Page<LocalAccount>>('/accounts')).data;
  } catch (err) {
    main.replaceChildren(h('h1', { tabindex: '-1' }, 'Cannot open Answerwatch'), errorNotice(err));
    return;
  }
  const stored = storedAccount && state.accounts.some((a) => a.id === storedAccount) ? storedAccount : null;
  const chosen = stored ?? state.accounts[0]?.id ?? null;
  if (chosen) chooseAccount(chosen, false);
  drawAccounts();
  routing = true;
  await route();
}

// A new launch's link pasted into an open tab changes only the hash (no reload): the tab takes its token as on load.
window.addEventListener('hashchange', () => {
  if (/^#token=/.test(location.hash)) void boot();
  else if (routing) void route();
});
listenToDesktop();
void boot();
