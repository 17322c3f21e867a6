/**
 * Webhooks: the project's endpoints, register (the signing secret shown once), change the events and alert
 * thresholds, delete, send a test, deliveries.
 */
import { alertSettings, eventLabel, thresholdsText } from './alert-settings.ts';
import { api, seg } from './api.ts';
import { button, confirmButton, copyButton, field, h, input, loading, notice } from './dom.ts';
import { dateTime } from './format.ts';
import type { ProjectContext } from './page.ts';
import { writeControls } from './permissions.ts';
import type { Page, Webhook, WebhookDelivery, WebhookWithSecret } from './types.ts';
import { announce, badge, errorNotice, onSubmit, pageHeader, section, statusBadge } from './widgets.ts';

export async function renderWebhooks(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Webhooks · ${ctx.project.name}`);
  const base = `/projects/${seg(ctx.projectId)}/webhooks`;
  const listArea = h('div', null, loading());
  const secretArea = h('div', { 'aria-live': 'polite' });
  ctx.view.append(
    pageHeader(
      'Webhooks',
      'Tell another system when a run completes or fails, when a run raises an alert (see Alerts), or when a crawl of your site ends. Deliveries are signed with the secret shown once at registration.',
    ),
    secretArea,
    section('Registered webhooks', listArea),
    ...writeControls(section('Register a webhook', registerForm())),
  );

  const drawList = async () => {
    const hooks = (await api.get<Page<Webhook>>(base, undefined, ctx.signal)).data;
    listArea.replaceChildren(
      hooks.length === 0
        ? h('p', { class: 'empty' }, 'No webhook yet.')
        : h('ul', { class: 'webhook-list' }, ...hooks.map((w) => webhookItem(w))),
    );
  };

  function webhookItem(w: Webhook): HTMLElement {
    const status = h('div', { class: 'form-status' });
    const deliveries = h('div', { class: 'deliveries' });
    let open = false;
    const toggle = button(
      'Show deliveries',
      async () => {
        open = !open;
        toggle.textContent = open ? 'Hide deliveries' : 'Show deliveries';
        toggle.setAttribute('aria-expanded', String(open));
        if (!open) return deliveries.replaceChildren();
        await drawDeliveries();
      },
      { 'aria-expanded': 'false' },
    );
    const editArea = h('div', { class: 'webhook-edit' });
    const edit = button(
      'Edit events and thresholds',
      () => {
        const opening = editArea.childElementCount === 0;
        edit.setAttribute('aria-expanded', String(opening));
        if (!opening) return editArea.replaceChildren();
        editArea.replaceChildren(editForm(w));
        editArea.querySelector<HTMLInputElement>('input')?.focus();
      },
      { 'aria-expanded': 'false', 'aria-label': `Edit events and thresholds of ${w.url}` },
    );
    const drawDeliveries = async () => {
      deliveries.replaceChildren(loading('Loading deliveries…'));
      try {
        const list = (await api.get<Page<WebhookDelivery>>(`${base}/${seg(w.id)}/deliveries`)).data;
        deliveries.replaceChildren(deliveriesTable(w, list));
      } catch (err) {
        deliveries.replaceChildren(errorNotice(err));
      }
    };
    return h(
      'li',
      { class: 'webhook-card' },
      h('h3', null, w.url),
      h(
        'p',
        { class: 'meta' },
        badge(w.active ? 'active' : 'turned off', w.active ? 'ok' : 'bad'),
        ` ${w.events.map(eventLabel).join(', ')}`,
        w.description ? ` · ${w.description}` : '',
        ` · last delivery ${w.lastDeliveryAt ? `${dateTime(w.lastDeliveryAt)} (${w.lastDeliveryStatus})` : 'never'}`,
        w.consecutiveFailures > 0 ? ` · ${w.consecutiveFailures} failures in a row` : '',
      ),
      w.thresholds ? h('p', { class: 'meta' }, `Alert thresholds: ${thresholdsText(w.thresholds)}`) : null,
      h(
        'div',
        { class: 'actions' },
        ...writeControls(
          button(
            'Send test',
            async () => {
              status.replaceChildren(loading('Sending a ping…'));
              try {
                const d = await api.post<WebhookDelivery>(`${base}/${seg(w.id)}/test`);
                const last = d.attempts[d.attempts.length - 1];
                status.replaceChildren(
                  notice(
                    d.status === 'delivered' ? 'success' : 'warning',
                    `Test ${d.status}`,
                    last
                      ? `: HTTP ${last.httpStatus ?? 'no answer'}${last.error ? `, ${last.error}` : ''}, ${last.durationMs} ms`
                      : '',
                    d.nextAttemptAt ? `; retried at ${dateTime(d.nextAttemptAt)}` : '',
                  ),
                );
                if (open) await drawDeliveries();
              } catch (err) {
                status.replaceChildren(errorNotice(err));
              }
            },
            { 'aria-label': `Send test to ${w.url}` },
          ),
        ),
        toggle,
        ...writeControls(
          edit,
          confirmButton(
            'Delete',
            'Confirm delete',
            async () => {
              try {
                await api.del(`${base}/${seg(w.id)}`);
                announce('Webhook deleted.');
                await drawList();
              } catch (err) {
                status.replaceChildren(errorNotice(err));
              }
            },
            { 'aria-label': `Delete the webhook ${w.url}` },
          ),
        ),
      ),
      status,
      editArea,
      deliveries,
    );
  }

  function editForm(w: Webhook): HTMLFormElement {
    const settings = alertSettings(w);
    const description = input({ name: 'description', maxlength: 120 });
    description.value = w.description ?? '';
    const status = h('div', { class: 'form-status' });
    const form = h(
      'form',
      { class: 'stack', 'aria-label': `Events and thresholds of ${w.url}` },
      settings.element,
      field('Description (optional)', description),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Save changes')),
      status,
    );
    onSubmit(form, status, async () => {
      const { events, thresholds } = settings.read();
      if (events.length === 0) throw new Error('Events: tick at least one.');
      await api.patch<Webhook>(`${base}/${seg(w.id)}`, {
        events,
        description: description.value.trim() || null,
        ...(thresholds && { thresholds }),
      });
      announce('Webhook updated.');
      await drawList();
    });
    return form;
  }

  function registerForm(): HTMLFormElement {
    const url = input({ type: 'url', name: 'url', required: true, placeholder: 'https://', maxlength: 2048 });
    const settings = alertSettings({ events: ['run.completed', 'run.failed'] });
    const description = input({ name: 'description', maxlength: 120 });
    const status = h('div', { class: 'form-status' });
    const form = h(
      'form',
      { class: 'stack' },
      field('Endpoint URL', url, 'A public https address; private and local addresses are refused.'),
      settings.element,
      field('Description (optional)', description),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Register webhook')),
      status,
    );
    onSubmit(form, status, async () => {
      const { events, thresholds } = settings.read();
      const body: Record<string, unknown> = { url: url.value.trim() };
      if (events.length > 0) body.events = events;
      if (thresholds) body.thresholds = thresholds;
      if (description.value.trim()) body.description = description.value.trim();
      const created = await api.post<WebhookWithSecret>(base, body);
      const secret = h('code', { class: 'secret' }, created.secret);
      secretArea.replaceChildren(
        notice(
          'success',
          h(
            'p',
            null,
            'Webhook registered. Its signing secret is shown only now: store it where the receiver can read it.',
          ),
          h('p', null, secret, ' ', copyButton(created.secret, secret, 'Copy secret')),
        ),
      );
      form.reset();
      settings.sync();
      announce('Webhook registered; copy its secret now.');
      await drawList();
    });
    return form;
  }

  await drawList().catch((err) => listArea.replaceChildren(errorNotice(err)));
}

function deliveriesTable(w: Webhook, list: readonly WebhookDelivery[]): HTMLElement {
  if (list.length === 0) return h('p', { class: 'empty' }, 'No delivery yet.');
  return h(
    'table',
    { class: 'responsive' },
    h('caption', null, `The last deliveries to ${w.url}, newest first`),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        ...['Created', 'Event', 'Status', 'Attempts', 'Next attempt'].map((c) =>
          h('th', { scope: 'col' }, c),
        ),
      ),
    ),
    h(
      'tbody',
      null,
      ...list.map((d) =>
        h(
          'tr',
          null,
          h('td', { 'data-label': 'Created' }, dateTime(d.createdAt)),
          h('td', { 'data-label': 'Event' }, eventLabel(d.event)),
          h('td', { 'data-label': 'Status' }, statusBadge(d.status)),
          h(
            'td',
            { 'data-label': 'Attempts' },
            h(
              'ol',
              { class: 'attempts' },
              ...d.attempts.map((a) =>
                h(
                  'li',
                  null,
                  `${dateTime(a.at)}: ${a.httpStatus === null ? 'no answer' : `HTTP ${a.httpStatus}`}${a.error ? ` (${a.error})` : ''}, ${a.durationMs} ms`,
                ),
              ),
            ),
          ),
          h('td', { 'data-label': 'Next attempt' }, dateTime(d.nextAttemptAt)),
        ),
      ),
    ),
  );
}
