/**
 * One answer in full. Everything the engine wrote (answer, excerpt, source titles, reasons, prompt text) is
 * untrusted and is put on the page as text nodes only, the brand's names wrapped in <mark>; a source becomes a
 * link only when its address is http(s).
 */
import { api, seg } from './api.ts';
import { externalLink, h, highlighted, type Child } from './dom.ts';
import { dateTime, yesNo } from './format.ts';
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
  const terms = brandNames(brand);
  ctx.setTitle(`Answer from ${answer.engineLabel} · ${ctx.project.name}`);
  ctx.view.classList.add('answer-view');

  const drift =
    answer.narrativeDrift === true ? 'yes' : answer.narrativeDrift === null ? '—' : answer.narrativeDrift;
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
    ['Brand mentioned', answer.mentioned ? badge('yes', 'ok') : 'no'],
    ['Brand cited', answer.cited ? [badge('yes', 'ok'), ' ', externalLink(answer.citationUrl)] : 'no'],
    ['Position among brands', answer.position === null ? '—' : String(answer.position)],
    ['Sentiment', answer.sentiment ?? '—'],
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
      'Excerpt',
      answer.excerpt
        ? h('p', { class: 'excerpt' }, highlighted(answer.excerpt, terms))
        : h('p', { class: 'empty' }, 'The brand is not named in this answer.'),
    ),
    section(
      'Full answer',
      h('p', { class: 'hint' }, 'Shown exactly as the engine wrote it, as plain text.'),
      answer.fullAnswer === null
        ? h('p', { class: 'empty' }, 'The full text was not stored.')
        : h(
            'div',
            { class: 'answer-text', tabindex: '0', role: 'region', 'aria-label': 'Full answer text' },
            highlighted(answer.fullAnswer, terms),
          ),
      answer.fullAnswerTruncated
        ? h('p', { class: 'hint' }, 'The engine’s text was longer than 12,000 characters and was cut here.')
        : null,
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
            null,
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
                  h('td', null, yesNo(c.mentioned)),
                  h('td', null, yesNo(c.cited)),
                  h('td', null, c.citationUrl ? externalLink(c.citationUrl) : '—'),
                ),
              ),
            ),
          ),
    ),
  );
}
