/**
 * The report's JSON drawn with the UI's own pieces: each part's sentence, its noise verdict and its figures, as the
 * API gives them. Domains, prompts, action titles, landing pages and the judge's reasons are text from engines,
 * sites and people: set as text only.
 */
import { h, type Child } from './dom.ts';
import { day, percent } from './format.ts';
import { boundsText, figureText } from './kpis.ts';
import type { Estimate, Report } from './types.ts';
import { badge, cardTable, section } from './widgets.ts';

type Parts = Report['parts'];
type Change = Parts['shareOfVoice']['brands'][number]['share'];

/** "beyond the noise", "may be noise" or nothing to compare: never colour alone. */
function noise(beyond: boolean | null): HTMLElement | null {
  if (beyond === null) return null;
  return beyond ? badge('Beyond the noise', 'ok') : badge('May be noise');
}

function verdict(part: { summary: string; beyondNoise: boolean | null }): HTMLElement {
  return h('p', { class: 'report-summary' }, part.summary, ' ', noise(part.beyondNoise));
}

const rate = (e: Estimate) => figureText('rate', e.value);

function points(c: Change): string {
  if (c.change === null) return '—';
  const size = Math.round(c.change * 1000) / 10;
  return size === 0 ? 'no change' : `${size > 0 ? '+' : '−'}${Math.abs(size)} pts`;
}

const changeCell = (c: Change): Child[] => [points(c), ' ', noise(c.beyondNoise)];

function kpiTable(kpis: Parts['kpis']): HTMLTableElement {
  return cardTable(
    'Headline figures with their 95 % intervals',
    ['Figure', 'This period', '95% interval', 'Before', 'Change'],
    kpis.data.map((k) => [
      k.label,
      figureText(k.kind, k.now.value),
      boundsText(k.kind, k.now) || '—',
      figureText(k.kind, k.previous.value),
      [k.summary, ' ', noise(k.beyondNoise)],
    ]),
    'report-kpis',
  );
}

function trendTable(trends: Parts['trends'], label: (id: string) => string): HTMLTableElement {
  return cardTable(
    'Mention and citation rate per engine',
    ['Engine', 'Answers', 'Mention rate', 'Change', 'Citation rate', 'Change'],
    trends.engines.map((e) => [
      label(e.engineId),
      e.answers.toLocaleString(),
      rate(e.mentionRate.now),
      changeCell(e.mentionRate),
      rate(e.citationRate.now),
      changeCell(e.citationRate),
    ]),
    'report-trends',
  );
}

const promptRows = (moves: Parts['prompts']['won']) =>
  moves.map((m) => [m.text, m.answers.toLocaleString(), rate(m.mentionRate.now), changeCell(m.mentionRate)]);
const PROMPT_HEADERS = ['Prompt', 'Answers', 'Mention rate', 'Change'];

