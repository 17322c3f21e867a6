/**
 * A webhook's events and alert thresholds as form fields, for registering a webhook and for changing one: the
 * contract's run events, the site crawl's, crawler.blocked, report.ready, the five alert events each with what raises it, and the thresholds in whole percentage
 * points, shown only while an alert event is ticked.
 */
import { ALERT_EVENTS, ALERT_LABELS, isAlertEvent, THRESHOLD_FIELDS } from './alert-text.ts';
import { checkbox, field, h, input } from './dom.ts';
import type { AlertThresholds, Webhook } from './types.ts';

/** The events that are not alerts: the contract's run events, the site crawl's, the traffic's and the reports' (opt-in). */
const RUN_EVENTS = [
  { event: 'run.completed', label: 'Run completed' },
  { event: 'run.failed', label: 'Run failed' },
  { event: 'site.crawled', label: 'Site crawled' },
  { event: 'crawler.blocked', label: 'AI crawler blocked' },
  { event: 'report.ready', label: 'Report digest sent' },
] as const;

/** Opt-in events that are no alert: they carry no thresholds. */
const ACTION_EVENT = {
  event: 'actions.updated',
  label: 'Actions changed',
  description: 'A run changed the top ten actions (last 30 days).',
} as const;

const DEFAULTS: AlertThresholds = { mentionRateChange: 0.1, citationRateChange: 0.1, shareOfVoiceLead: 0 };

export type EventName = Webhook['events'][number];

/** An event's name in words. */
export const eventLabel = (event: string) =>
  RUN_EVENTS.find((r) => r.event === event)?.label ??
  (isAlertEvent(event)
    ? ALERT_LABELS[event].title
    : event === ACTION_EVENT.event
      ? ACTION_EVENT.label
      : event);

/** "mention ±10 pts, citation ±10 pts, lead 0 pts". */
export function thresholdsText(t: AlertThresholds): string {
  const pts = (v: number) => `${Math.round(v * 1000) / 10} pts`;
  return `mention ±${pts(t.mentionRateChange)}, citation ±${pts(t.citationRateChange)}, competitor lead ${pts(t.shareOfVoiceLead)}`;
}

export interface AlertSettings {
  element: HTMLElement;
  /** The events ticked, and the thresholds when an alert event is among them. */
  read(): { events: EventName[]; thresholds: AlertThresholds | null };
  /** Shows the thresholds only while an alert event is ticked (again after a form reset). */
  sync(): void;
}

export function alertSettings(current: {
  events: readonly string[];
  thresholds?: AlertThresholds | undefined;
}): AlertSettings {
  const boxes = [
    ...RUN_EVENTS.map((r) => ({
      event: r.event as EventName,
      ...checkbox(r.label, current.events.includes(r.event), { name: 'events', value: r.event }),
    })),
    ...ALERT_EVENTS.map((event) => {
      const box = checkbox(ALERT_LABELS[event].title, current.events.includes(event), {
        name: 'events',
        value: event,
      });
      box.wrap.classList.add('alert-check');
      box.wrap.append(h('span', { class: 'check-note' }, ALERT_LABELS[event].description));
      return { event: event as EventName, ...box };
    }),
  ];
  const actions = checkbox(ACTION_EVENT.label, current.events.includes(ACTION_EVENT.event), {
    name: 'events',
    value: ACTION_EVENT.event,
  });
  actions.wrap.append(h('span', { class: 'check-note' }, ACTION_EVENT.description));
  boxes.push({ event: ACTION_EVENT.event, ...actions });
  const thresholds = current.thresholds ?? DEFAULTS;
  const inputs = THRESHOLD_FIELDS.map((f) => {
    const el = input({
      type: 'number',
      name: f.key,
      min: 0,
      max: 100,
      step: 1,
      required: true,
      inputmode: 'numeric',
    });
    el.defaultValue = String(Math.round(thresholds[f.key] * 100));
    return { key: f.key, el, field: field(f.label, el, f.hint) };
  });
  const thresholdSet = h(
    'fieldset',
    { class: 'thresholds' },
    h('legend', null, 'Alert thresholds'),
    ...inputs.map((i) => i.field),
  );
  const alertsChosen = () => boxes.some((b) => isAlertEvent(b.event) && b.box.checked);
  const sync = () => {
    thresholdSet.hidden = !alertsChosen();
    for (const i of inputs) i.el.disabled = thresholdSet.hidden;
  };
  for (const b of boxes) b.box.addEventListener('change', sync);
  sync();
  return {
    element: h(
      'div',
      { class: 'alert-settings' },
      h(
        'fieldset',
        { class: 'checks' },
        h('legend', null, 'Events'),
        ...boxes.slice(0, RUN_EVENTS.length).map((b) => b.wrap),
        h(
          'p',
          { class: 'hint' },
          'Alerts compare each run with the previous one that asked the same prompts on the same engines:',
        ),
        ...boxes.slice(RUN_EVENTS.length).map((b) => b.wrap),
      ),
      thresholdSet,
    ),
    sync,
    read: () => ({
      events: boxes.filter((b) => b.box.checked).map((b) => b.event),
      thresholds: alertsChosen()
        ? (Object.fromEntries(inputs.map((i) => [i.key, Number(i.el.value) / 100])) as AlertThresholds)
        : null,
    }),
  };
}
