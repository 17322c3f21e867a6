import { engineLabel } from '../../../engines/catalog.ts';
import { daysInclusive } from '../../domain/clock.ts';
import { NO_ESTIMATE } from '../../domain/intervals.ts';
import { trendStats } from '../../domain/trend-stats.ts';
import { html } from '../html.ts';
import { anyBeyond, bounds, compare, figure, moveWords } from '../noise.ts';
import { bodyOf, type ReportPart } from '../part.ts';

/** Mention and citation rate per engine over the period against the one before, and their course within it. */
export const trendsPart: ReportPart<'trends'> = {
  key: 'trends',
  title: 'Mention and citation rate per engine',
  async build({ s, caller, projectId, range, previous }) {
    // Two weeks or less are told by day, longer periods by ISO week, as the overview draws them.
    const interval = daysInclusive(range.from, range.to) > 14 ? 'week' : 'day';
    const [now, before, course] = await Promise.all([
      bodyOf(trendStats(s, caller, projectId, { ...range, interval: 'range' })),
      bodyOf(trendStats(s, caller, projectId, { ...previous, interval: 'range' })),
      bodyOf(trendStats(s, caller, projectId, { ...range, interval })),
    ]);
    const engines = now.data
      .map((t) => {
        const p = before.data.find((b) => b.engineId === t.engineId);
        const mentionRate = compare(t.mentionRate, p?.mentionRate ?? NO_ESTIMATE);
        const citationRate = compare(t.citationRate, p?.citationRate ?? NO_ESTIMATE);
        const name = engineLabel(t.engineId!);
        return {
          engineId: t.engineId!,
          answers: t.answers,
          mentionRate,
          citationRate,
          summary: `${name}: mentions ${moveWords('rate', mentionRate)}; citations ${moveWords('rate', citationRate)}.`,
        };
      })
      .sort((a, b) => b.answers - a.answers || (a.engineId < b.engineId ? -1 : 1));
    const moved = engines.filter((e) => e.mentionRate.beyondNoise || e.citationRate.beyondNoise);
    const summary =
      engines.length === 0
        ? 'No engine answered in this period.'
        : moved.length === 0
          ? `No engine's mention or citation rate moved beyond the noise.`
          : moved.map((e) => e.summary).join(' ');
    return {
      summary,
      beyondNoise: anyBeyond(engines.flatMap((e) => [e.mentionRate, e.citationRate])),
      interval,
      engines,
      points: course.data.map((p) => ({
        period: p.period,
        from: p.from,
        to: p.to,
        engineId: p.engineId!,
        answers: p.answers,
        mentionRate: p.mentionRate,
        citationRate: p.citationRate,
      })),
    };
  },
  render(part) {
    const periods = [...new Set(part.points.map((p) => p.period))];
    const cell = (engineId: string, period: string) => {
      const p = part.points.find((x) => x.engineId === engineId && x.period === period);
      return html`<td>
        ${p ? `${figure('rate', p.mentionRate.value)} / ${figure('rate', p.citationRate.value)}` : '—'}
      </td>`;
    };
    return html`<table>
        <thead>
          <tr>
            <th>Engine</th>
            <th>Answers</th>
            <th>Mention rate</th>
            <th>Change</th>
            <th>Citation rate</th>
            <th>Change</th>
          </tr>
        </thead>
        <tbody>
          ${part.engines.map(
            (e) =>
              html`<tr>
                <th scope="row">${engineLabel(e.engineId)}</th>
                <td>${e.answers}</td>
                <td>
                  ${figure('rate', e.mentionRate.now.value)}
                  <span class="muted">${bounds('rate', e.mentionRate.now)}</span>
                </td>
                <td class="${e.mentionRate.beyondNoise ? 'moved' : ''}">
                  ${moveWords('rate', e.mentionRate)}
                </td>
                <td>
                  ${figure('rate', e.citationRate.now.value)}
                  <span class="muted">${bounds('rate', e.citationRate.now)}</span>
                </td>
                <td class="${e.citationRate.beyondNoise ? 'moved' : ''}">
                  ${moveWords('rate', e.citationRate)}
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${
        periods.length > 1
          ? html`<h3>By ${part.interval} (mention rate / citation rate)</h3>
              <table class="course">
                <thead>
                  <tr>
                    <th>Engine</th>
                    ${periods.map((p) => html`<th>${p}</th>`)}
                  </tr>
                </thead>
                <tbody>
                  ${part.engines.map(
                    (e) =>
                      html`<tr>
                        <th scope="row">${engineLabel(e.engineId)}</th>
                        ${periods.map((p) => cell(e.engineId, p))}
                      </tr>`,
                  )}
                </tbody>
              </table>`
          : ''
      }`;
  },
};
