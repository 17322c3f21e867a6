/**
 * Engines: every engine the plan allows and where it runs; the account's own API keys for engines (owner
 * endpoints; the key is sent once and never shown again); for local-fetch engines, the host computer's state
 * and a button that opens the browser profile window on this machine to sign in.
 */
import { errorText, local, seg } from './api.ts';
import { button, confirmButton, h, input, notice } from './dom.ts';
import { dateTime } from './format.ts';
import type { ProjectContext } from './page.ts';
import { projectHref } from './router.ts';
import { getCapabilities, isLocalFetch, state } from './state.ts';
import type { Capabilities, EngineKeyState, Page } from './types.ts';
import { announce, badge, errorNotice, onSubmit, pageHeader, section } from './widgets.ts';

export async function renderEngines(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Engines · ${ctx.project.name}`);
  const caps = await getCapabilities(ctx.projectId);
  const area = h('div');
  ctx.view.append(
    pageHeader('Engines', 'The answer engines this plan can ask, where each runs, and its sign-in or key.'),
    hostPanel(caps),
    area,
  );
  const draw = async () => {
    let keys: EngineKeyState[] | null = null;
    let keyError: unknown = null;
    try {
      keys = (await local.get<Page<EngineKeyState>>(`/accounts/${seg(state.accountId ?? '')}/engine-keys`))
        .data;
    } catch (err) {
      keyError = err;
    }
    area.replaceChildren(enginesSection(ctx, caps, keys, keyError, draw));
  };
  await draw();
}

function hostPanel(caps: Capabilities): HTMLElement {
  const host = caps.host;
  return section(
    'Host computer',
    host
      ? h(
          'p',
          null,
          badge(host.online ? 'online' : 'offline', host.online ? 'ok' : 'bad'),
          ` ${host.deviceLabel ?? 'Unnamed computer'} · last seen ${dateTime(host.lastSeenAt)}`,
          host.required ? ' · needed by the engines tracked' : '',
        )
      : h(
          'p',
          { class: 'empty' },
          'No host computer is chosen for this project. Local-fetch engines need one.',
        ),
  );
}

/** "ChatGPT (signed-in browser)" signs in to "ChatGPT". */
const appName = (label: string) => label.replace(/\s*\(signed-in browser\)\s*$/i, '');

function enginesSection(
  ctx: ProjectContext,
  caps: Capabilities,
  keys: EngineKeyState[] | null,
  keyError: unknown,
  redraw: () => Promise<void>,
): HTMLElement {
  const keyOf = new Map((keys ?? []).map((k) => [k.engineId, k.hasKey]));
  const tracked = new Set(caps.tracking.engineIds);
  const accountPath = `/accounts/${seg(state.accountId ?? '')}`;
  const status = h('div', { class: 'form-status', 'aria-live': 'polite' });

  const signInCell = (e: Capabilities['engines'][number]): HTMLElement => {
    if (!isLocalFetch(e.id)) return h('td', null, '—');
    const host = caps.host;
    return h(
      'td',
      null,
      h(
        'p',
        { class: 'cell-note' },
        host
          ? `Host ${host.online ? 'online' : 'offline'}, last seen ${dateTime(host.lastSeenAt)}`
          : 'No host computer chosen',
      ),
      button(`Sign in to ${appName(e.label)}`, async () => {
        status.replaceChildren();
        try {
          await local.post(`${accountPath}/sign-in/${seg(e.id)}`);
          status.replaceChildren(
            notice(
              'success',
              `A browser window for ${appName(e.label)} opened on this computer: sign in there, then close it.`,
            ),
          );
        } catch (err) {
          status.replaceChildren(errorNotice(err));
        }
      }),
    );
  };

  const keyCell = (e: Capabilities['engines'][number]): HTMLElement => {
    if (!keyOf.has(e.id)) return h('td', null, '—');
    const hasKey = keyOf.get(e.id) === true;
    const keyInput = input({
      type: 'password',
      name: 'key',
      autocomplete: 'off',
      required: true,
      'aria-label': `API key for ${e.label}`,
    });
    const form = h(
      'form',
      { class: 'inline-form', 'aria-label': `Your own key for ${e.label}` },
      badge(hasKey ? 'key set' : 'no key', hasKey ? 'ok' : ''),
      keyInput,
      h(
        'button',
        { type: 'submit', 'aria-label': `${hasKey ? 'Replace' : 'Save'} the API key for ${e.label}` },
        hasKey ? 'Replace' : 'Save',
      ),
      hasKey
        ? confirmButton(
            'Remove',
            'Confirm remove',
            async () => {
              try {
                await local.del(`${accountPath}/engine-keys/${seg(e.id)}`);
                announce(`Key for ${e.label} removed.`);
                await redraw();
              } catch (err) {
                status.replaceChildren(errorNotice(err));
              }
            },
            { 'aria-label': `Remove the API key for ${e.label}` },
          )
        : '',
    );
    onSubmit(form, status, async () => {
      await local.put(`${accountPath}/engine-keys/${seg(e.id)}`, { key: keyInput.value });
      keyInput.value = '';
      announce(`Key for ${e.label} saved.`);
      await redraw();
    });
    return h('td', null, form);
  };

  return section(
    'Engines on this plan',
    keyError ? notice('warning', `Engine keys could not be read: ${errorText(keyError)}`) : '',
    caps.accessMode === 'byok-local'
      ? h(
          'p',
          { class: 'hint' },
          'Bring-your-own-key plan: every engine runs on the host computer with your keys, stored sealed there.',
        )
      : keys && keys.length > 0
        ? h(
            'p',
            { class: 'hint' },
            'Keys of your own are used when this computer asks a cloud engine itself (bring-your-own-key plans); on this plan the service asks the cloud engines. Keys are stored sealed on this computer and never shown again.',
          )
        : null,
    status,
    h(
      'table',
      { class: 'engines' },
      h('caption', null, 'Every engine the plan allows'),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ...['Engine', 'Runs on', 'Tracked', 'Browser sign-in', 'Your API key'].map((c) =>
            h('th', { scope: 'col' }, c),
          ),
        ),
      ),
      h(
        'tbody',
        null,
        ...caps.engines.map((e) =>
          h(
            'tr',
            null,
            h('th', { scope: 'row' }, e.label, h('br'), h('code', { class: 'sub' }, e.id)),
            h('td', null, e.runsOn === 'host' ? 'host computer' : 'cloud'),
            h('td', null, tracked.has(e.id) ? badge('tracked', 'ok') : 'no'),
            signInCell(e),
            keyCell(e),
          ),
        ),
      ),
    ),
    h(
      'p',
      { class: 'hint' },
      'Which engines a project asks is set on ',
      h('a', { href: projectHref(ctx.projectId, 'setup') }, 'Setup'),
      '.',
    ),
  );
}
