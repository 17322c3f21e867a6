/**
 * One answer in full. Everything the engine wrote (answer, excerpt, source titles, reasons, prompt text) is
 * untrusted: the answer's markdown is read into allow-listed elements (markdown.ts) with its text as text nodes,
 * the brand's and the competitors' names in <mark>s; a link or a source becomes a link only when its address is
 * http(s).
 */
import { api, seg } from './api.ts';
import { externalLink, h, highlighted, markdownNodes, type Child } from './dom.ts';
import { dateTime, positionLabel, sentimentLabel, yesNo } from './format.ts';
import { mentionSentence, type NameGroups } from './highlight.ts';
import { lastAnswersQuery } from './page-answers.ts';
import type { ProjectContext } from './page.ts';
import { projectHref } from './router.ts';
import { brandNames, getBrand } from './state.ts';
import type { AnswerDetail } from './types.ts';
import { badge, section } from './widgets.ts';

export async function renderAnswer(ctx: ProjectContext, answerId: string): Promise<void> {
  const [answer, brand] = await Promise.all([
    api.get<AnswerDetail>(`/projects/${seg(ctx.projectId)}/answers/${seg(answerId)}`, undefined, ctx.signal),
    getBrand(ctx.projectId).catch(() => ctx.project),
  ]);
  // The markdown reader loads with the page that shows an answer in full, not with the app.
  const { inlineText, parseMarkdown } = await import('./markdown.ts');
  const names: NameGroups = { brand: brandNames(brand), competitors: answer.competitors.map((c) => c.name) };
  ctx.setTitle(`Answer from ${answer.engineLabel} · ${ctx.project.name}`);
  ctx.view.classList.add('answer-view');

  const drift =
    answer.narrativeDrift === true
      ? 'Yes: it differs from the Brand Truth'
      : answer.narrativeDrift === 'partial'
        ? 'Partly'
        : answer.narrativeDrift === 'no'
          ? 'No'
          : 'Not checked';
  const facts: [string, Child][] = [
    ['Engine', answer.engineLabel],
    ['Observed', dateTime(answer.observedAt)],
    ['Topic', answer.topicLabel ?? '—'],
    [
      'Run',
      answer.runId
        ? h(
            'a',
            { href: projectHref(ctx.projectId, 'answers', new URLSearchParams({ runId: answer.runId })) },
            'Answers of this run',
          )
        : 'imported, not from a run',
    ],
    ['Brand mentioned', answer.mentioned ? badge('Yes', 'ok') : 'No'],
    ['Brand cited', answer.cited ? [badge('Yes', 'ok'), ' ', externalLink(answer.citationUrl)] : 'No'],
    ['Position among brands', positionLabel(answer.position)],
    ['Sentiment', sentimentLabel(answer.sentiment)],
    ['Why', answer.sentimentReason ?? '—'],
    ['Narrative drift', drift],
    ['Drift reason', answer.narrativeDriftReason ?? '—'],
  ];

  ctx.view.append(
    h(
      'p',
      { class: 'breadcrumb' },
      h('a', { href: projectHref(ctx.projectId, 'answers', lastAnswersQuery.value) }, '← Back to answers'),
    ),
    h(
      'header',
      { class: 'page-header' },
      h('h1', { tabindex: '-1' }, `Answer from ${answer.engineLabel}`),
      h('p', { class: 'prompt-label' }, 'Prompt'),
      h('blockquote', { class: 'prompt-text' }, answer.promptText),
    ),
    h('dl', { class: 'facts' }, ...facts.flatMap(([k, v]) => [h('dt', null, k), h('dd', null, v)])),
    section(
      'Where your brand is named',
      answer.excerpt
        ? h(
            'blockquote',
            { class: 'excerpt' },
            highlighted(mentionSentence(inlineText(answer.excerpt), names), names),
          )
        : h('p', { class: 'empty' }, 'The brand is not named in this answer.'),
    ),
    section(
      'Full answer',
      h(
        'p',
        { class: 'hint mark-legend' },
        'The engine’s markdown, with no HTML and no images. Marked: ',
        h('mark', { class: 'mark-brand' }, 'your brand'),
        ' and ',
        h('mark', { class: 'mark-competitor' }, 'competitors'),
        '.',
      ),
      answer.fullAnswer === null
        ? h('p', { class: 'empty' }, 'The full text was not stored.')
        : h(
            'div',
            {
              class: 'answer-text markdown',
              tabindex: '0',
              role: 'region',
              'aria-label': 'Full answer text',
            },
            markdownNodes(parseMarkdown(answer.fullAnswer), names),
          ),
      answer.fullAnswerTruncated
        ? h('p', { class: 'hint' }, 'The engine’s text was longer than 12,000 characters and was cut here.')
        : null,
    ),
    section(
      'Searches the engine ran',
      answer.searchQueries.length === 0
        ? h('p', { class: 'empty' }, 'The engine reported no web searches for this answer.')
        : h('ol', { class: 'searches' }, ...answer.searchQueries.map((q) => h('li', null, q))),
    ),
    section(
      'Sources',
      answer.sources.length === 0
        ? h('p', { class: 'empty' }, 'The engine listed no sources.')
        : h(
            'ol',
            { class: 'sources' },
            ...answer.sources.map((src) =>
              h(
                'li',
                null,
                externalLink(src.url, src.title),
                src.title ? h('span', { class: 'source-url' }, ' ', src.url) : null,
              ),
            ),
          ),
    ),
    section(
      'Competitors',
      answer.competitors.length === 0
        ? h('p', { class: 'empty' }, 'No competitors were tracked when this answer was scored.')
        : h(
            'table',
            { class: 'responsive' },
            h('caption', null, 'Tracked competitors in this answer'),
            h(
              'thead',
              null,
              h(
                'tr',
                null,
                ...['Competitor', 'Mentioned', 'Cited', 'Cited page'].map((c) =>
                  h('th', { scope: 'col' }, c),
                ),
              ),
            ),
            h(
              'tbody',
              null,
              ...answer.competitors.map((c) =>
                h(
                  'tr',
                  null,
                  h('th', { scope: 'row' }, c.name),
                  h('td', { 'data-label': 'Mentioned' }, yesNo(c.mentioned)),
                  h('td', { 'data-label': 'Cited' }, yesNo(c.cited)),
                  h('td', { 'data-label': 'Cited page' }, c.citationUrl ? externalLink(c.citationUrl) : '—'),
                ),
              ),
            ),
          ),
    ),
  );
}
