import { NO_ESTIMATE, poisson } from '../../domain/intervals.ts';
import { crawlerStats } from '../../traffic/crawler-stats.ts';
import { referralStats } from '../../traffic/referral-stats.ts';
import { html } from '../html.ts';
import { anyBeyond, bounds, compare, figure, moveWords } from '../noise.ts';
import { bodyOf, type PartInput, type ReportPart, type ReportParts } from '../part.ts';

const SHOWN = 5;
/** The crawlers read's largest page: agents are few, so one page or two holds them all. */
const PAGE = 200;

type Part = ReportParts['traffic'];

/** The purposes of AI agents: the rest of the crawlers read is classic search engines, other bots and people. */
const AI_PURPOSES: ReadonlySet<string> = new Set(['training', 'search', 'user']);

/** Every AI agent of a period as the crawlers read ranks them (most hits first), all its pages read. */
async function agents(input: PartInput, range: { from: string; to: string }) {
  const { s, caller, projectId } = input;
  const out = [];
  let cursor: string | undefined;
  do {
    const page = await bodyOf(crawlerStats(s, caller, projectId, { ...range, limit: PAGE, cursor }));
    out.push(...page.data.filter((a) => AI_PURPOSES.has(a.purpose)));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

const total = (rows: readonly { hits: number }[]) => rows.reduce((n, r) => n + r.hits, 0);

const empty = (summary: string, imported: boolean): Part => {
  const none = compare(NO_ESTIMATE, NO_ESTIMATE);
  return {
    summary,
    beyondNoise: null,
    imported,
    crawlers: { hits: none, agents: [] },
    referrals: { visits: none, engines: [], pages: [] },
  };
};

/**
 * Who fetched the site and who came from AI answers, from the imported logs, as stats/crawlers and stats/referrals
 * read them. Hits and visits are counts of independent events, so their interval is a Poisson one; a project
 * without logs says so rather than showing zeros as if they were measured.
 */
export const trafficPart: ReportPart<'traffic'> = {
  key: 'traffic',
  title: 'AI crawlers and referrals',
  async build(input) {
    const { s, caller, projectId, range, previous } = input;
    if (!(await s.store.traffic.imported(projectId)))
      return empty(
        'No logs imported: import the site’s access logs (npx answerwatch traffic import) to see AI crawlers and referrals.',
        false,
      );
    const [now, before, referrals] = await Promise.all([
      agents(input, range),
      agents(input, previous),
      bodyOf(referralStats(s, caller, projectId, { ...range, limit: SHOWN })),
    ]);
    const hits = compare(poisson(total(now)), poisson(total(before)));
    const visits = compare(poisson(referrals.visits), poisson(referrals.visits - referrals.change));
    if (total(now) + total(before) + referrals.visits + (referrals.visits - referrals.change) === 0)
      return empty('No AI crawler or referral in the logs of this period or the one before.', true);
    const top = now[0];
    return {
      summary: [
        `AI crawler hits ${moveWords('count', hits)}${top ? ` (${top.agent} most, ${top.hits})` : ''}.`,
        `Visits from AI answers ${moveWords('count', visits)}.`,
      ].join(' '),
      beyondNoise: anyBeyond([hits, visits]),
      imported: true,
      crawlers: {
        hits,
        agents: now.slice(0, SHOWN).map((a) => ({
          agent: a.agent,
          operator: a.operator,
          purpose: a.purpose as Part['crawlers']['agents'][number]['purpose'],
          hits: a.hits,
          change: a.change,
        })),
      },
      referrals: {
        visits,
        engines: referrals.engines.map((e) => ({ engine: e.engine, visits: e.visits, change: e.change })),
        pages: referrals.data.map((p) => ({ page: p.page, visits: p.visits })),
      },
    };
  },
  render(part) {
    if (!part.imported) return html``;
    const count = (label: string, c: Part['crawlers']['hits']) =>
      html`<p>
        ${label}: ${figure('count', c.now.value)} <span class="muted">${bounds('count', c.now)}</span>
      </p>`;
    const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
    return html`${count('AI crawler hits', part.crawlers.hits)}
    ${
      part.crawlers.agents.length === 0
        ? ''
        : html`<table>
            <thead>
              <tr>
                <th>Crawler</th>
                <th>Purpose</th>
                <th>Hits</th>
                <th>Change</th>
              </tr>
            </thead>
            <tbody>
              ${part.crawlers.agents.map(
                (a) =>
                  html`<tr>
                    <td>${a.agent} <span class="muted">${a.operator ?? ''}</span></td>
                    <td>${a.purpose}</td>
                    <td>${a.hits}</td>
                    <td>${signed(a.change)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
    ${count('Visits from AI answers', part.referrals.visits)}
    ${
      part.referrals.engines.length === 0
        ? ''
        : html`<table>
            <thead>
              <tr>
                <th>From</th>
                <th>Visits</th>
                <th>Change</th>
              </tr>
            </thead>
            <tbody>
              ${part.referrals.engines.map(
                (e) =>
                  html`<tr>
                    <td>${e.engine}</td>
                    <td>${e.visits}</td>
                    <td>${signed(e.change)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
    ${
      part.referrals.pages.length === 0
        ? ''
        : html`<table>
            <thead>
              <tr>
                <th>Landing page</th>
                <th>Visits</th>
              </tr>
            </thead>
            <tbody>
              ${part.referrals.pages.map(
                (p) =>
                  html`<tr>
                    <td class="quoted">${p.page}</td>
                    <td>${p.visits}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }`;
  },
};
