import { engineLabel } from '../../../engines/catalog.ts';
import { driftingAnswers } from '../../domain/drift-answers.ts';
import { NO_ESTIMATE, wilson } from '../../domain/intervals.ts';
import { trendStats } from '../../domain/trend-stats.ts';
import { html } from '../html.ts';
import { compare, figure, moveWords, plural } from '../noise.ts';
import { bodyOf, type PartInput, type ReportPart } from '../part.ts';

const LATEST = 10;

async function period(input: PartInput, range: { from: string; to: string }, limit: number) {
  const { s, caller, projectId } = input;
  const [trends, drifting] = await Promise.all([
    bodyOf(trendStats(s, caller, projectId, { ...range, interval: 'range', perEngine: false })),
    driftingAnswers(s, caller, projectId, range, limit),
  ]);
  return { answers: trends.data[0]?.answers ?? 0, ...drifting };
}

/** The answers that describe the brand differently from its Brand Truth, as the LLM judge found them. */
export const driftPart: ReportPart<'drift'> = {
  key: 'drift',
  title: 'Answers drifting from your Brand Truth',
  async build(input) {
    const [now, before] = await Promise.all([
      period(input, input.range, LATEST),
      period(input, input.previous, 0),
    ]);
    const share = (p: typeof now) => (p.answers > 0 ? wilson(p.drift + p.partial, p.answers) : NO_ESTIMATE);
    const drifting = compare(share(now), share(before));
    const summary =
      now.drift + now.partial === 0
        ? 'No answer was found drifting from the Brand Truth (answers are judged only with a Brand Truth and an LLM judge).'
        : `${plural(now.drift, 'answer')} ${now.drift === 1 ? 'drifts' : 'drift'} from the Brand Truth and ${now.partial} in part: the share drifting is ${moveWords('rate', drifting)}.`;
    return {
      summary,
      beyondNoise: drifting.beyondNoise,
      answers: now.answers,
      drifting,
      drift: now.drift,
      partial: now.partial,
      latest: now.latest.map((a) => ({
        answerId: a.id,
        engineId: a.engineId,
        date: a.date,
        promptText: a.promptText,
        drift: a.drift,
        reason: a.reason,
      })),
    };
  },
  render(part) {
    return html`<p>
        ${part.drift + part.partial} of ${part.answers} answers (${figure('rate', part.drifting.now.value)}).
      </p>
      ${
        part.latest.length === 0
          ? ''
          : html`<table>
              <thead>
                <tr>
                  <th>Day</th>
                  <th>Engine</th>
                  <th>Prompt</th>
                  <th>Drift</th>
                  <th>Why (the judge's words)</th>
                </tr>
              </thead>
              <tbody>
                ${part.latest.map(
                  (a) =>
                    html`<tr>
                      <td>${a.date}</td>
                      <td>${engineLabel(a.engineId)}</td>
                      <td>${a.promptText}</td>
                      <td>${a.drift === 'true' ? 'yes' : 'in part'}</td>
                      <td class="quoted">${a.reason ?? ''}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
      }`;
  },
};
