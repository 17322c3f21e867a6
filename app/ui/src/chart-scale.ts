/** The arithmetic of the charts, kept apart from the drawing so it can be tested: days, axis tops, series, totals. */
import type { DailyStat } from './types.ts';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a UTC day. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The day `days` before (negative: after) the given UTC day. */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Every UTC day from `from` to `to`, both included; empty when `to` is before `from`, at most 1000 days. */
export function daysBetween(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return [];
  const out: string[] = [];
  for (let t = start; t <= end && out.length < 1000; t += DAY_MS) out.push(utcDay(new Date(t)));
  return out;
}

const NICE_MAXIMA = [0.05, 0.1, 0.2, 0.25, 0.5, 1];

/** The top of a rate axis: the smallest of 5 %, 10 %, 20 %, 25 %, 50 % and 100 % that holds every value. */
export function niceRateMax(values: Iterable<number | null>): number {
  let max = 0;
  for (const v of values) if (v !== null && Number.isFinite(v) && v > max) max = v;
  return NICE_MAXIMA.find((m) => max <= m + 1e-9) ?? 1;
}

export type RateMetric = 'mentionRate' | 'citationRate';

export interface SeriesPoint {
  value: number | null;
  answers: number;
  hits: number;
}

export interface Series {
  engineId: string;
  points: SeriesPoint[];
}

/**
 * One series per engine (in order of first appearance), one point per day: the rate, or null on a day the
 * engine has no answers (the line breaks there rather than pretending to be 0).
 */
export function dailySeries(
  rows: readonly DailyStat[],
  days: readonly string[],
  metric: RateMetric,
): Series[] {
  const index = new Map(days.map((d, i) => [d, i]));
  const byEngine = new Map<string, SeriesPoint[]>();
  for (const row of rows) {
    const i = index.get(row.date);
    if (i === undefined) continue;
    let points = byEngine.get(row.engineId);
    if (!points) {
      points = days.map(() => ({ value: null, answers: 0, hits: 0 }));
      byEngine.set(row.engineId, points);
    }
    const hits = metric === 'mentionRate' ? row.mentioned : row.cited;
    points[i] = {
      value: row.answers > 0 ? (row[metric] ?? hits / row.answers) : null,
      answers: row.answers,
      hits,
    };
  }
  return [...byEngine].map(([engineId, points]) => ({ engineId, points }));
}

/** Totals over a whole range: the rates of all answers together, null without answers. */
export function overallRates(rows: readonly DailyStat[]): {
  answers: number;
  mentionRate: number | null;
  citationRate: number | null;
} {
  let answers = 0;
  let mentioned = 0;
  let cited = 0;
  for (const r of rows) {
    answers += r.answers;
    mentioned += r.mentioned;
    cited += r.cited;
  }
  return {
    answers,
    mentionRate: answers > 0 ? mentioned / answers : null,
    citationRate: answers > 0 ? cited / answers : null,
  };
}

/** Share of voice: each brand's mentions over the mentions of all brands together (null when nobody is named). */
export function shareOfVoice<T extends { mentioned: number }>(
  rows: readonly T[],
): (T & { share: number | null })[] {
  const total = rows.reduce((n, r) => n + r.mentioned, 0);
  return rows.map((r) => ({ ...r, share: total > 0 ? r.mentioned / total : null }));
}

/**
 * The periods a range is cut into for a trend read once per period: days up to two weeks, weeks up to about
 * four months, else 30-day spans; the last period ends on `to` and the first may be shorter.
 */
export function periodBuckets(from: string, to: string): { from: string; to: string }[] {
  const count = daysBetween(from, to).length;
  return spans(from, to, count <= 14 ? 1 : count <= 120 ? 7 : 30);
}

/** A range cut into spans of `size` days, the last ending on `to` and the first possibly shorter. */
export function spans(from: string, to: string, size: number): { from: string; to: string }[] {
  const days = daysBetween(from, to);
  const out: { from: string; to: string }[] = [];
  for (let end = days.length - 1; end >= 0; end -= size) {
    out.unshift({ from: days[Math.max(0, end - size + 1)]!, to: days[end]! });
  }
  return out;
}

/**
 * Daily rows summed per engine over each span, dated by the span's first day, so a chart draws one point a
 * span: six engines' lines over 30 days read as 5 weekly points each, not 30 jagged daily ones.
 */
export function spanRows(rows: readonly DailyStat[], periods: readonly { from: string; to: string }[]) {
  const sums = new Map<string, DailyStat>();
  for (const row of rows) {
    const span = periods.find((p) => row.date >= p.from && row.date <= p.to);
    if (!span) continue;
    const key = `${span.from} ${row.engineId}`;
    const sum = sums.get(key) ?? { ...row, date: span.from, answers: 0, mentioned: 0, cited: 0 };
    sum.answers += row.answers;
    sum.mentioned += row.mentioned;
    sum.cited += row.cited;
    sum.mentionRate = sum.answers > 0 ? sum.mentioned / sum.answers : null;
    sum.citationRate = sum.answers > 0 ? sum.cited / sum.answers : null;
    sums.set(key, sum);
  }
  return [...sums.values()];
}

/** The top of a count axis: the smallest 1, 2 or 5 × 10ⁿ that holds every value (1 when all are 0). */
export function niceCountMax(values: Iterable<number | null>): number {
  let max = 0;
  for (const v of values) if (v !== null && Number.isFinite(v) && v > max) max = v;
  for (let scale = 1; ; scale *= 10) for (const m of [1, 2, 5]) if (max <= m * scale) return m * scale;
}

/**
 * The first day of each period the traffic reads count by: every day of the range, or (per ISO week from Monday)
 * the range's first day and each Monday after it, as the reads date their weekly points.
 */
export function periodStarts(from: string, to: string, interval: 'day' | 'week'): string[] {
  const days = daysBetween(from, to);
  if (interval === 'day') return days;
  return days.filter((d, i) => i === 0 || new Date(`${d}T00:00:00Z`).getUTCDay() === 1);
}
