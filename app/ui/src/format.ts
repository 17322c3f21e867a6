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

export function dateTime(iso: string | null | undefined, seconds = false): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short' });
}

export function shortDate(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return d.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function yesNo(value: boolean | null | undefined): string {
  return value === true ? 'yes' : value === false ? 'no' : '—';
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
