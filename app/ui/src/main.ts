/**
 * The web UI: on `answerwatch start` it reads the owner token from the address; on the cloud service it works as
 * the person signed in (the session cookie), or shows the sign-in page. It picks the account, draws the shell
 * (header, navigation, main) and renders the page of the hash route.
 */
import { api, ApiError, configureApi, local, SESSION_ENDED } from './api.ts';
import {
  auth,
  currentPerson,
  personAccounts,
  signInOptions,
  type PersonAccount,
  type SignedInPerson,
} from './auth-client.ts';
import { listenToDesktop } from './desktop.ts';
import { button, h, select, withCode } from './dom.ts';
import { icon } from './icons.ts';
import type { PageContext, ProjectContext } from './page.ts';
import { renderAnswer } from './page-answer.ts';
import { renderAnswers } from './page-answers.ts';
import { renderEngines } from './page-engines.ts';
import { renderExports } from './page-exports.ts';
import { renderSettings } from './page-settings.ts';
import { renderProjects } from './page-projects.ts';
import { renderRuns } from './page-runs.ts';
import { renderSetup, renderSetupSection } from './page-setup.ts';
import { showUnseenAlerts } from './nav-alerts.ts';
import { parseRoute, projectHref, type ProjectPage, type Route } from './router.ts';
import { personHeader } from './people-header.ts';
import { holdScopes } from './permissions.ts';
import { renderSignInPage } from './page-sign-in.ts';
import { bootMode, rememberAccount, takeSession } from './session.ts';
import { getProject, resetCaches, state } from './state.ts';
import type { LocalAccount, Me, Page } from './types.ts';
import { errorNotice, setLiveRegion, takeFlash } from './widgets.ts';

const PAGE_LABELS: Record<ProjectPage, string> = {
  overview: 'Overview',
  prompts: 'Prompts',
  sources: 'Sources',
  surfaces: 'API vs app',
  answers: 'Answers',
  alerts: 'Alerts',
  setup: 'Setup',
  runs: 'Runs',
  engines: 'Engines',
  webhooks: 'Webhooks',
  exports: 'Exports',
};

/**
 * The project's pages in three groups: what the engines say, what is tracked and run, and what leaves the app.
 * A page is one entry in PROJECT_PAGES (router.ts), PAGE_LABELS, PAGES and a group here.
 */
const NAV_GROUPS: { label: string; pages: ProjectPage[] }[] = [
  { label: 'Results', pages: ['overview', 'prompts', 'sources', 'surfaces', 'answers', 'alerts'] },
  { label: 'Tracking', pages: ['setup', 'runs', 'engines'] },
  { label: 'Connect', pages: ['webhooks', 'exports'] },
];

