import { competitorShares } from '../../domain/stats.ts';
import { trendStats } from '../../domain/trend-stats.ts';
import { NO_ESTIMATE, wilson, type Estimate } from '../../domain/intervals.ts';
import { html } from '../html.ts';
import { anyBeyond, bounds, compare, figure, moveWords, plural } from '../noise.ts';
import { bodyOf, type PartInput, type ReportPart, type ReportParts } from '../part.ts';

type Kpi = ReportParts['kpis']['data'][number];

/** The brand's share of all brand mentions with its Wilson interval, as the overview's tile computes it. */
export function ownShare(rows: readonly { isOwnBrand: boolean; mentioned: number }[]): {
  share: Estimate;
  mentions: number;
} {
  const mentions = rows.reduce((n, r) => n + r.mentioned, 0);
  const own = rows.find((r) => r.isOwnBrand);
  return { share: own && mentions > 0 ? wilson(own.mentioned, mentions) : NO_ESTIMATE, mentions };
}

async function periodFigures(input: PartInput, range: { from: string; to: string }) {
  const { s, caller, projectId } = input;
  const [trends, competitors] = await Promise.all([
    bodyOf(trendStats(s, caller, projectId, { ...range, interval: 'range', perEngine: false })),
    competitorShares(s, caller, projectId, range),
  ]);
  return { trend: trends.data[0] ?? null, sov: ownShare(competitors.data) };
}

function kpi(
  id: Kpi['id'],
  label: string,
  kind: Kpi['kind'],
  basis: number,
  now: Estimate,
  previous: Estimate,
): Kpi {
  const c = compare(now, previous);
  return { id, label, kind, basis, ...c, summary: `${label} ${moveWords(kind, c)}.` };
}

/** The overview's five tiles: mention and citation rate, share of voice, average position, positive sentiment. */
export const kpisPart: ReportPart<'kpis'> = {
  key: 'kpis',
  title: 'Headline figures',
  async build(input) {
    const [now, before] = await Promise.all([
      periodFigures(input, input.range),
      periodFigures(input, input.previous),
    ]);
    const t = now.trend;
    const p = before.trend;
    const data = [
      kpi(
        'mention',
        'Mention rate',
        'rate',
        t?.answers ?? 0,
        t?.mentionRate ?? NO_ESTIMATE,
        p?.mentionRate ?? NO_ESTIMATE,
      ),
      kpi(
        'citation',
        'Citation rate',
        'rate',
        t?.answers ?? 0,
        t?.citationRate ?? NO_ESTIMATE,
        p?.citationRate ?? NO_ESTIMATE,
      ),
      kpi('sov', 'Share of voice', 'rate', now.sov.mentions, now.sov.share, before.sov.share),
      kpi(
        'position',
        'Average position',
        'rank',
        t?.positioned ?? 0,
        t?.averagePosition ?? NO_ESTIMATE,
        p?.averagePosition ?? NO_ESTIMATE,
      ),
      kpi(
        'sentiment',
        'Positive sentiment',
        'rate',
        t?.withSentiment ?? 0,
        t?.sentiment.positive ?? NO_ESTIMATE,
        p?.sentiment.positive ?? NO_ESTIMATE,
      ),
    ];
    const moved = data.filter((k) => k.beyondNoise);
    const summary =
      t === null
        ? 'No answers in this period.'
        : moved.length === 0
          ? `Over ${plural(t.answers, 'answer')}, no headline figure moved beyond the noise.`
          : `Over ${plural(t.answers, 'answer')}, beyond the noise: ${moved.map((k) => k.summary.replace(/\.$/, '')).join('; ')}.`;
    return { summary, beyondNoise: anyBeyond(data), data };
  },
  render(part) {
    return html`<div class="tiles">
      ${part.data.map(
        (k) =>
          html`<div class="tile${k.beyondNoise ? ' moved' : ''}">
            <div class="tile-label">${k.label}</div>
            <div class="tile-value">${figure(k.kind, k.now.value)}</div>
            <div class="tile-range">
              ${bounds(k.kind, k.now) ? `95 % interval ${bounds(k.kind, k.now)}` : 'no interval'}
            </div>
            <div class="tile-change">${moveWords(k.kind, k)}</div>
            <div class="tile-basis">
              ${k.id === 'sov' ? `of ${plural(k.basis, 'brand mention')}` : `over ${plural(k.basis, 'answer')}`}
            </div>
          </div>`,
      )}
    </div>`;
  },
};
