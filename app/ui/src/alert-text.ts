/**
 * An alert event in words: its name, and a line per figure that raised it. Prompt texts, competitor names and
 * URLs come from answers and settings: they are returned as strings for text nodes, never as markup.
 */
import { percent, plural } from './format.ts';
import type { AlertThresholds, RaisedAlert } from './types.ts';

type Alert = RaisedAlert['alert'];
export type AlertEvent = Alert['event'];

export const ALERT_LABELS: Record<AlertEvent, { title: string; description: string }> = {
  'visibility.dropped': {
    title: 'Visibility dropped',
    description: 'A mention or citation rate fell by at least the threshold, beyond both runs’ intervals',
  },
  'visibility.rose': {
    title: 'Visibility rose',
    description: 'A mention or citation rate rose by at least the threshold, beyond both runs’ intervals',
  },
  'citation.lost': {
    title: 'Citation lost',
    description: 'A page of your site is no longer cited for a prompt on an engine',
  },
  'citation.gained': {
    title: 'Citation gained',
    description: 'A page of your site is newly cited for a prompt on an engine',
  },
  'competitor.overtook': {
    title: 'Competitor overtook you',
    description: 'A competitor is named in more answers than you, by more than the lead threshold',
  },
};

export const ALERT_EVENTS = Object.keys(ALERT_LABELS) as AlertEvent[];

export const isAlertEvent = (event: string): event is AlertEvent =>
  (ALERT_EVENTS as readonly string[]).includes(event);

/** The thresholds as the settings show them: whole percentage points. */
export const THRESHOLD_FIELDS: readonly { key: keyof AlertThresholds; label: string; hint: string }[] = [
  {
    key: 'mentionRateChange',
    label: 'Mention rate change (points)',
    hint: 'Least rise or fall of a mention rate for a visibility alert; default 10.',
  },
  {
    key: 'citationRateChange',
    label: 'Citation rate change (points)',
    hint: 'Least rise or fall of a citation rate for a visibility alert; default 10.',
  },
  {
    key: 'shareOfVoiceLead',
    label: 'Competitor lead (points)',
    hint: 'How far a competitor’s share must pass yours for an overtake alert; default 0.',
  },
];

export interface AlertLine {
  text: string;
  /** A brand page, for citation alerts: a link only if it is http(s). */
  url?: string;
}

const pts = (rate: number) => `${Math.round(rate * 1000) / 10} pts`;

export function alertLines(alert: Alert, engineLabel: (id: string) => string): AlertLine[] {
  const on = (engineId: string | null) => (engineId === null ? 'all engines' : engineLabel(engineId));
  switch (alert.event) {
    case 'visibility.dropped':
    case 'visibility.rose':
      return alert.data.changes.map((c) => ({
        text: `${c.metric === 'mentionRate' ? 'Mention' : 'Citation'} rate on ${on(c.engineId)}: ${percent(c.previous.value)} → ${percent(c.current.value)} (${c.change < 0 ? '−' : '+'}${pts(Math.abs(c.change))} over ${plural(c.current.answers, 'answer')}; threshold ${pts(c.threshold)})`,
      }));
    case 'citation.lost':
    case 'citation.gained': {
      const lines: AlertLine[] = alert.data.citations.map((c) => ({
        text: `“${c.promptText}” on ${engineLabel(c.engineId)}: `,
        url: c.url,
      }));
      const unlisted = alert.data.total - alert.data.citations.length;
      return unlisted > 0 ? [...lines, { text: `… and ${unlisted} more` }] : lines;
    }
    case 'competitor.overtook':
      return alert.data.overtakes.map((o) => ({
        text: `${o.competitor} on ${on(o.engineId)}: named in ${percent(o.current.competitorShare)} of answers against your ${percent(o.current.brandShare)} (before: ${percent(o.previous.competitorShare)} against ${percent(o.previous.brandShare)})`,
      }));
  }
}
