/**
 * Engines: every engine the plan allows, where it runs and whether it can run now (with the fix); for signed-in
 * browser engines a button that opens the browser window on this machine to sign in; and key fields only where
 * the plan uses the account's own keys (bring-your-own-key plans, whose cloud engines run on this computer).
 * Keys go to the owner endpoints, are stored sealed and never shown again.
 */
import { local, seg, signedInAsPerson } from './api.ts';
import { button, confirmButton, h, input, notice } from './dom.ts';
import { errorText } from './error-text.ts';
import { dateTime } from './format.ts';
import type { ProjectContext } from './page.ts';
import { projectHref, setupHref } from './router.ts';
import { engineDot } from './engine-colour.ts';
import { engineLabels, getCapabilities, getEngines, getReadiness, isLocalFetch, state } from './state.ts';
import type { Capabilities, EngineKeyState, EngineReadiness, Page } from './types.ts';
import { announce, badge, errorNotice, onSubmit, pageHeader, section } from './widgets.ts';

export async function renderEngines(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Engines · ${ctx.project.name}`);
  const caps = await getCapabilities(ctx.projectId);
  const area = h('div');
  ctx.view.append(
    pageHeader('Engines', 'The answer engines this plan can ask, where each runs, and what it needs to run.'),
    hostPanel(caps),
    area,
  );
  // Engine keys and browser sign-in live on the owner's own computer (`start`): a person on the cloud service
  // reads where each engine runs, and sets keys and signs in on the host computer itself.
  const byok = caps.accessMode === 'byok-local' && !signedInAsPerson();
  const draw = async () => {
    let keys: EngineKeyState[] | null = null;
    let keyError: unknown = null;
    if (byok) {
      try {
        keys = (await local.get<Page<EngineKeyState>>(`/accounts/${seg(state.accountId ?? '')}/engine-keys`))
          .data;
      } catch (err) {
        keyError = err;
      }
    }
    const [ready, engines] = await Promise.all([
      getReadiness(ctx.projectId, ctx.signal),
      getEngines(ctx.projectId).catch(() => []),
    ]);
    area.replaceChildren(
      enginesSection(
        ctx,
        caps,
        { readiness: ready.engines, colours: engineLabels(engines) },
        keys,
        keyError,
        draw,
      ),
    );
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
          badge(host.online ? 'Online' : 'Offline', host.online ? 'ok' : 'bad'),
          ` ${host.deviceLabel ?? 'Unnamed computer'} · last seen ${dateTime(host.lastSeenAt)}`,
          host.required ? ' · needed by the engines tracked' : '',
        )
      : h(
          'p',
          { class: 'empty' },
          'No host computer is chosen for this project. Signed-in browser engines need one.',
        ),
  );
}

/** "ChatGPT (signed-in browser)" signs in to "ChatGPT". */
const appName = (label: string) => label.replace(/\s*\(signed-in browser\)\s*$/i, '');

function enginesSection(
  ctx: ProjectContext,
  caps: Capabilities,
  { readiness, colours }: { readiness: readonly EngineReadiness[]; colours: ReadonlyMap<string, string> },
  keys: EngineKeyState[] | null,
  keyError: unknown,
  redraw: () => Promise<void>,
): HTMLElement {
  const keyOf = new Map((keys ?? []).map((k) => [k.engineId, k.hasKey]));
  const readyOf = new Map(readiness.map((r) => [r.id, r]));
  const accountPath = `/accounts/${seg(state.accountId ?? '')}`;
  const status = h('div', { class: 'form-status', 'aria-live': 'polite' });

  const signIn = (e: Capabilities['engines'][number]) =>
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
    });

  const keyForm = (e: Capabilities['engines'][number]) => {
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
      badge(hasKey ? 'Key set' : 'No key', hasKey ? 'ok' : ''),
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
    return form;
  };

  const card = (e: Capabilities['engines'][number]) => {
    const r = readyOf.get(e.id);
    return h(
      'li',
      { class: 'engine-card' },
      h('h3', null, engineDot(colours, e.id), e.label),
      h(
        'p',
        { class: 'meta' },
        e.runsOn === 'host' ? 'Runs on your computer' : 'Asked by the service',
        ' · ',
        r?.tracked ? badge('Tracked', 'ok') : 'Not tracked',
        ' ',
        r
          ? badge(
              r.ready
                ? 'Ready'
                : r.problem?.code === 'no_prompt'
                  ? 'Not asked by a prompt'
                  : 'Cannot run now',
              r.ready ? 'ok' : 'bad',
            )
          : '',
      ),
      r?.problem
        ? h(
            'p',
            { class: 'readiness-why' },
            r.problem.message,
            ' ',
            h('span', { class: 'fix' }, r.problem.fix),
          )
        : null,
      isLocalFetch(e.id) && !signedInAsPerson() ? h('div', { class: 'actions' }, signIn(e)) : null,
      keyOf.has(e.id) ? keyForm(e) : null,
    );
  };

  return section(
    'Engines on this plan',
    keyError ? notice('warning', `Engine keys could not be read: ${errorText(keyError)}`) : '',
    caps.accessMode === 'byok-local'
      ? h(
          'p',
          { class: 'hint' },
          'Bring-your-own-key plan: every engine runs on the host computer with your keys, stored sealed there and never shown again.',
        )
      : h(
          'p',
          { class: 'hint' },
          'On this plan the service asks the cloud engines with its own keys; signed-in browser engines run on your computer.',
        ),
    status,
    h('ul', { class: 'engine-list' }, ...caps.engines.map(card)),
    h(
      'p',
      { class: 'hint' },
      'Which engines a project asks is set on ',
      h('a', { href: setupHref(ctx.projectId, 'schedule') }, 'Setup › Schedule and engines'),
      ' and per prompt on ',
      h('a', { href: setupHref(ctx.projectId, 'prompts') }, 'Setup › Prompts'),
      '. ',
      h('a', { href: projectHref(ctx.projectId, 'runs') }, 'Runs'),
      ' shows what the next run asks.',
    ),
  );
}
