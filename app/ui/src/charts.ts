/**
 * Charts: rates per engine (and, in charts-share.ts, share of voice over time) drawn by uPlot (canvas, about 20 KB gzipped), with a
 * tooltip at the cursor, engines shown or hidden by shared toggles, and a visually hidden table of the same
 * numbers for screen readers; share of voice as plain HTML bars. One day of data is shown as bars per engine,
 * not as a line chart with a lone dot. Colours come from the stylesheet's series colours, and each series has
 * its own dash pattern so colour is never the only cue.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dailySeries, niceRateMax, type RateMetric, type Series } from './chart-scale.ts';
import { checkbox, h, setBarWidth, type Child } from './dom.ts';
import { slotOf } from './engine-colour.ts';
import { isLocalFetch } from './state.ts';
import { answersCount, day, percent } from './format.ts';
import type { DailyStat } from './types.ts';

const DASHES: (number[] | undefined)[] = [
  undefined,
  [7, 4],
  [2, 3],
  [10, 3, 2, 3],
  [4, 4],
  [12, 4],
  [1, 4],
  [6, 2, 2, 2],
];

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
}

const toSeconds = (d: string) => Date.parse(`${d}T00:00:00Z`) / 1000;
const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** Which series are shown; the toggles and every chart listening to them share one of these. */
export class SeriesVisibility {
  private hidden = new Set<string>();
  private listeners: ((id: string, shown: boolean) => void)[] = [];
  isShown = (id: string) => !this.hidden.has(id);
  set(id: string, shown: boolean) {
    if (shown) this.hidden.delete(id);
    else this.hidden.add(id);
    for (const l of this.listeners) l(id, shown);
  }
  listen(l: (id: string, shown: boolean) => void) {
    this.listeners.push(l);
  }
}

/** Checkboxes that show or hide each engine in every chart of the page, each with its line's swatch. */
export function seriesToggles(
  legend: string,
  items: readonly { id: string; label: string; slot: number }[],
  visibility: SeriesVisibility,
): HTMLElement {
  return h(
    'fieldset',
    { class: 'series-toggles' },
    h('legend', null, legend),
    ...items.map((item) => {
      const { wrap, box } = checkbox(item.label, visibility.isShown(item.id), { value: item.id });
      box.addEventListener('change', () => visibility.set(item.id, box.checked));
      wrap.prepend(h('span', { class: `swatch series-${item.slot}`, 'aria-hidden': 'true' }));
      return wrap;
    }),
  );
}

export interface TimeChartOptions {
  title: string;
  description: string;
  days: readonly string[];
  series: {
    id: string;
    label: string;
    slot: number;
    /** A signed-in app variant: drawn in its API engine's colour with another dash. */
    variant?: boolean;
    values: (number | null)[];
    detail: (i: number) => string;
  }[];
  yMax: number;
  visibility: SeriesVisibility;
  table: { headers: string[]; rows: string[][] };
  /** How a point's date reads in the tooltip: its day, or the week it starts. */
  pointLabel?: (date: string) => string;
  /** What the y axis measures: a rate (0 to 100 %, the default) or a count (whole numbers only). */
  yAxis?: 'rate' | 'count';
}

/** Steps between a count axis's ticks: whole numbers, so 3 hits never sit beside a 2.5 tick. */
const COUNT_STEPS = Array.from({ length: 10 }, (_, i) => [1, 2, 5].map((m) => m * 10 ** i)).flat();

