import type { z } from 'zod';
import type { Trends } from '../contract/insights.ts';
import { ALL } from '../store/repositories/source-summaries.ts';
import {
  addTrendCounts,
  noTrendCounts,
  TREND_COUNTS,
  type TrendCounts,
} from '../store/repositories/trend-summaries.ts';
import { readableProject } from './access.ts';
import { addDays } from './clock.ts';
import type { Caller, Services } from './context.ts';
import { resolveRange, type DayRange } from './date-range.ts';
import { checkEngineIds } from './engine-filter.ts';
import { meanInterval, wilson, type Estimate } from './intervals.ts';
import { JsonText } from './json-text.ts';

export type TrendInterval = 'day' | 'week' | 'month' | 'range';

export interface TrendQuery {
  from?: string;
  to?: string;
  engine?: string[];
  topicId?: string;
  interval?: TrendInterval;
  perEngine?: boolean;
}

interface Bucket {
  period: string;
  from: string;
  to: string;
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/** ISO 8601 week: weeks start on Monday, and week 1 is the one holding the year's first Thursday. */
export function isoWeek(day: string): { label: string; monday: string } {
  const d = new Date(`${day}T00:00:00.000Z`);
  const weekday = (d.getUTCDay() + 6) % 7;
  const monday = addDays(day, -weekday);
  const thursday = new Date(`${addDays(monday, 3)}T00:00:00.000Z`);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return { label: `${year}-W${String(week).padStart(2, '0')}`, monday };
}

function monthEnd(month: string): string {
  const d = new Date(`${month}-01T00:00:00.000Z`);
  d.setUTCMonth(d.getUTCMonth() + 1, 0);
  return d.toISOString().slice(0, 10);
}

/** The period a day falls in, cut to the range at either end. */
export function bucketOf(day: string, interval: TrendInterval, range: DayRange): Bucket {
  const clip = (period: string, from: string, to: string) => ({
    period,
    from: later(from, range.from),
    to: earlier(to, range.to),
  });
  switch (interval) {
    case 'day':
      return { period: day, from: day, to: day };
    case 'week': {
      const { label, monday } = isoWeek(day);
      return clip(label, monday, addDays(monday, 6));
    }
    case 'month':
      return clip(day.slice(0, 7), `${day.slice(0, 7)}-01`, monthEnd(day.slice(0, 7)));
    case 'range':
      return { period: `${range.from}/${range.to}`, ...range };
  }
}

/** Positions start at 1, so a bound below 1 says nothing: it is cut there. */
function positionEstimate(c: TrendCounts): Estimate {
  const e = meanInterval(c.pos_n, c.pos_sum, c.pos_sq);
  return e.low === null ? e : { ...e, low: Math.max(1, e.low) };
}

function point(bucket: Bucket, engineId: string | null, c: TrendCounts) {
  const withSentiment = c.positive + c.mixed + c.neutral + c.negative;
  return {
    ...bucket,
    engineId,
    answers: c.answers,
    mentioned: c.mentioned,
    cited: c.cited,
    positioned: c.pos_n,
    withSentiment,
    mentionRate: wilson(c.mentioned, c.answers),
    citationRate: wilson(c.cited, c.answers),
    averagePosition: positionEstimate(c),
    sentiment: {
      positive: wilson(c.positive, withSentiment),
      mixed: wilson(c.mixed, withSentiment),
      neutral: wilson(c.neutral, withSentiment),
      negative: wilson(c.negative, withSentiment),
    },
  };
}

/**
 * Points' JSON by their period, engine and counts. A point's text is a pure function of them and past periods do not
 * change, so the body rendered after a write (which changes today's points) mostly reuses text.
 */
const rendered = new Map<string, string>();
const POINT_CACHE = 20_000;

function pointText(bucket: Bucket, engineId: string | null, counts: TrendCounts): string {
  const key = `${bucket.period}\0${bucket.from}\0${bucket.to}\0${engineId ?? ''}\0${TREND_COUNTS.map((c) => counts[c]).join(',')}`;
  let text = rendered.get(key);
  if (text === undefined) {
    if (rendered.size >= POINT_CACHE) rendered.clear();
    text = JSON.stringify(point(bucket, engineId, counts));
    rendered.set(key, text);
  }
  return text;
}

/**
 * Per period and engine (or all engines together): mention and citation rates and sentiment shares with their 95 %
 * Wilson intervals, the average position with its 95 % t interval, from the day rows of the trend summaries (a
 * year is at most 366 rows per engine).
 */
export async function trendStats(s: Services, caller: Caller, projectId: string, q: TrendQuery) {
  const project = await readableProject(s, caller, projectId);
  const range = resolveRange(q, s.clock.now());
  const engineIds = checkEngineIds(q.engine);
  const interval = q.interval ?? 'day';
  const perEngine = q.perEngine ?? true;
  const key = JSON.stringify(['trends', range, engineIds, q.topicId, interval, perEngine]);
  return s.reads.get(project, key, async () => {
    const [rows, incompleteDays] = await Promise.all([
      s.store.trendSummaries.rows({ projectId, topicId: q.topicId ?? ALL, ...range, engineIds }),
      s.store.summaries.pendingDays({ projectId, ...range }),
    ]);
    const points = new Map<string, { bucket: Bucket; engineId: string | null; counts: TrendCounts }>();
    for (const r of rows) {
      const bucket = bucketOf(r.date, interval, range);
      const engineId = perEngine ? r.engineId : null;
      const k = `${bucket.from}\0${engineId ?? ''}`;
      let p = points.get(k);
      if (!p) points.set(k, (p = { bucket, engineId, counts: noTrendCounts() }));
      addTrendCounts(p.counts, r.counts);
    }
    const data = [...points.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, p]) => pointText(p.bucket, p.engineId, p.counts));
    const head = `{"from":${JSON.stringify(range.from)},"to":${JSON.stringify(range.to)},"interval":${JSON.stringify(interval)},"data":[`;
    return new JsonText<z.output<typeof Trends>>(
      [head, data.join(','), `],"incompleteDays":${incompleteDays}}`].join(''),
    );
  });
}
