/**
 * "Sign in to the cloud" (`#/cloud`, opened by the desktop app's tray too): this computer signs itself in to a cloud
 * service to run one of its accounts' runs. `start` holds the sign-in and says where it stands in plain sentences
 * (server/cli/cloud-host.ts, app/agent/cloud-sign-in.ts); the page shows them with the code, and opens the
 * approval page, which the desktop app sends to the system browser.
 */
import type { CloudSignInState } from '../../../server/contract/cloud-sign-in.ts';
import { local } from './api.ts';
import { externalLink, field, h, input } from './dom.ts';
import type { PageContext } from './page.ts';
import { badge, onSubmit, pageHeader, poll, section } from './widgets.ts';

const PHASE_LABELS: Record<CloudSignInState['phase'], [string, string]> = {
  'signed-out': ['Not signed in', ''],
  asking: ['Asking for a code', 'busy'],
  waiting: ['Waiting for approval', 'busy'],
  paired: ['Signed in', 'ok'],
  refused: ['Refused', 'bad'],
  expired: ['Code expired', 'bad'],
  unreachable: ['Not reached', 'bad'],
};

const underWay = (s: CloudSignInState) => s.phase === 'asking' || s.phase === 'waiting';

function stateView(s: CloudSignInState): HTMLElement {
  const [label, kind] = PHASE_LABELS[s.phase];
  return h(
    'div',
    { class: 'cloud-sign-in', 'data-phase': s.phase },
    h('p', null, badge(label, kind)),
    h('p', { class: 'cloud-message' }, s.message),
    s.phase === 'waiting' && s.userCode
      ? h('p', null, 'Code: ', h('code', { class: 'device-code' }, s.userCode))
      : null,
    s.phase === 'waiting' ? h('p', null, externalLink(s.link, 'Open the approval page')) : null,
  );
}

export async function renderCloud(ctx: PageContext): Promise<void> {
  ctx.setTitle('Sign in to the cloud');
  const shown = h('div', { 'aria-live': 'polite' });
  const address = input({
    name: 'server',
    type: 'text',
    required: true,
    autocomplete: 'url',
    placeholder: 'https://answerwatch.example.com',
  });
  const status = h('div', { class: 'form-status' });
  const form = h(
    'form',
    null,
    field('Address of the cloud service', address, 'As your team opens it in the browser.'),
    h('button', { type: 'submit', class: 'primary' }, 'Sign in'),
    status,
  );
  let opened: string | null = null;
  /** Shows the state; the approval page opens once per code. Answers whether the sign-in is still under way. */
  const draw = (s: CloudSignInState): boolean => {
    shown.replaceChildren(stateView(s));
    if (s.phase === 'waiting' && s.link && s.link !== opened) {
      opened = s.link;
      window.open(s.link, '_blank', 'noopener');
    }
    return underWay(s);
  };
  const follow = () => poll(1000, ctx.signal, async () => draw(await local.get('/cloud-sign-in')));
  ctx.view.append(
    pageHeader(
      'Sign in to the cloud',
      'Sign this computer in to your team’s Answerwatch service, so it runs that account’s runs on its own engines and signed-in browsers.',
    ),
    section('This computer', shown),
    section('Sign in', form),
  );
  if (draw(await local.get<CloudSignInState>('/cloud-sign-in', undefined, ctx.signal))) follow();
  onSubmit(form, status, async () => {
    if (draw(await local.post<CloudSignInState>('/cloud-sign-in', { server: address.value }))) follow();
  });
}
