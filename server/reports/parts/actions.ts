import { listActions } from '../../domain/actions/list-actions.ts';
import { NO_ESTIMATE, wilson } from '../../domain/intervals.ts';
import { html } from '../html.ts';
import { anyBeyond, compare, moveWords, plural } from '../noise.ts';
import { bodyOf, type ReportPart, type ReportParts } from '../part.ts';

/** As many as a reader acts on from one page. */
const TOP_ACTIONS = 5;

type Row = ReportParts['actions']['data'][number];
type Figures = readonly { answers: number; mentioned: number | null }[];

const KIND_WORDS: Record<Row['kind'], string> = {
  'win-back-prompt': 'Win back a prompt',
  'get-cited-on': 'Get cited',
  'cover-query': 'Cover a search',
  'spread-page': 'Spread a page',
  'fix-narrative': 'Fix the narrative',
};

/** The brand's mention rate over the engines a figure lists (their answers summed). */
function rateOf(engines: Figures) {
  const answers = engines.reduce((n, e) => n + e.answers, 0);
  const mentioned = engines.reduce((n, e) => n + (e.mentioned ?? 0), 0);
  return answers > 0 ? wilson(mentioned, answers) : NO_ESTIMATE;
}

/**
 * The actions read's first page for the period: what to do first, ranked by the answers each reaches. A won-back
 * prompt is the one kind measured twice (the engines lost, now and before), so it alone says whether the loss is
 * beyond the noise; the others are counts of this period with nothing earlier to compare.
 */
export const actionsPart: ReportPart<'actions'> = {
  key: 'actions',
  title: 'Top actions',
  async build({ s, caller, projectId, range }) {
    const page = await bodyOf(listActions(s, caller, projectId, { ...range, limit: TOP_ACTIONS }));
    const data: Row[] = page.data.map((a) => ({
      actionId: a.id,
      kind: a.kind,
      title: a.title,
      reach: a.reach,
      status: a.status,
      mentionRate:
        a.kind === 'win-back-prompt'
          ? compare(rateOf(a.evidence.engines), rateOf(a.evidence.previous))
          : null,
    }));
    const lost = data.filter((a) => a.mentionRate !== null);
    const open = data.filter((a) => a.status === 'open').length;
    const summary =
      data.length === 0
        ? 'No action stands out in this period.'
        : [
            `${plural(data.length, 'action')} ranked by reach, the first reaching ${plural(data[0]!.reach.answers, 'answer')}; ${open} ${open === 1 ? 'is' : 'are'} open.`,
            lost.length > 0
              ? `${plural(lost.length, 'prompt')} to win back, ${lost.filter((a) => a.mentionRate!.beyondNoise).length} lost beyond the noise.`
              : '',
          ]
            .filter(Boolean)
            .join(' ');
    return { summary, beyondNoise: anyBeyond(lost.map((a) => a.mentionRate!)), data };
  },
  render(part) {
    if (part.data.length === 0) return html``;
    return html`<table>
      <thead>
        <tr>
          <th>Action</th>
          <th>Kind</th>
          <th>Reach</th>
          <th>Status</th>
          <th>Change</th>
        </tr>
      </thead>
      <tbody>
        ${part.data.map(
          (a) =>
            html`<tr>
              <td class="quoted">${a.title}</td>
              <td>${KIND_WORDS[a.kind]}</td>
              <td>
                ${plural(a.reach.answers, 'answer')}, ${plural(a.reach.prompts, 'prompt')},
                ${plural(a.reach.engines, 'engine')}
              </td>
              <td>${a.status}</td>
              <td class="${a.mentionRate?.beyondNoise ? 'moved' : ''}">
                ${a.mentionRate ? `mentions on the engines lost ${moveWords('rate', a.mentionRate)}` : '—'}
              </td>
            </tr>`,
        )}
      </tbody>
    </table>`;
  },
};