/** The whole report, one panel per part, in the order of the HTML and PDF renderings. */
export function reportPreview(report: Report, label: (engineId: string) => string): HTMLElement {
  const { kpis, trends, shareOfVoice, prompts, sources, actions, drift, traffic } = report.parts;
  const empty = (text: string) => h('p', { class: 'empty' }, text);
  return h(
    'div',
    { class: 'report-preview' },
    h(
      'p',
      { class: 'total' },
      `${report.brand.name}: ${report.projectName}, ${day(report.from)} to ${day(report.to)}, compared with ${day(report.previous.from)} to ${day(report.previous.to)}.`,
    ),
    report.incompleteDays > 0
      ? h('p', { class: 'hint' }, `Runs are still adding answers to ${report.incompleteDays} of these days.`)
      : null,
    section('Headline figures', verdict(kpis), kpiTable(kpis)),
    section(
      'Trend per engine',
      verdict(trends),
      trends.engines.length ? trendTable(trends, label) : empty('No answers.'),
    ),
    section(
      'Share of voice',
      verdict(shareOfVoice),
      cardTable(
        `Share of ${shareOfVoice.mentions.toLocaleString()} brand mentions`,
        ['Brand', 'Mentioned', 'Share', 'Change'],
        shareOfVoice.brands.map((b) => [
          b.isOwnBrand ? `${b.name} (you)` : b.name,
          b.mentioned.toLocaleString(),
          rate(b.share.now),
          changeCell(b.share),
        ]),
        'report-sov',
      ),
    ),
    section(
      'Prompts won and lost',
      verdict(prompts),
      prompts.won.length ? cardTable('Won', PROMPT_HEADERS, promptRows(prompts.won), 'report-won') : null,
      prompts.lost.length ? cardTable('Lost', PROMPT_HEADERS, promptRows(prompts.lost), 'report-lost') : null,
    ),
    section(
      'Sources and gaps',
      verdict(sources),
      sources.top.length
        ? cardTable(
            `Most cited, of ${sources.citingAnswers.toLocaleString()} answers with sources`,
            ['Domain', 'Kind', 'Answers', 'Share', 'Change'],
            sources.top.map((s) => [
              s.domain,
              s.competitor ? `${s.class} (${s.competitor})` : s.class,
              s.answers.toLocaleString(),
              rate(s.share.now),
              changeCell(s.share),
            ]),
            'report-sources',
          )
        : null,
      sources.gaps.length
        ? cardTable(
            'Gaps: cited where you are not',
            ['Domain', 'Answers', 'Prompts'],
            sources.gaps.map((g) => [g.domain, g.answers.toLocaleString(), g.prompts.toLocaleString()]),
            'report-gaps',
          )
        : null,
    ),
    section(
      'Top actions',
      verdict(actions),
      actions.data.length
        ? cardTable(
            'What to do first, by the answers it reaches',
            ['Action', 'Answers', 'Prompts', 'Engines', 'Status'],
            actions.data.map((a) => [
              a.title,
              a.reach.answers.toLocaleString(),
              a.reach.prompts.toLocaleString(),
              a.reach.engines.toLocaleString(),
              a.status,
            ]),
            'report-actions',
          )
        : null,
    ),
    section(
      'Drift from the Brand Truth',
      verdict(drift),
      h(
        'p',
        null,
        `${percent(drift.drifting.now.value)} of ${drift.answers.toLocaleString()} answers drift (${drift.drift} fully, ${drift.partial} in part).`,
      ),
      drift.latest.length
        ? cardTable(
            'Latest drifting answers',
            ['Prompt', 'Engine', 'Date', 'Drift', 'Reason'],
            drift.latest.map((d) => [
              d.promptText,
              label(d.engineId),
              day(d.date),
              d.drift === 'true' ? 'Differs' : 'In part',
              d.reason ?? '—',
            ]),
            'report-drift',
          )
        : null,
    ),
    section('AI crawlers and referrals', verdict(traffic), traffic.imported ? trafficTables(traffic) : null),
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** Hits and visits are counts: their interval is a count's too. */
const count = (c: Change) =>
  `${c.now.value ?? '—'} (95% interval ${Math.round(c.now.low ?? 0)}–${Math.round(c.now.high ?? 0)})`;

function trafficTables(t: Parts['traffic']): HTMLElement {
  return h(
    'div',
    { class: 'stack' },
    h(
      'p',
      null,
      `AI crawler hits: ${count(t.crawlers.hits)}. Visits from AI answers: ${count(t.referrals.visits)}.`,
    ),
    t.crawlers.agents.length
      ? cardTable(
          'AI crawlers fetching most',
          ['Crawler', 'Purpose', 'Hits', 'Change'],
          t.crawlers.agents.map((a) => [
            a.operator ? `${a.agent} (${a.operator})` : a.agent,
            a.purpose,
            a.hits.toLocaleString(),
            signed(a.change),
          ]),
          'report-crawlers',
        )
      : null,
    t.referrals.pages.length
      ? cardTable(
          'Landing pages of visits from AI answers',
          ['Page', 'Visits'],
          t.referrals.pages.map((p) => [p.page, p.visits.toLocaleString()]),
          'report-referrals',
        )
      : null,
  );
}
