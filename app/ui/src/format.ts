/** How numbers, rates and times read in the UI. */

export function percent(rate: number | null | undefined, digits = 0): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '—';
  return `${(rate * 100).toFixed(digits)}%`;
}

/** A change of a rate in percentage points, with its direction in words (not only in colour). */
export function points(delta: number | null | undefined): {
  text: string;
  trend: 'up' | 'down' | 'same' | 'none';
} {
  if (delta === null || delta === undefined || !Number.isFinite(delta)) return { text: '—', trend: 'none' };
  const pts = Math.round(delta * 1000) / 10;
  if (pts === 0) return { text: 'no change', trend: 'same' };
  return pts > 0
    ? { text: `▲ +${pts} pts`, trend: 'up' }
    : { text: `▼ −${Math.abs(pts)} pts`, trend: 'down' };
}

/**
 * A change of an average position, where a smaller number is a better place: moving from 2.4 to 2.1 reads
 * "▲ up 0.3", from 2.1 to 2.4 "▼ down 0.3". The arrow and the word agree; no sign that reads against them.
 */
export function placesChange(delta: number | null | undefined): {
  text: string;
  trend: 'up' | 'down' | 'same' | 'none';
} {
  if (delta === null || delta === undefined || !Number.isFinite(delta)) return { text: '—', trend: 'none' };
  const size = Math.round(delta * 10) / 10;
  if (size === 0) return { text: 'no change', trend: 'same' };
  return size < 0
    ? { text: `▲ up ${Math.abs(size)}`, trend: 'up' }
    : { text: `▼ down ${size}`, trend: 'down' };
}

/**
 * One date format everywhere: "15 Jun 2026, 09:30" for a moment (in the viewer's time zone) and "15 Jun 2026"
 * for a UTC day, whatever the browser's locale, so a list never mixes two spellings.
 */
const MOMENT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const MOMENT_SECONDS = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const DAY_SHORT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export function dateTime(iso: string | null | undefined, seconds = false): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return (seconds ? MOMENT_SECONDS : MOMENT).format(d);
}

/** A UTC day `YYYY-MM-DD` as "15 Jun 2026" (or "15 Jun" for chart axes). */
export function day(value: string, short = false): string {
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return value;
  return (short ? DAY_SHORT : DAY).format(d);
}

const SENTIMENT_LABELS: Record<string, string> = {
  positive: 'Positive',
  mixed: 'Mixed',
  neutral: 'Neutral',
  negative: 'Negative',
  'not-applicable': 'Brand not named',
};

/** The API's sentiment values in words; null means no scorer ran. */
export function sentimentLabel(value: string | null | undefined): string {
  return value ? (SENTIMENT_LABELS[value] ?? value) : 'Not scored';
}

/** "1st", "2nd", … for the brand's position; "not named" without one. */
export function positionLabel(position: number | null | undefined): string {
  if (position === null || position === undefined) return 'Not named';
  const tens = position % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? 'th'
      : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[position % 10] ?? 'th');
  return `${position}${suffix}`;
}

const STATUS_LABELS: Record<string, string> = {
  waiting_for_host: 'Waiting for the host computer',
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  canceled: 'Canceled',
  delivered: 'Delivered',
  pending: 'Pending',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status.replaceAll('_', ' ');
}

/** A count with its unit: "42 answers", "1 answer". */
export const answersCount = (n: number) => plural(n, 'answer');

export function yesNo(value: boolean | null | undefined): string {
  return value === true ? 'Yes' : value === false ? 'No' : '—';
}

/** "1 answer", "3 answers". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

/** A list typed as "a, b; c" or one per line: trimmed, empty items dropped, distinct. */
export function parseList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,;]/)
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
    ),
  ];
}

/**
 * A website as people type it: `acme.com` or `www.acme.com/x` becomes `https://acme.com`…; an address with
 * a scheme is kept as typed (the service says when it is not https). Empty stays empty.
 */
export function websiteUrl(typed: string): string {
  const t = typed.trim();
  if (t === '' || /^[a-z][a-z0-9+.-]*:/i.test(t)) return t;
  return `https://${t.replace(/^\/+/, '')}`;
}

/**
 * A service message with each engine id it names written as the engine's label ("gemini: rate_limited" reads
 * "Gemini: rate_limited"); the longest ids first, so `chatgpt-local-fetch` is not read as `chatgpt`.
 */
export function withEngineLabels(text: string, labels: ReadonlyMap<string, string>): string {
  const ids = [...labels.keys()].sort((a, b) => b.length - a.length);
  if (ids.length === 0) return text;
  const escaped = ids.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // Not inside a word, a variable or a domain (chatgpt.com stays as written).
  const pattern = new RegExp(`(?<![\\w.-])(?:${escaped.join('|')})(?![\\w-]|\\.\\w)`, 'g');
  return text.replace(pattern, (id) => labels.get(id) ?? id);
}
