import { NO_ESTIMATE, wilson } from '../../domain/intervals.ts';
import { sourceStats } from '../../domain/source-stats.ts';
import { html } from '../html.ts';
import { anyBeyond, bounds, compare, figure, moveWords, plural } from '../noise.ts';
import { bodyOf, type PartInput, type ReportPart } from '../part.ts';

const TOP = 10;
const PAGE = 200;

/** The period before's count of each domain asked for, paging the sources read until all are found or it ends. */
async function earlierCounts(input: PartInput, domains: readonly string[]) {
  const { s, caller, projectId, previous } = input;
  const found = new Map<string, number>();
  let cursor: string | undefined;
  let citing = 0;
  do {
    const page = await bodyOf(sourceStats(s, caller, projectId, { ...previous, limit: PAGE, cursor }));
    citing = page.citingAnswers;
    for (const row of page.data) if (domains.includes(row.domain)) found.set(row.domain, row.answers);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined && found.size < domains.length);
  return { found, citing };
}

/** The domains cited most, with their share against the period before, and the gaps (competitors', never yours). */
export const sourcesPart: ReportPart<'sources'> = {
  key: 'sources',
  title: 'Sources and gaps',
  async build(input) {
    const { s, caller, projectId, range } = input;
    const [top, gaps] = await Promise.all([
      bodyOf(sourceStats(s, caller, projectId, { ...range, limit: TOP })),
      bodyOf(sourceStats(s, caller, projectId, { ...range, gaps: true, limit: TOP })),
    ]);
    const before = await earlierCounts(
      input,
      top.data.map((r) => r.domain),
    );
    const rows = top.data.map((r) => ({
      domain: r.domain,
      class: r.class,
      competitor: r.competitor,
      answers: r.answers,
      share: compare(
        wilson(r.answers, top.citingAnswers),
        before.citing > 0 ? wilson(before.found.get(r.domain) ?? 0, before.citing) : NO_ESTIMATE,
      ),
    }));
    const own = rows.filter((r) => r.class === 'own');
    const moved = rows.filter((r) => r.share.beyondNoise);
    const summary =
      top.citingAnswers === 0
        ? 'No answer listed a source.'
        : [
            `${plural(top.citingAnswers, 'answer')} listed sources; ${rows[0]!.domain} was cited most (${figure('rate', rows[0]!.share.now.value)} of them).`,
            own.length > 0
              ? `Your own domains among the most cited: ${own.map((r) => `${r.domain} ${moveWords('rate', r.share)}`).join('; ')}.`
              : 'None of your domains is among the most cited.',
            moved.length > 0
              ? `${moved.length} of the top ${rows.length} moved beyond the noise.`
              : 'No top source moved beyond the noise.',
            gaps.data.length > 0
              ? `${gaps.data.length === TOP ? 'At least ' : ''}${plural(gaps.data.length, 'domain cites', 'domains cite')} competitors but never you.`
              : 'No gap: every domain that cites a competitor also cites you.',
          ].join(' ');
    return {
      summary,
      beyondNoise: anyBeyond(rows.map((r) => r.share)),
      citingAnswers: top.citingAnswers,
      top: rows,
      gaps: gaps.data.map((g) => ({ domain: g.domain, answers: g.answers, prompts: g.prompts })),
    };
  },
  render(part) {
    const kind = (r: (typeof part.top)[number]) =>
      r.class === 'own'
        ? 'yours'
        : r.class === 'competitor'
          ? `competitor${r.competitor ? `: ${r.competitor}` : ''}`
          : 'other';
    return html`<table>
        <thead>
          <tr>
            <th>Domain</th>
            <th>Kind</th>
            <th>Answers</th>
            <th>Share of citing answers</th>
            <th>Change</th>
          </tr>
        </thead>
        <tbody>
          ${part.top.map(
            (r) =>
              html`<tr>
                <td>${r.domain}</td>
                <td>${kind(r)}</td>
                <td>${r.answers}</td>
                <td>
                  ${figure('rate', r.share.now.value)}
                  <span class="muted">${bounds('rate', r.share.now)}</span>
                </td>
                <td class="${r.share.beyondNoise ? 'moved' : ''}">${moveWords('rate', r.share)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <h3>Gaps: cited beside competitors, never beside you</h3>
      ${
        part.gaps.length === 0
          ? html`<p class="muted">None.</p>`
          : html`<table>
              <thead>
                <tr>
                  <th>Domain</th>
                  <th>Answers</th>
                  <th>Prompts</th>
                </tr>
              </thead>
              <tbody>
                ${part.gaps.map(
                  (g) =>
                    html`<tr>
                      <td>${g.domain}</td>
                      <td>${g.answers}</td>
                      <td>${g.prompts}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
      }`;
  },
};
