import { wilson } from '../../domain/intervals.ts';
import { promptStats } from '../../domain/prompt-stats.ts';
import { html } from '../html.ts';
import { anyBeyond, bounds, compare, figure, moveWords } from '../noise.ts';
import { bodyOf, type PartInput, type ReportPart, type ReportParts } from '../part.ts';

const SHOWN = 5;

type Move = ReportParts['prompts']['won'][number];

/** The prompts whose mention rate rose (won) or fell (lost) most against the period before, from the prompts read. */
async function moves(input: PartInput, order: 'asc' | 'desc'): Promise<Move[]> {
  const { s, caller, projectId, range } = input;
  const page = await bodyOf(
    promptStats(s, caller, projectId, { ...range, sort: 'mentionRateChange', order, limit: SHOWN }),
  );
  return page.data
    .filter(
      (p) =>
        p.change.mentionRate !== null &&
        (order === 'desc' ? p.change.mentionRate > 0 : p.change.mentionRate < 0),
    )
    .map((p) => {
      // The read gives this period's counts and their change; the period before is their difference.
      const before = { answers: p.answers - p.change.answers, mentioned: p.mentioned - p.change.mentioned };
      return {
        promptId: p.promptId,
        text: p.text,
        answers: p.answers,
        mentionRate: compare(wilson(p.mentioned, p.answers), wilson(before.mentioned, before.answers)),
      };
    });
}

const list = (title: string, rows: readonly Move[]) =>
  html`<h3>${title}</h3>
    ${
      rows.length === 0
        ? html`<p class="muted">None.</p>`
        : html`<table>
            <thead>
              <tr>
                <th>Prompt</th>
                <th>Answers</th>
                <th>Mention rate</th>
                <th>Change</th>
              </tr>
            </thead>
            <tbody>
              ${rows.map(
                (r) =>
                  html`<tr>
                    <td>${r.text}</td>
                    <td>${r.answers}</td>
                    <td>
                      ${figure('rate', r.mentionRate.now.value)}
                      <span class="muted">${bounds('rate', r.mentionRate.now)}</span>
                    </td>
                    <td class="${r.mentionRate.beyondNoise ? 'moved' : ''}">
                      ${moveWords('rate', r.mentionRate)}
                    </td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }`;

export const promptsPart: ReportPart<'prompts'> = {
  key: 'prompts',
  title: 'Prompts won and lost',
  async build(input) {
    const [won, lost] = await Promise.all([moves(input, 'desc'), moves(input, 'asc')]);
    const clear = (rows: readonly Move[]) => rows.filter((r) => r.mentionRate.beyondNoise).length;
    const summary =
      won.length + lost.length === 0
        ? 'No prompt’s mention rate changed against the period before.'
        : `${won.length} of the prompts shown gained mentions (${clear(won)} beyond the noise), ${lost.length} lost them (${clear(lost)} beyond the noise).`;
    return { summary, beyondNoise: anyBeyond([...won, ...lost].map((r) => r.mentionRate)), won, lost };
  },
  render(part) {
    return html`${list('Won: mentioned more often', part.won)}${list('Lost: mentioned less often', part.lost)}`;
  },
};
