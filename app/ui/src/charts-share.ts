/** Share of voice: bars for the period, and each brand's share over time. */
import { niceRateMax, shareOfVoice } from './chart-scale.ts';
import { barList, seriesToggles, timeChart, type SeriesVisibility } from './charts.ts';
import { SERIES_STYLES } from './engine-colour.ts';
import { h } from './dom.ts';
import { answersCount, day, percent } from './format.ts';
import type { CompetitorStat } from './types.ts';

/** Share of voice: the own brand first, then the competitors from the most named, on a scale up to the largest share. */
export function shareOfVoiceBars(
  title: string,
  rows: readonly CompetitorStat[],
  answers: number,
): HTMLElement {
  const shares = shareOfVoice(rows).sort(
    (a, b) => Number(b.isOwnBrand) - Number(a.isOwnBrand) || b.mentioned - a.mentioned,
  );
  const figure = h('figure', { class: 'chart' }, h('figcaption', { class: 'chart-title' }, title));
  if (shares.length === 0 || answers === 0 || shares.every((r) => r.mentioned === 0)) {
    figure.append(h('p', { class: 'empty' }, 'No brand named in this period yet.'));
    return figure;
  }
  const max = niceRateMax(shares.map((r) => r.share));
  figure.append(
    barList(
      shares.map((r) => ({
        key: r.name,
        label: r.isOwnBrand ? `${r.name} (you)` : r.name,
        fraction: (r.share ?? 0) / max,
        value: `${percent(r.share)} · ${answersCount(r.mentioned)}`,
        slot: r.isOwnBrand ? 0 : 7,
        own: r.isOwnBrand,
      })),
    ),
    h(
      'p',
      { class: 'chart-note' },
      `Bars on a scale of 0 to ${percent(max)}: each brand's share of all brand mentions in ${answersCount(answers)}; the count is the answers that name it.`,
    ),
  );
  return figure;
}

export interface SovPoint {
  from: string;
  to: string;
  rows: readonly CompetitorStat[];
}

/** Share of voice per period (day, week or month) for the own brand and the most named competitors. */
export function shareOfVoiceOverTime(
  title: string,
  points: readonly SovPoint[],
  visibility: SeriesVisibility,
): HTMLElement {
  const names = new Map<string, { own: boolean; total: number }>();
  for (const p of points)
    for (const r of p.rows) {
      const n = names.get(r.name) ?? { own: r.isOwnBrand, total: 0 };
      n.total += r.mentioned;
      names.set(r.name, n);
    }
  const shown = [...names]
    .sort((a, b) => Number(b[1].own) - Number(a[1].own) || b[1].total - a[1].total)
    .slice(0, 5)
    .map(([n]) => n);
  const shares = points.map((p) => {
    const total = p.rows.reduce((n, r) => n + r.mentioned, 0);
    return new Map(p.rows.map((r) => [r.name, total > 0 ? r.mentioned / total : null]));
  });
  const filled = shares.filter((m) => [...m.values()].some((v) => v !== null)).length;
  if (filled < 2) {
    return h(
      'figure',
      { class: 'chart' },
      h('figcaption', { class: 'chart-title' }, title),
      h('p', { class: 'empty' }, 'Share of voice over time needs answers on at least two periods.'),
    );
  }
  const series = shown.map((name, i) => ({
    id: `sov:${name}`,
    label: names.get(name)!.own ? `${name} (you)` : name,
    slot: i === 0 && names.get(name)!.own ? 0 : (i + 1) % SERIES_STYLES,
    values: shares.map((m) => m.get(name) ?? null),
    detail: (j: number) => percent(shares[j]!.get(name) ?? null),
  }));
  const periodLabel = (p: SovPoint) => (p.from === p.to ? day(p.from) : `${day(p.from)} to ${day(p.to)}`);
  return h(
    'div',
    null,
    seriesToggles('Brands shown', series, visibility),
    timeChart({
      title,
      description: `Each brand's share of all brand mentions per period, ${periodLabel(points[0]!)} to ${day(points[points.length - 1]!.to)}.`,
      days: points.map((p) => p.from),
      yMax: niceRateMax(series.flatMap((s) => s.values)),
      visibility,
      series,
      table: {
        headers: ['Period', ...series.map((s) => s.label)],
        rows: points.map((p, j) => [periodLabel(p), ...series.map((s) => s.detail(j))]),
      },
    }),
  );
}
