/**
 * The Traffic page's charts, drawn by the UI's chart code: crawler hits per day or week by purpose, and visits from
 * AI answers per engine. A period without hits is a 0 (the reads leave it out); one period with hits reads as bars,
 * none as a sentence. Engine names come from the brand's logs' referral table: set as text only.
 */
import { niceCountMax, periodStarts } from './chart-scale.ts';
import { barList, SeriesVisibility, seriesToggles, timeChart } from './charts.ts';
import { h, type Child } from './dom.ts';
import { SERIES_STYLES } from './engine-colour.ts';
import { day } from './format.ts';
import { PURPOSES } from './traffic-sections.ts';
import type { CrawlerStats, ReferralStats } from './types.ts';

interface CountSeries {
  id: string;
  label: string;
  values: number[];
}

interface CountChartOptions {
  title: string;
  description: string;
  legend: string;
  empty: string;
  from: string;
  to: string;
  interval: 'day' | 'week';
  series: CountSeries[];
  unit: (n: number) => string;
}

/** Counts per period per series: lines with shared toggles and a hidden table, or bars for a lone period. */
function countChart(o: CountChartOptions): HTMLElement {
  const starts = periodStarts(o.from, o.to, o.interval);
  const series = o.series.map((s, i) => ({ ...s, slot: i % SERIES_STYLES }));
  const pointLabel = o.interval === 'week' ? (d: string) => `Week of ${day(d)}` : (d: string) => day(d);
  const figure = (...children: Child[]) =>
    h('figure', { class: 'chart' }, h('figcaption', { class: 'chart-title' }, o.title), ...children);
  const withData = starts.filter((_, i) => series.some((s) => s.values[i]! > 0));
  if (withData.length === 0) return figure(h('p', { class: 'empty' }, o.empty));
  const visibility = new SeriesVisibility();
  const toggles = seriesToggles(o.legend, series, visibility);
  if (withData.length === 1) {
    const i = starts.indexOf(withData[0]!);
    const max = niceCountMax(series.map((s) => s.values[i]!));
    return h(
      'div',
      null,
      toggles,
      figure(
        h(
          'p',
          { class: 'hint' },
          `All of it in one ${o.interval} (${pointLabel(withData[0]!)}): the lines over time start with the second.`,
        ),
        barList(
          series.map((s) => ({
            key: s.id,
            label: s.label,
            fraction: s.values[i]! / max,
            value: o.unit(s.values[i]!),
            slot: s.slot,
          })),
          visibility,
        ),
        h('p', { class: 'chart-note' }, `Scale: 0 to ${max.toLocaleString()}.`),
      ),
    );
  }
  return h(
    'div',
    null,
    toggles,
    timeChart({
      title: o.title,
      description: o.description,
      days: starts,
      yMax: niceCountMax(series.flatMap((s) => s.values)),
      yAxis: 'count',
      visibility,
      series: series.map((s) => ({ ...s, detail: (i: number) => o.unit(s.values[i]!) })),
      pointLabel,
      table: {
        headers: [o.interval === 'week' ? 'Week' : 'Day', ...series.map((s) => s.label)],
        rows: starts.map((d, i) => [pointLabel(d), ...series.map((s) => s.values[i]!.toLocaleString())]),
      },
    }),
  );
}

/** Each series' counts on the range's periods, from points dated by their period's first day. */
function onPeriods(from: string, to: string, interval: 'day' | 'week') {
  const index = new Map(periodStarts(from, to, interval).map((d, i) => [d, i]));
  return (
    points: readonly { from: string; count: number }[],
    into = new Array<number>(index.size).fill(0),
  ) => {
    for (const p of points) {
      const i = index.get(p.from);
      if (i !== undefined) into[i]! += p.count;
    }
    return into;
  };
}

const hits = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'hit' : 'hits'}`;
const visits = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'visit' : 'visits'}`;

/** Crawler hits per period by purpose (AI training, AI search, AI user, classic search, other bots). */
export function crawlerChart(stats: CrawlerStats): HTMLElement {
  const add = onPeriods(stats.from, stats.to, stats.interval);
  const series = PURPOSES.map(({ purpose, label }) => {
    let values: number[] | undefined;
    for (const agent of stats.data)
      if (agent.purpose === purpose)
        values = add(
          agent.series.map((p) => ({ from: p.from, count: p.hits })),
          values,
        );
    return { id: purpose, label, values: values ?? [] };
  }).filter((s) => s.values.length > 0);
  return countChart({
    title: `Crawler hits per ${stats.interval} by purpose`,
    description: `Hits of verified and claimed agents per ${stats.interval} from ${day(stats.from)} to ${day(stats.to)}, one line per purpose; spoofed hits are left out.`,
    legend: 'Purposes shown',
    empty: 'No crawler hits in this period.',
    from: stats.from,
    to: stats.to,
    interval: stats.interval,
    series,
    unit: hits,
  });
}

/** Visits from AI answers per period, one line per engine. */
export function referralChart(stats: ReferralStats): HTMLElement {
  const add = onPeriods(stats.from, stats.to, stats.interval);
  return countChart({
    title: `Visits from AI answers per ${stats.interval}`,
    description: `Visits by people arriving from an AI answer engine per ${stats.interval} from ${day(stats.from)} to ${day(stats.to)}, one line per engine.`,
    legend: 'Engines shown',
    empty: 'No visits from AI answers in this period.',
    from: stats.from,
    to: stats.to,
    interval: stats.interval,
    series: stats.engines.map((e) => ({
      id: `referral:${e.engine}`,
      label: e.engine,
      values: add(e.series.map((p) => ({ from: p.from, count: p.visits }))),
    })),
    unit: visits,
  });
}
