import { ALERT_EVENTS, type RaisedAlert } from '../contract/alerts.ts';
import type { z } from 'zod';
import { fromJson } from '../store/json.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { splitPage } from './paging.ts';

type Raised = z.output<typeof RaisedAlert>;

/**
 * The alert events runs raised, newest first: the project's recorded deliveries of alert events, each the payload
 * exactly as sent with its webhook and delivery state (a run makes its alerts per subscribed webhook).
 */
export async function listAlerts(
  s: Services,
  caller: Caller,
  projectId: string,
  q: { cursor?: string; limit: number },
) {
  await readableProject(s, caller, projectId);
  const list = `alerts:${projectId}`;
  const after = s.cursors.decode<{ createdAt: string; id: string }>(list, null, q.cursor);
  const webhooks = await s.store.webhooks.list(projectId);
  const rows = await s.store.webhooks.deliveriesOf(
    webhooks.map((w) => w.id),
    ALERT_EVENTS,
  );
  const raised = rows.map((row): Raised => ({
    alert: fromJson<Raised['alert']>(row.payload),
    webhookId: row.webhook_id,
    delivery: {
      id: row.id,
      status: row.status as Raised['delivery']['status'],
      deliveredAt: row.delivered_at,
    },
  }));
  // ISO times of one format and ids sort as text: the position of an alert in the list is this key, descending.
  const position = (a: { createdAt: string; id: string }) => `${a.createdAt}\0${a.id}`;
  const at = (r: Raised) => position(r.alert);
  const alerts = raised
    .filter((r) => !after || at(r) < position(after))
    .sort((a, b) => (at(a) < at(b) ? 1 : -1));
  return splitPage(alerts, q.limit, (last) =>
    s.cursors.encode(list, null, { createdAt: last.alert.createdAt, id: last.alert.id }),
  );
}