/** A uPlot line chart over days with its tooltip and hidden table, resized with its box. */
export function timeChart(o: TimeChartOptions): HTMLElement {
  const descId = `d-${Math.random().toString(36).slice(2)}`;
  const box = h('div', {
    class: 'chart-box',
    role: 'img',
    'aria-label': o.title,
    'aria-describedby': descId,
  });
  const tip = h('div', { class: 'chart-tip', 'aria-hidden': 'true' });
  tip.hidden = true;
  const figure = h(
    'figure',
    { class: 'chart' },
    h('figcaption', { class: 'chart-title' }, o.title),
    box,
    h('p', { class: 'visually-hidden', id: descId }, o.description),
    hiddenDataTable(o.title, o.table.headers, o.table.rows),
  );
  const muted = cssVar('--muted');
  const grid = cssVar('--border');
  const xs = o.days.map(toSeconds);
  const options: uPlot.Options = {
    width: 600,
    height: 240,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 9 } },
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales: { x: { time: true, range: [xs[0]!, xs[xs.length - 1]!] }, y: { range: [0, o.yMax] } },
    axes: [
      {
        stroke: muted,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid },
        space: 70,
        values: (_u, ticks) => ticks.map((t) => day(isoDay(t), true)),
      },
      {
        stroke: muted,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid },
        size: 50,
        ...(o.yAxis === 'count'
          ? {
              incrs: COUNT_STEPS,
              values: (_u: uPlot, ticks: number[]) => ticks.map((t) => t.toLocaleString()),
            }
          : { values: (_u: uPlot, ticks: number[]) => ticks.map((t) => percent(t)) }),
      },
    ],
    series: [
      {},
      ...o.series.map((s) => ({
        label: s.label,
        stroke: cssVar(`--s${s.slot}`),
        width: 2,
        dash: DASHES[s.variant ? (s.slot + 4) % DASHES.length : s.slot],
        spanGaps: false,
        show: o.visibility.isShown(s.id),
        points: { show: true, size: 6, fill: cssVar(`--s${s.slot}`) },
      })),
    ],
    hooks: {
      setCursor: [
        (u) => {
          const i = u.cursor.idx;
          if (i === null || i === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
            tip.hidden = true;
            return;
          }
          const lines: Child[] = o.series
            .filter((s) => o.visibility.isShown(s.id))
            .map((s) =>
              h('li', null, h('span', { class: `swatch series-${s.slot}` }), `${s.label}: ${s.detail(i)}`),
            );
          tip.replaceChildren(h('p', null, (o.pointLabel ?? day)(o.days[i]!)), h('ul', null, lines));
          tip.hidden = false;
          const left = u.cursor.left;
          const width = u.over.clientWidth;
          tip.style.left = `${left > width / 2 ? left - tip.offsetWidth - 12 : left + 12}px`;
          tip.style.top = '8px';
        },
      ],
    },
  };
  const data: uPlot.AlignedData = [xs, ...o.series.map((s) => s.values)];
  const plot = new uPlot(options, data, box);
  plot.over.append(tip);
  const fit = () => {
    const width = Math.max(240, Math.floor(box.clientWidth));
    plot.setSize({ width, height: width < 500 ? 200 : 240 });
  };
  new ResizeObserver(fit).observe(box);
  o.visibility.listen((id, shown) => {
    const index = o.series.findIndex((s) => s.id === id);
    if (index >= 0) plot.setSeries(index + 1, { show: shown });
  });
  return figure;
}

export interface RateChartOptions {
  title: string;
  description: string;
  metric: RateMetric;
  rows: readonly DailyStat[];
  days: readonly string[];
  engines: ReadonlyMap<string, string>;
  visibility: SeriesVisibility;
  /** What a point covers: a day, or the week (7 days) starting on its date. */
  step?: 'day' | 'week';
}

/** A rate per engine per day or week: a line chart, or bars when only one point has answers. */
export function rateChart(o: RateChartOptions): HTMLElement {
  const series = dailySeries(o.rows, o.days, o.metric);
  const label = (id: string) => o.engines.get(id) ?? id;
  const withData = o.days.filter((_, i) => series.some((s) => s.points[i]!.value !== null));
  if (series.length === 0 || withData.length === 0) {
    return h(
      'figure',
      { class: 'chart' },
      h('figcaption', { class: 'chart-title' }, o.title),
      h('p', { class: 'empty' }, 'No answers in this period yet.'),
    );
  }
  const detail = (s: Series) => (i: number) => {
    const p = s.points[i]!;
    return p.value === null ? 'no answers' : `${percent(p.value)} (${p.hits} of ${answersCount(p.answers)})`;
  };
  const pointLabel = o.step === 'week' ? (d: string) => `Week of ${day(d)}` : (d: string) => day(d);
  if (withData.length === 1) return singleDay(o, series, withData[0]!, detail);
  const values = series.flatMap((s) => s.points.map((p) => p.value));
  return timeChart({
    title: o.title,
    description: o.description,
    days: o.days,
    yMax: niceRateMax(values),
    visibility: o.visibility,
    series: series.map((s) => ({
      id: s.engineId,
      label: label(s.engineId),
      slot: slotOf(o.engines, s.engineId),
      variant: isLocalFetch(s.engineId),
      values: s.points.map((p) => p.value),
      detail: detail(s),
    })),
    pointLabel,
    table: {
      headers: [o.step === 'week' ? 'Week' : 'Date', ...series.map((s) => label(s.engineId))],
      rows: o.days.map((d, i) => [pointLabel(d), ...series.map((s) => detail(s)(i))]),
    },
  });
}

