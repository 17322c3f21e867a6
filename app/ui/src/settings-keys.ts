/**
 * The account's API keys: every person sees their labels, scopes, projects and last use (never the key); the owner
 * creates them (the key shown once, with a copy button) and revokes them.
 */
import { allPages, api, seg } from './api.ts';
import { checkbox, confirmButton, copyButton, field, h, input, loading, notice, select } from './dom.ts';
import { dateTime } from './format.ts';
import type { SettingsContext } from './page.ts';
import type { ApiKey, ApiKeyCreated, Page, Project } from './types.ts';
import { announce, badge, errorNotice, onSubmit, section } from './widgets.ts';

const OPTIONAL_SCOPES = [
  {
    scope: 'tracking:write',
    label: 'tracking:write: create projects, change prompts, competitors, schedule and webhooks',
  },
  { scope: 'runs:execute', label: 'runs:execute: start runs' },
  { scope: 'traffic:write', label: 'traffic:write: send access logs (for a log shipper)' },
];

function keyStatus(k: ApiKey): HTMLElement {
  if (k.revokedAt) return badge(`Revoked ${dateTime(k.revokedAt)}`, 'bad');
  if (k.expiresAt && Date.parse(k.expiresAt) <= Date.now()) return badge('Expired', 'bad');
  return badge('Active', 'ok');
}

/** On a plan without API access every key answers 403 plan_required: said before anyone makes one. */
export function apiAccessNote(plan: { code: string; apiAccess: boolean }): string | null {
  return plan.apiAccess
    ? null
    : `Your plan, ${plan.code}, has no API access: keys answer 403 plan_required until the plan changes.`;
}

export async function renderKeys(ctx: SettingsContext): Promise<void> {
  const owner = ctx.account.role === 'owner';
  const projects = (await allPages<Project>('/projects', {}, { signal: ctx.signal })).items;
  const projectName = new Map(projects.map((p) => [p.id, p.name]));
  const listArea = h('div', null, loading());
  const shown = h('div', { 'aria-live': 'polite' });
  const noAccess = apiAccessNote(ctx.account.plan);
  ctx.area.append(
    shown,
    section('Keys', listArea),
    owner
      ? section('Create a key', noAccess ? notice('warning', noAccess) : null, createForm())
      : notice('info', 'Only the account’s owner creates and revokes API keys.'),
  );

  const drawList = async () => {
    const keys = (await api.get<Page<ApiKey>>('/account/keys', undefined, ctx.signal)).data;
    const columns = ['Label', 'Key id', 'Scopes', 'Projects', 'Created', 'Last used', 'Expires', 'Status'];
    listArea.replaceChildren(
      keys.length === 0
        ? h('p', { class: 'empty' }, 'No API key yet.')
        : h(
            'table',
            { class: 'responsive' },
            h('caption', null, 'The account’s API keys (the keys themselves are never shown again)'),
            h(
              'thead',
              null,
              h(
                'tr',
                null,
                ...columns.map((c) => h('th', { scope: 'col' }, c)),
                owner ? h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')) : null,
              ),
            ),
            h(
              'tbody',
              null,
              ...keys.map((k) => {
                const status = h('div', { class: 'form-status' });
                return h(
                  'tr',
                  null,
                  h('th', { scope: 'row' }, k.label),
                  h('td', { 'data-label': 'Key id' }, h('code', null, k.keyId)),
                  h('td', { 'data-label': 'Scopes' }, k.scopes.join(', ')),
                  h(
                    'td',
                    { 'data-label': 'Projects' },
                    Array.isArray(k.projects) && k.projects.length > 0
                      ? k.projects.map((id) => projectName.get(id) ?? id).join(', ')
                      : 'All, present and future',
                  ),
                  h('td', { 'data-label': 'Created' }, dateTime(k.createdAt)),
                  h('td', { 'data-label': 'Last used' }, k.lastUsedAt ? dateTime(k.lastUsedAt) : 'Never'),
                  h('td', { 'data-label': 'Expires' }, k.expiresAt ? dateTime(k.expiresAt) : 'Never'),
                  h('td', { 'data-label': 'Status' }, keyStatus(k)),
                  owner
                    ? h(
                        'td',
                        { class: 'open-cell' },
                        k.revokedAt
                          ? ''
                          : confirmButton(
                              'Revoke',
                              'Confirm revoke',
                              async () => {
                                try {
                                  await api.del(`/account/keys/${seg(k.keyId)}`);
                                  announce(`Key ${k.label} revoked.`);
                                  await drawList();
                                } catch (err) {
                                  status.replaceChildren(errorNotice(err));
                                }
                              },
                              { 'aria-label': `Revoke the key ${k.label}` },
                            ),
                        status,
                      )
                    : null,
                );
              }),
            ),
          ),
    );
  };

  function createForm(): HTMLFormElement {
    const label = input({ name: 'label', required: true, maxlength: 120, autocomplete: 'off' });
    const read = checkbox('visibility:read: read projects, answers and stats (every key)', true, {
      disabled: true,
    });
    const boxes = OPTIONAL_SCOPES.map((s) => ({
      scope: s.scope,
      ...checkbox(s.label, false, { name: 'scopes', value: s.scope }),
    }));
    const projectBoxes = projects.map((p) => ({
      id: p.id,
      ...checkbox(p.name, false, { name: 'projects', value: p.id }),
    }));
    const expiry = select(
      [
        { value: '', label: 'Never' },
        { value: '30', label: 'In 30 days' },
        { value: '90', label: 'In 90 days' },
        { value: '365', label: 'In a year' },
      ],
      '',
      { name: 'expires' },
    );
    const status = h('div', { class: 'form-status' });
    const form = h(
      'form',
      { class: 'stack' },
      field('Label', label, 'Where the key is used, for example "BI server".'),
      h('fieldset', { class: 'checks' }, h('legend', null, 'Scopes'), read.wrap, ...boxes.map((b) => b.wrap)),
      h(
        'fieldset',
        { class: 'checks' },
        h('legend', null, 'Projects'),
        ...projectBoxes.map((b) => b.wrap),
        h('p', { class: 'hint' }, 'None ticked: every project of the account, present and future.'),
      ),
      field('Expires', expiry),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Create key')),
      status,
    );
    onSubmit(form, status, async () => {
      const scopes = ['visibility:read', ...boxes.filter((b) => b.box.checked).map((b) => b.scope)];
      const projectIds = projectBoxes.filter((b) => b.box.checked).map((b) => b.id);
      const created = await api.post<ApiKeyCreated>('/account/keys', {
        label: label.value.trim(),
        scopes,
        ...(projectIds.length > 0 && { projectIds }),
        ...(expiry.value && {
          expiresAt: new Date(Date.now() + Number(expiry.value) * 86_400_000).toISOString(),
        }),
      });
      const code = h('code', { class: 'secret' }, created.key);
      shown.replaceChildren(
        notice(
          'success',
          h('p', null, `Key “${created.label}” created. It is shown only now: copy it to where it is used.`),
          h('p', null, code, ' ', copyButton(created.key, code, 'Copy key')),
        ),
      );
      form.reset();
      announce('Key created; copy it now, it is shown only once.');
      await drawList();
    });
    return form;
  }

  await drawList().catch((err) => listArea.replaceChildren(errorNotice(err)));
}