const PAGES: Record<ProjectPage, (ctx: ProjectContext) => Promise<void>> = {
  // The charts library loads with the page that draws charts, not with the app; so do the insight pages.
  overview: async (ctx) => (await import('./page-overview.ts')).renderOverview(ctx),
  prompts: async (ctx) => (await import('./page-prompts.ts')).renderPromptGrid(ctx),
  sources: async (ctx) => (await import('./page-sources.ts')).renderSources(ctx),
  surfaces: async (ctx) => (await import('./page-surfaces.ts')).renderSurfaces(ctx),
  answers: renderAnswers,
  alerts: async (ctx) => (await import('./page-alerts.ts')).renderAlerts(ctx),
  setup: renderSetup,
  runs: renderRuns,
  engines: renderEngines,
  webhooks: async (ctx) => (await import('./page-webhooks.ts')).renderWebhooks(ctx),
  exports: renderExports,
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
  if (people) return drawPersonHeader(people);
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

/** A person signed in to the cloud service, their accounts (each with their role), and what the tab knows of them. */
let people: { person: SignedInPerson; accounts: PersonAccount[] } | null = null;

function drawPersonHeader(p: NonNullable<typeof people>): void {
  accountSlot.replaceChildren(
    ...personHeader({
      ...p,
      current: state.accountId,
      pick: (id) => void choosePersonAccount(id, true),
      signOut: (everywhere) => void signOut(everywhere),
    }),
  );
}

/**
 * A person's account: the session's active one too (so every tab and the device page start there), and the
 * scopes their role carries in it, which decide the write controls the pages offer.
 */
async function choosePersonAccount(accountId: string, navigate: boolean): Promise<void> {
  await auth('/organization/set-active', { organizationId: accountId });
  chooseAccount(accountId, false);
  holdScopes((await api.get<Me>('/me')).scopes);
  if (people) drawPersonHeader(people);
  if (navigate) {
    if (location.hash === '#/') void route();
    else location.hash = '#/';
  }
}

async function signOut(everywhere: boolean): Promise<void> {
  await auth(everywhere ? '/revoke-sessions' : '/sign-out', {});
  await signedOut(everywhere ? 'You are signed out on every browser and computer.' : 'You are signed out.');
}

/** Back to the sign-in page, saying why. */
async function signedOut(why: string): Promise<void> {
  routing = false;
  people = null;
  state.accountId = null;
  controller?.abort();
  resetCaches();
  renderSignInPage(root, await signInOptions(), boot, why);
}

let token: string | null = null;
const tokenOf = () => token;
/** Set once the tab has its token and account: from then on the hash is the page to show. */
let routing = false;

function drawProjectNav(route: Route, projectName: string | null): void {
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
    if (!state.accountId && people) {
      drawProjectNav(r, null);
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
      drawProjectNav(r, null);
      // A fresh machine: the first run, loaded only then.
      await (await import('./page-welcome.ts')).renderWelcome(base, welcomed);
    } else if (r.name === 'projects') {
      drawProjectNav(r, null);
      await renderProjects(base);
    } else if (r.name === 'settings') {
      drawProjectNav(r, null);
      await renderSettings(base, r.section);
    } else if (r.name === 'project' || r.name === 'answer' || r.name === 'setup') {
      drawProjectNav(r, null);
      const project = await getProject(r.projectId);
      if (ctl.signal.aborted) return;
      drawProjectNav(r, project.name);
      // Drawn beside the page, and part of it: the page counts as whole once the count is in.
      if (r.name !== 'project' || r.page !== 'alerts')
        counting = showUnseenAlerts(projectNav, r.projectId, ctl.signal);
      const ctx: ProjectContext = { ...base, projectId: r.projectId, project };
      if (r.name === 'answer') await renderAnswer(ctx, r.answerId);
      else if (r.name === 'setup') await renderSetupSection(ctx, r.section);
      else await PAGES[r.page](ctx);
    } else {
      drawProjectNav(r, null);
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
  people = null;
  state.accountId = null;
  resetCaches();
  holdScopes();
  // `start`'s link asks nothing of the identity library: the owner token is all it needs.
  if (token) return bootOwner(token, session.accountId);
  const [person, options] = await Promise.all([currentPerson(), signInOptions()]);
  const mode = bootMode({ token, signedIn: person !== null, ownerLink: options.ownerLink });
  if (mode === 'owner-link') return noToken();
  if (mode === 'sign-in' || !person) return renderSignInPage(root, options, boot);
  return bootPerson(person, session.accountId);
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

/** Signed in on the cloud service: the cookie authenticates, a 401 (ended elsewhere) goes back to sign-in. */
async function bootPerson(person: SignedInPerson, storedAccount: string | null): Promise<void> {
  configureApi(null, null, () => void signedOut(SESSION_ENDED));
  shell();
  main.replaceChildren(h('p', { class: 'loading', role: 'status' }, 'Loading…'));
  const accounts = await personAccounts();
  people = { person, accounts };
  const known = (id: string | null) => (id && accounts.some((a) => a.id === id) ? id : null);
  const chosen = known(storedAccount) ?? known(person.activeAccountId) ?? accounts[0]?.id ?? null;
  try {
    if (chosen) await choosePersonAccount(chosen, false);
  } catch (err) {
    // A 401 has gone back to the sign-in page already.
    if (!(err instanceof ApiError && err.status === 401))
      main.replaceChildren(h('h1', { tabindex: '-1' }, 'Cannot open Answerwatch'), errorNotice(err));
    return;
  }
  drawPersonHeader(people);
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
