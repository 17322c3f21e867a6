/**
 * The account's single sign-on, for its owner and admins: the account's own OpenID Connect provider (issuer, client
 * id, client secret, the e-mail domains it covers), through the identity library's SSO endpoints at /auth. The
 * client secret is written, never shown: the service keeps it sealed and answers without it.
 */
import { ApiError } from './api.ts';
import { auth, currentPerson } from './auth-client.ts';
import { confirmButton, field, h, input, loading, notice } from './dom.ts';
import type { SettingsContext } from './page.ts';
import { announce, errorNotice, onSubmit, section } from './widgets.ts';

interface Provider {
  providerId: string;
  issuer: string;
  domain: string;
  oidcConfig?: { clientIdLastFour?: string };
}

interface ProviderValues {
  issuer: string;
  clientId: string;
  clientSecret: string;
  domain: string;
}

async function call<T>(path: string, body?: unknown): Promise<T> {
  const r = await auth(path, body);
  if (r.ok) return r.body as T;
  const message = typeof r.body.message === 'string' ? r.body.message : `The service answered ${r.status}.`;
  throw new ApiError(r.status, typeof r.body.code === 'string' ? r.body.code : `http_${r.status}`, message);
}

const domainsOf = (text: string) =>
  text
    .split(',')
    .map((d) => d.trim())
    .join(', ');

function facts(p: Provider): HTMLElement {
  const rows: [string, string][] = [
    ['Issuer', p.issuer],
    ['Client id', p.oidcConfig?.clientIdLastFour ?? ''],
    ['Client secret', 'Set (never shown)'],
    ['E-mail domains', domainsOf(p.domain)],
  ];
  return h('dl', { class: 'facts' }, ...rows.flatMap(([t, v]) => [h('dt', null, t), h('dd', null, v)]));
}

/** Issuer, client id, client secret and domains; changing a provider, an empty field keeps what is there. */
function providerForm(p: Provider | null, save: (values: ProviderValues) => Promise<string>) {
  const issuer = input({ type: 'url', name: 'issuer', required: !p, value: p?.issuer ?? '' });
  const clientId = input({ name: 'client-id', required: !p, autocomplete: 'off' });
  const secret = input({
    type: 'password',
    name: 'client-secret',
    required: !p,
    autocomplete: 'new-password',
  });
  const domains = input({ name: 'domains', required: !p, value: p ? domainsOf(p.domain) : '' });
  const status = h('div', { class: 'form-status', 'aria-live': 'polite' });
  const form = h(
    'form',
    { class: 'stack', 'aria-label': p ? 'Change single sign-on' : 'Set up single sign-on' },
    field('Issuer', issuer, 'The provider’s issuer URL, such as https://login.example.com.'),
    field('Client id', clientId, p ? 'Leave empty to keep the one set.' : undefined),
    field(
      'Client secret',
      secret,
      p ? 'Leave empty to keep the one set; it is never shown.' : 'Never shown again.',
    ),
    field(
      'E-mail domains',
      domains,
      'Comma-separated, such as example.com, example.org: people of these sign in here.',
    ),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, p ? 'Save' : 'Set up')),
    status,
  );
  onSubmit(form, status, () =>
    save({
      issuer: issuer.value.trim(),
      clientId: clientId.value.trim(),
      clientSecret: secret.value,
      domain: domains.value,
    }),
  );
  return form;
}

export async function renderSingleSignOn(ctx: SettingsContext): Promise<void> {
  if ((await currentPerson()) === null) {
    ctx.area.append(
      notice(
        'info',
        'Single sign-on is for people signing in to the cloud service; on this computer you use the owner link.',
      ),
    );
    return;
  }
  const accountId = ctx.account.id;
  const callback = `${location.origin}/auth/sso/callback/${accountId}`;
  const area = h('div', null, loading());
  ctx.area.append(
    section(
      'Your provider’s side',
      h(
        'p',
        null,
        'Register Answerwatch as an application (OpenID Connect, authorization code with PKCE) at your provider, with this redirect URI:',
      ),
      h('p', null, h('code', null, callback)),
      h(
        'p',
        { class: 'hint' },
        'The provider must put the person’s e-mail in the ID token (the email scope). A person of your domains who signs in for the first time joins the account as a member.',
      ),
    ),
    area,
  );
  const redraw = async () => {
    const { providers } = await call<{ providers: Provider[] }>('/sso/providers');
    const mine = providers.find((p) => p.providerId === accountId) ?? null;
    if (!mine) {
      area.replaceChildren(
        section(
          'Set up single sign-on',
          providerForm(null, async (v) => {
            await call('/sso/register', {
              organizationId: accountId,
              issuer: v.issuer,
              domain: v.domain,
              oidcConfig: { clientId: v.clientId, clientSecret: v.clientSecret },
            });
            announce('Single sign-on is set up.');
            await redraw();
            return 'Single sign-on is set up.';
          }),
        ),
      );
      return;
    }
    const status = h('div', { class: 'form-status', 'aria-live': 'polite' });
    area.replaceChildren(
      section(
        'Single sign-on',
        facts(mine),
        h(
          'div',
          { class: 'actions' },
          confirmButton('Remove single sign-on', 'Confirm: remove single sign-on', async () => {
            try {
              await call('/sso/delete-provider', { providerId: accountId });
              announce('Single sign-on removed.');
              await redraw();
            } catch (err) {
              status.replaceChildren(errorNotice(err));
            }
          }),
        ),
        status,
      ),
      section(
        'Change it',
        providerForm(mine, async (v) => {
          const oidcConfig = {
            ...(v.clientId && { clientId: v.clientId }),
            ...(v.clientSecret && { clientSecret: v.clientSecret }),
          };
          await call('/sso/update-provider', {
            providerId: accountId,
            ...(v.issuer && v.issuer !== mine.issuer && { issuer: v.issuer }),
            ...(v.domain.trim() && { domain: v.domain }),
            ...(Object.keys(oidcConfig).length > 0 && { oidcConfig }),
          });
          await redraw();
          return 'Saved.';
        }),
      ),
    );
  };
  await redraw().catch((err) => area.replaceChildren(errorNotice(err)));
}