/** One day of answers: a bar per engine with its rate and counts, and a word on when the lines begin. */
function singleDay(
  o: RateChartOptions,
  series: Series[],
  only: string,
  detail: (s: Series) => (i: number) => string,
) {
  const i = o.days.indexOf(only);
  const max = niceRateMax(series.map((s) => s.points[i]!.value));
  return h(
    'figure',
    { class: 'chart' },
    h('figcaption', { class: 'chart-title' }, o.title),
    h(
      'p',
      { class: 'hint' },
      o.step === 'week'
        ? `One week of answers so far (from ${day(only)}): the lines over time start with the second week.`
        : `One day of answers so far (${day(only)}): the lines over time start with the second day.`,
    ),
    barList(
      series.map((s) => ({
        key: s.engineId,
        label: o.engines.get(s.engineId) ?? s.engineId,
        fraction: (s.points[i]!.value ?? 0) / max,
        value: detail(s)(i),
        slot: slotOf(o.engines, s.engineId),
        shown: o.visibility.isShown(s.engineId),
      })),
      o.visibility,
    ),
    h('p', { class: 'chart-note' }, `Scale: 0 to ${percent(max)}.`),
  );
}

export interface Bar {
  key: string;
  label: string;
  fraction: number;
  value: string;
  slot: number;
  own?: boolean;
  shown?: boolean;
}

/** Labelled HTML bars: the label and value are text a phone can read, the bar a share of its track. */
export function barList(bars: readonly Bar[], visibility?: SeriesVisibility): HTMLElement {
  const list = h(
    'ul',
    { class: 'bar-list' },
    ...bars.map((b) => {
      const fill = h('span', { class: `bar-fill series-${b.slot}` });
      setBarWidth(fill, b.fraction);
      const li = h(
        'li',
        { class: b.own ? 'bar-row own' : 'bar-row' },
        h('span', { class: 'bar-label' }, b.label),
        h('span', { class: 'bar-track', 'aria-hidden': 'true' }, fill),
        h('span', { class: 'bar-value' }, b.value),
      );
      li.hidden = b.shown === false;
      li.dataset.key = b.key;
      return li;
    }),
  );
  visibility?.listen((id, shown) => {
    const row = [...list.children].find((li) => (li as HTMLElement).dataset.key === id) as
      HTMLElement | undefined;
    if (row) row.hidden = !shown;
  });
  return list;
}

/**
 * A chart's numbers as a table for screen readers: the first cell of a row heads it. Tables ignore width and
 * overflow, so the hiding is done by a wrapper (else a wide table widens the page).
 */
function hiddenDataTable(title: string, headers: readonly string[], rows: readonly string[][]): HTMLElement {
  return h(
    'div',
    { class: 'visually-hidden' },
    h(
      'table',
      { class: 'chart-data' },
      h('caption', null, `${title}: data`),
      h('thead', null, h('tr', null, ...headers.map((c) => h('th', { scope: 'col' }, c)))),
      h(
        'tbody',
        null,
        ...rows.map(([head, ...cells]) =>
          h('tr', null, h('th', { scope: 'row' }, head ?? ''), ...cells.map((c) => h('td', null, c))),
        ),
      ),
    ),
  );
}
