/**
 * Inline SVG charts drawn here (no chart library): rate lines per engine over days, and share-of-voice bars.
 * Every chart has a text legend and a visually hidden table with the same numbers for screen readers; colours
 * come from CSS classes, and each series also has its own dash pattern so colour is never the only cue.
 */
import {
  dailySeries,
  labelIndexes,
  linearScale,
  linePath,
  niceRateMax,
  shareOfVoice,
  rateTicks,
  type RateMetric,
} from './chart-scale.ts';
import { h, s, uid } from './dom.ts';
import { percent, shortDate } from './format.ts';
import type { CompetitorStat, DailyStat } from './types.ts';

const W = 640;
const H = 280;
const M = { top: 14, right: 18, bottom: 32, left: 52 };
const SERIES_STYLES = 8;

export interface LineChartOptions {
  title: string;
  description: string;
  metric: RateMetric;
  rows: readonly DailyStat[];
  days: readonly string[];
  /** Engine id to label; a stable order for colours. */
  engines: ReadonlyMap<string, string>;
}

/** Colour slot of an engine: its place among all the project's engines, so it is the same in every chart. */
function slotOf(engines: ReadonlyMap<string, string>, engineId: string): number {
  const i = [...engines.keys()].indexOf(engineId);
  return (i < 0 ? engines.size + engineId.length : i) % SERIES_STYLES;
}

export function lineChart(o: LineChartOptions): HTMLElement {
  const series = dailySeries(o.rows, o.days, o.metric);
  const titleId = uid('chart-title');
  const descId = uid('chart-desc');
  const figure = h(
    'figure',
    { class: 'chart' },
    h('figcaption', { id: titleId, class: 'chart-title' }, o.title),
  );
  if (series.length === 0 || o.days.length === 0) {
    figure.append(h('p', { class: 'empty' }, 'No answers in this period yet.'));
    return figure;
  }
  const yMax = niceRateMax(series.flatMap((sr) => sr.points.map((p) => p.value)));
  const x = linearScale([0, Math.max(1, o.days.length - 1)], [M.left, W - M.right]);
  const xAt = o.days.length === 1 ? () => (M.left + W - M.right) / 2 : x;
  const y = linearScale([0, yMax], [H - M.bottom, M.top]);

  const svg = s('svg', {
    viewBox: `0 0 ${W} ${H}`,
    role: 'img',
    'aria-labelledby': titleId,
    'aria-describedby': descId,
    class: 'chart-svg',
    preserveAspectRatio: 'xMidYMid meet',
  });
  svg.append(s('desc', { id: descId }, o.description));

  const grid = s('g', { class: 'axis', 'aria-hidden': 'true' });
  for (const t of rateTicks(yMax)) {
    grid.append(
      s('line', {
        x1: M.left,
        x2: W - M.right,
        y1: y(t),
        y2: y(t),
        class: t === 0 ? 'baseline' : 'gridline',
      }),
      s('text', { x: M.left - 6, y: y(t) + 4, 'text-anchor': 'end' }, percent(t)),
    );
  }
  const labels = labelIndexes(o.days.length);
  for (const i of labels) {
    // The first and last labels hang inwards so they are never cut at the edges.
    const anchor =
      labels.length > 1 && i === 0
        ? 'start'
        : labels.length > 1 && i === o.days.length - 1
          ? 'end'
          : 'middle';
    grid.append(s('text', { x: xAt(i), y: H - 8, 'text-anchor': anchor }, shortDate(o.days[i]!)));
  }
  svg.append(grid);

  for (const sr of series) {
    const slot = slotOf(o.engines, sr.engineId);
    const label = o.engines.get(sr.engineId) ?? sr.engineId;
    const g = s('g', { class: `series series-${slot}` });
    const d = linePath(
      sr.points.map((p) => p.value),
      xAt,
      y,
    );
    if (d) g.append(s('path', { d, class: 'line', fill: 'none' }));
    sr.points.forEach((p, i) => {
      if (p.value === null) return;
      g.append(
        s(
          'circle',
          { cx: xAt(i), cy: y(p.value), r: 4.5, class: 'point' },
          s('title', null, `${label}, ${o.days[i]}: ${percent(p.value)} (${p.hits} of ${p.answers})`),
        ),
      );
    });
    svg.append(g);
  }
  figure.append(
    svg,
    legend(
      series.map((sr) => sr.engineId),
      o.engines,
    ),
  );

  figure.append(
    hiddenDataTable(
      o.title,
      ['Date', ...series.map((sr) => o.engines.get(sr.engineId) ?? sr.engineId)],
      o.days.map((day, i) => [
        day,
        ...series.map((sr) => {
          const p = sr.points[i]!;
          return p.value === null ? 'no answers' : `${percent(p.value)} (${p.hits} of ${p.answers})`;
        }),
      ]),
    ),
  );
  return figure;
}

