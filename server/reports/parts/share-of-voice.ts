import { NO_ESTIMATE, wilson } from '../../domain/intervals.ts';
import { competitorShares } from '../../domain/stats.ts';
import { html } from '../html.ts';
import { anyBeyond, bounds, compare, figure, moveWords } from '../noise.ts';
import { type ReportPart } from '../part.ts';

/** Each brand's share of all brand mentions (the brand and its tracked competitors), against the period before. */
export const shareOfVoicePart: ReportPart<'shareOfVoice'> = {
  key: 'shareOfVoice',
  title: 'Share of voice',
  async build({ s, caller, projectId, range, previous }) {
    const [now, before] = await Promise.all([
      competitorShares(s, caller, projectId, range),
      competitorShares(s, caller, projectId, previous),
    ]);
    const total = (rows: readonly { mentioned: number }[]) => rows.reduce((n, r) => n + r.mentioned, 0);
    const mentions = total(now.data);
    const earlier = total(before.data);
    const brands = now.data.map((b) => {
      const p = before.data.find((x) => x.name === b.name && x.isOwnBrand === b.isOwnBrand);
      return {
        name: b.name,
        isOwnBrand: b.isOwnBrand,
        mentioned: b.mentioned,
        share: compare(
          mentions > 0 ? wilson(b.mentioned, mentions) : NO_ESTIMATE,
          p && earlier > 0 ? wilson(p.mentioned, earlier) : NO_ESTIMATE,
        ),
      };
    });
    const own = brands.find((b) => b.isOwnBrand);
    const leader = [...brands].sort((a, b) => b.mentioned - a.mentioned)[0];
    const moved = brands.filter((b) => b.share.beyondNoise);
    const summary =
      mentions === 0
        ? 'No answer named the brand or a tracked competitor.'
        : [
            own ? `Your share of voice is ${moveWords('rate', own.share)}.` : '',
            leader && leader !== own
              ? `${leader.name} is named most (${figure('rate', leader.share.now.value)}).`
              : '',
            moved.filter((b) => b !== own).length > 0
              ? `Beyond the noise: ${moved
                  .filter((b) => b !== own)
                  .map((b) => `${b.name} ${moveWords('rate', b.share)}`)
                  .join('; ')}.`
              : '',
          ]
            .filter(Boolean)
            .join(' ');
    return { summary, beyondNoise: anyBeyond(brands.map((b) => b.share)), mentions, brands };
  },
  render(part) {
    return html`<table>
      <thead>
        <tr>
          <th>Brand</th>
          <th>Mentions</th>
          <th>Share of voice</th>
          <th>Change</th>
        </tr>
      </thead>
      <tbody>
        ${part.brands.map(
          (b) =>
            html`<tr${b.isOwnBrand ? html` class="own"` : ''}><th scope="row">${b.name}${b.isOwnBrand ? ' (you)' : ''}</th><td>${b.mentioned}</td>
<td><span class="bar"><span class="fill w${Math.round((b.share.now.value ?? 0) * 20) * 5}"></span></span> ${figure('rate', b.share.now.value)} <span class="muted">${bounds('rate', b.share.now)}</span></td>
<td class="${b.share.beyondNoise ? 'moved' : ''}">${moveWords('rate', b.share)}</td></tr>`,
        )}
      </tbody>
    </table>`;
  },
};
