/**
 * The account's settings (`#/settings/{section}`): one small module per section, each shown only to the roles
 * that may use it. The role is the identity library's for a signed-in person (people-api.ts), else GET
 * /v1/account's (on `start`, the local owner is the owner).
 */
import { api, currentAccount, signedInAsPerson } from './api.ts';
import { h, notice } from './dom.ts';
import type { PageContext, SettingsContext } from './page.ts';
import { people } from './people-api.ts';
import { settingsHref, type SettingsSection } from './router.ts';
import { renderAuditLog } from './settings-audit.ts';
import { renderBrand } from './settings-brand.ts';
import { renderComputers } from './settings-computers.ts';
import { renderKeys } from './settings-keys.ts';
import { renderPeople } from './settings-people.ts';
import { renderPlan } from './settings-plan.ts';
import type { AccountView, Role } from './types.ts';
import { pageHeader } from './widgets.ts';

interface Section {
  label: string;
  intro: string;
  /** The roles that see the section; the others are told who does. */
  roles: readonly Role[];
  render(ctx: SettingsContext): Promise<void>;
}

const EVERYONE: readonly Role[] = ['owner', 'admin', 'member', 'viewer'];
const ADMINISTRATORS: readonly Role[] = ['owner', 'admin'];

/** The sections in SETTINGS_SECTIONS' order. Single sign-on (branch sso) adds its entry here and there. */
const SECTIONS: Record<SettingsSection, Section> = {
  people: {
    label: 'People',
    intro: 'Who is in the account and with which role, and the invitations still open.',
    roles: EVERYONE,
    render: renderPeople,
  },
  keys: {
    label: 'API keys',
    intro:
      'Keys let your own scripts and servers call the API at /v1. Every key can read; give it more only if it needs more.',
    roles: EVERYONE,
    render: renderKeys,
  },
  computers: {
    label: 'Computers',
    intro:
      'The computers paired with the account: they ask the signed-in browser engines and run on your keys.',
    roles: ADMINISTRATORS,
    render: renderComputers,
  },
  sso: {
    label: 'Single sign-on',
    intro: 'People of your e-mail domains sign in through your organisation’s own OpenID Connect provider.',
    roles: ADMINISTRATORS,
    render: async (ctx) => (await import('./settings-sso.ts')).renderSingleSignOn(ctx),
  },
  brand: {
    label: 'Report brand',
    intro:
      'The name, logo and accent colour the account’s reports, PDFs and share pages are shown under: your own, or a client’s.',
    roles: ADMINISTRATORS,
    render: renderBrand,
  },
  plan: {
    label: 'Plan',
    intro: 'What the account’s plan allows, and the allowance left this period.',
    roles: EVERYONE,
    render: renderPlan,
  },
  'audit-log': {
    label: 'Audit log',
    intro: 'Who did what in the account, when and from which address: newest first.',
    roles: ADMINISTRATORS,
    render: renderAuditLog,
  },
};

const ROLE_NAMES: Record<Role, string> = {
  owner: 'the owner',
  admin: 'an admin',
  member: 'a member',
  viewer: 'a viewer',
};

export async function renderSettings(ctx: PageContext, asked: SettingsSection | null): Promise<void> {
  const [seen, role] = await Promise.all([
    api.get<AccountView>('/account', undefined, ctx.signal),
    signedInAsPerson() ? people.role(currentAccount() ?? '') : null,
  ]);
  const account: AccountView = { ...seen, role: role ?? seen.role };
  const ids = Object.keys(SECTIONS) as SettingsSection[];
  const id = asked ?? ids.find((s) => SECTIONS[s].roles.includes(account.role)) ?? 'plan';
  const section = SECTIONS[id];
  ctx.setTitle(`${section.label} · Settings`);
  const nav = h(
    'nav',
    { class: 'subnav', 'aria-label': 'Settings' },
    h(
      'ul',
      null,
      ...ids
        .filter((s) => SECTIONS[s].roles.includes(account.role))
        .map((s) =>
          h(
            'li',
            null,
            h('a', { href: settingsHref(s), ...(s === id && { 'aria-current': 'page' }) }, SECTIONS[s].label),
          ),
        ),
    ),
  );
  const area = h('div');
  ctx.view.append(
    h(
      'p',
      { class: 'hint' },
      `Settings of ${account.name || account.id}: you are ${ROLE_NAMES[account.role]}`,
    ),
    nav,
    pageHeader(section.label, section.intro),
    area,
  );
  if (!section.roles.includes(account.role)) {
    area.append(notice('info', `The account’s owner and admins see its ${section.label.toLowerCase()}.`));
    return;
  }
  await section.render({ ...ctx, account, area });
}
