/**
 * A headline figure's small trend line: plain SVG drawn from the points (no chart library), scaled to its own
 * minimum and maximum so the shape shows, stretched to the tile's width. Its name says what it shows.
 */
import { s } from './dom.ts';

const W = 120;
const H = 32;
const PAD = 3;

/** The polyline's points ("x,y x,y"), gaps left out; empty when fewer than two values are known. */
export function sparkPoints(values: readonly (number | null)[]): string {
  const known = values.flatMap((v, i) => (v === null ? [] : [{ v, i }]));
  if (known.length < 2) return '';
  const min = Math.min(...known.map((k) => k.v));
  const max = Math.max(...known.map((k) => k.v));
  const span = max - min || 1;
  const step = (W - 2 * PAD) / Math.max(1, values.length - 1);
  return known
    .map(({ v, i }) => {
      const y = max === min ? H / 2 : H - PAD - ((v - min) / span) * (H - 2 * PAD);
      return `${(PAD + i * step).toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** The trend line, or null when there is too little to draw; `name` says what it shows for screen readers. */
export function sparkline(values: readonly (number | null)[], name: string): SVGSVGElement | null {
  const points = sparkPoints(values);
  if (!points) return null;
  return s(
    'svg',
    {
      class: 'sparkline',
      viewBox: `0 0 ${W} ${H}`,
      preserveAspectRatio: 'none',
      role: 'img',
      'aria-label': name,
    },
    s('polyline', { points, class: 'spark-line' }),
  );
}