function legend(ids: readonly string[], engines: ReadonlyMap<string, string>): HTMLElement {
  return h(
    'ul',
    { class: 'legend', 'aria-label': 'Legend' },
    ...ids.map((id) =>
      h(
        'li',
        null,
        s(
          'svg',
          {
            class: `swatch series series-${slotOf(engines, id)}`,
            viewBox: '0 0 24 10',
            'aria-hidden': 'true',
          },
          s('line', { x1: 1, x2: 23, y1: 5, y2: 5, class: 'line' }),
        ),
        engines.get(id) ?? id,
      ),
    ),
  );
}

export interface BarChartOptions {
  title: string;
  rows: readonly CompetitorStat[];
  answers: number;
}

/** Share of voice: one bar per brand (the project's own first and marked), lengths its share of all mentions. */
export function shareOfVoiceChart(o: BarChartOptions): HTMLElement {
  const titleId = uid('chart-title');
  const figure = h(
    'figure',
    { class: 'chart' },
    h('figcaption', { id: titleId, class: 'chart-title' }, o.title),
  );
  // The project's own brand first, then the competitors from the most named down.
  const rows = shareOfVoice(o.rows).sort(
    (a, b) => Number(b.isOwnBrand) - Number(a.isOwnBrand) || b.mentioned - a.mentioned,
  );
  if (rows.length === 0 || o.answers === 0) {
    figure.append(h('p', { class: 'empty' }, 'No answers in this period yet.'));
    return figure;
  }
  const rowH = 30;
  const labelW = 150;
  const valueW = 120;
  const height = rows.length * rowH + 8;
  const x = linearScale([0, 1], [labelW, W - valueW]);
  const svg = s('svg', {
    viewBox: `0 0 ${W} ${height}`,
    role: 'img',
    'aria-labelledby': titleId,
    class: 'chart-svg bars',
  });
  rows.forEach((r, i) => {
    const top = 4 + i * rowH;
    const share = r.share ?? 0;
    svg.append(
      s(
        'g',
        { class: r.isOwnBrand ? 'bar own' : 'bar' },
        s(
          'text',
          { x: labelW - 8, y: top + rowH / 2 + 4, 'text-anchor': 'end', class: 'bar-label' },
          truncate(r.name, 22),
        ),
        s('rect', {
          x: labelW,
          y: top + 5,
          width: Math.max(0, x(1) - labelW),
          height: rowH - 10,
          class: 'track',
          rx: 3,
        }),
        s(
          'rect',
          {
            x: labelW,
            y: top + 5,
            width: Math.max(share > 0 ? 2 : 0, x(share) - labelW),
            height: rowH - 10,
            class: 'fill',
            rx: 3,
          },
          s(
            'title',
            null,
            `${r.name}: ${percent(r.share)} of brand mentions; named in ${r.mentioned} of ${o.answers} answers`,
          ),
        ),
        s(
          'text',
          { x: W - valueW + 8, y: top + rowH / 2 + 4, class: 'bar-value' },
          `${percent(r.share)} · ${r.mentioned}`,
        ),
      ),
    );
  });
  figure.append(
    svg,
    h(
      'p',
      { class: 'chart-note' },
      `Bar length: the brand's share of all brand mentions in ${o.answers.toLocaleString()} answers; the number after it counts the answers that name the brand.`,
    ),
    hiddenDataTable(
      o.title,
      ['Brand', 'Share of voice', 'Answers naming it', 'Mention rate', 'Citation rate'],
      rows.map((r) => [
        r.isOwnBrand ? `${r.name} (your brand)` : r.name,
        percent(r.share),
        String(r.mentioned),
        percent(r.mentionRate),
        percent(r.citationRate),
      ]),
    ),
  );
  return figure;
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

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
