/**
 * Alerts: the notifications list. Every alert event the project's runs raised (visibility dropped or rose, a
 * citation lost or gained, a competitor overtaking), newest first, with the figures that raised it, the webhook
 * it went to and whether it was delivered. Alerts are made for webhooks that subscribe to them (Webhooks).
 */
import { api, seg } from './api.ts';
import { markAlertsSeen } from './alert-seen.ts';
import { alertLines, ALERT_LABELS, isAlertEvent } from './alert-text.ts';
import { button, externalLink, h, loading } from './dom.ts';
import { dateTime } from './format.ts';
import type { ProjectContext } from './page.ts';
import { projectHref } from './router.ts';
import { engineLabels, getEngines } from './state.ts';
import type { Page, RaisedAlert, Webhook } from './types.ts';
import { errorNotice, pageHeader, statusBadge } from './widgets.ts';

const PAGE = 20;

export async function renderAlerts(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Alerts · ${ctx.project.name}`);
  const base = `/projects/${seg(ctx.projectId)}`;
  const [webhooks, engines] = await Promise.all([
    api.get<Page<Webhook>>(`${base}/webhooks`, undefined, ctx.signal).then((r) => r.data),
    getEngines(ctx.projectId),
  ]);
  const labels = engineLabels(engines);
  const label = (id: string) => labels.get(id) ?? id;
  const urls = new Map(webhooks.map((w) => [w.id, w.url]));
  const subscribed = webhooks.some((w) => w.events.some(isAlertEvent));
  const list = h('ol', { class: 'alert-list' });
  const area = h('div', null, loading('Loading alerts…'));
  ctx.view.append(
    pageHeader(
      'Alerts',
      'What each run changed against the run before it: rates beyond your thresholds, pages of your site cited or no longer, competitors passing you.',
    ),
    area,
  );
  const read = (cursor: string | null) =>
    api.get<Page<RaisedAlert>>(`${base}/alerts`, { limit: PAGE, cursor }, ctx.signal);
  let page: Page<RaisedAlert>;
  try {
    page = await read(null);
  } catch (err) {
    area.replaceChildren(errorNotice(err));
    return;
  }
  markAlertsSeen(localStorage, ctx.projectId, page.data);
  if (page.data.length === 0) {
    area.replaceChildren(emptyState(ctx, subscribed));
    return;
  }
  const item = (a: RaisedAlert) => alertItem(ctx, a, label, urls);
  list.append(...page.data.map(item));
  let cursor = page.nextCursor ?? null;
  const more = button(`Show ${PAGE} more`, async () => {
    more.disabled = true;
    try {
      const next = await read(cursor);
      list.append(...next.data.map(item));
      cursor = next.nextCursor ?? null;
    } catch (err) {
      area.append(errorNotice(err));
    }
    more.disabled = false;
    more.hidden = cursor === null;
  });
  more.hidden = cursor === null;
  area.replaceChildren(list, more);
}

function emptyState(ctx: ProjectContext, subscribed: boolean): HTMLElement {
  const webhooks = h('a', { href: projectHref(ctx.projectId, 'webhooks') }, 'Webhooks');
  return subscribed
    ? h(
        'p',
        { class: 'empty' },
        'No alert yet. Each completed run is compared with the previous one that asked the same prompts on the same engines; the first such pair of runs can raise the first alerts. Subscriptions and thresholds are on ',
        webhooks,
        '.',
      )
    : h(
        'p',
        { class: 'empty' },
        'No alert yet: alerts are raised for the webhooks that subscribe to them. Choose the alerts and their thresholds on ',
        webhooks,
        '.',
      );
}

function alertItem(
  ctx: ProjectContext,
  a: RaisedAlert,
  label: (id: string) => string,
  urls: ReadonlyMap<string, string>,
): HTMLElement {
  const { alert } = a;
  const runAnswers = (runId: string) => projectHref(ctx.projectId, 'answers', new URLSearchParams({ runId }));
  return h(
    'li',
    { class: `alert-card alert-${alert.event.replace('.', '-')}` },
    h('h2', null, ALERT_LABELS[alert.event].title),
    h('p', { class: 'meta' }, dateTime(alert.createdAt)),
    h(
      'ul',
      { class: 'alert-lines' },
      ...alertLines(alert, label).map((l) =>
        h('li', null, l.text, l.url === undefined ? null : externalLink(l.url)),
      ),
    ),
    h(
      'p',
      { class: 'meta' },
      'Sent to ',
      h('span', { class: 'webhook-url' }, urls.get(a.webhookId) ?? 'a deleted webhook'),
      ' ',
      statusBadge(a.delivery.status),
      ' · ',
      h('a', { href: runAnswers(alert.data.runId) }, 'Answers of this run'),
      ' · ',
      h('a', { href: runAnswers(alert.data.previousRunId) }, 'of the run before'),
    ),
  );
}
