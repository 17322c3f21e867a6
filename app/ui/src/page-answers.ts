/** The answers browser: every filter of the API in the address, pages followed with nextCursor. */
import { allPages, api, seg } from './api.ts';
import { defaultRange, filterForm } from './answer-filters-form.ts';
import { button, h, highlighted, loading } from './dom.ts';
import { filterParams, parseFilters, type AnswerFilters } from './filters.ts';
import { dateTime } from './format.ts';
import type { ProjectContext } from './page.ts';
import { answerHref, projectHref } from './router.ts';
import { brandNames, getBrand, getEngines } from './state.ts';
import type { Answer, Page, Prompt, Run, Topic } from './types.ts';
import { badge, errorNotice, pageHeader } from './widgets.ts';

/** The last filters used, so "Back to answers" from an answer returns to the same list. */
export const lastAnswersQuery = { value: new URLSearchParams() };

export async function renderAnswers(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Answers · ${ctx.project.name}`);
  const base = `/projects/${seg(ctx.projectId)}`;
  const filters = parseFilters(ctx.query);
  // Dates are always sent: a cursor is tied to its filters, and "the last 30 days" moves at midnight.
  if (!filters.runId) Object.assign(filters, { ...defaultRange(), ...pick(filters) });
  lastAnswersQuery.value = new URLSearchParams(ctx.query);

  const [engines, topics, prompts, runs, brand] = await Promise.all([
    getEngines(ctx.projectId),
    allPages<Topic>(`${base}/topics`, {}, { max: 1000, signal: ctx.signal }).then((r) => r.items),
    allPages<Prompt>(`${base}/prompts`, {}, { max: 1000, signal: ctx.signal }).then((r) => r.items),
    api.get<Page<Run>>(`${base}/runs`, { limit: 50 }, ctx.signal).then((r) => r.data),
    getBrand(ctx.projectId).catch(() => ctx.project),
  ]);
  const terms = brandNames(brand);
  const form = filterForm(filters, { engines, topics, prompts, runs });
  const apply = h(
    'form',
    { class: 'filter-form', 'aria-label': 'Answer filters' },
    form.element,
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', class: 'primary' }, 'Apply filters'),
      h('a', { href: projectHref(ctx.projectId, 'answers'), class: 'button-link' }, 'Reset'),
    ),
  );
  apply.addEventListener('submit', (ev) => {
    ev.preventDefault();
    ctx.navigate(projectHref(ctx.projectId, 'answers', filterParams(form.read())));
  });

  const results = h('div', { class: 'results', 'aria-live': 'polite' });
  ctx.view.append(pageHeader('Answers', 'What each engine answered to the tracked prompts.'), apply, results);

  const cursors: (string | null)[] = [null];
  let pageIndex = 0;
  const show = async () => {
    results.replaceChildren(loading('Loading answers…'));
    try {
      const q = filterParams(filters);
      q.set('limit', '50');
      const cursor = cursors[pageIndex];
      if (cursor) q.set('cursor', cursor);
      const page = await api.get<Page<Answer>>(`${base}/answers`, q, ctx.signal);
      if (page.nextCursor) cursors[pageIndex + 1] = page.nextCursor;
      results.replaceChildren(...answerTable(ctx, page, pageIndex, terms, filters));
      const prev = button(
        'Previous page',
        () => {
          pageIndex -= 1;
          void show();
        },
        { disabled: pageIndex === 0 },
      );
      const next = button(
        'Next page',
        () => {
          pageIndex += 1;
          void show();
        },
        { disabled: !page.nextCursor },
      );
      const refresh = button('Refresh', () => void show());
      results.append(
        h(
          'nav',
          { class: 'pager', 'aria-label': 'Answer pages' },
          prev,
          h('span', null, `Page ${pageIndex + 1}`),
          next,
          refresh,
        ),
      );
    } catch (err) {
      if (!ctx.signal.aborted) results.replaceChildren(errorNotice(err));
    }
  };
  await show();
}

const pick = (f: AnswerFilters) =>
  Object.fromEntries(Object.entries({ from: f.from, to: f.to }).filter(([, v]) => v));

function answerTable(
  ctx: ProjectContext,
  page: Page<Answer>,
  index: number,
  terms: string[],
  f: AnswerFilters,
): HTMLElement[] {
  if (page.data.length === 0) {
    return [h('p', { class: 'empty' }, index === 0 ? 'No answers match these filters.' : 'No more answers.')];
  }
  const from = index * 50 + 1;
  const scope = f.runId ? `of run ${f.runId}` : `from ${f.from} to ${f.to}`;
  return [
    h(
      'table',
      { class: 'answers' },
      h('caption', null, `Answers ${from} to ${from + page.data.length - 1}, ${scope}, newest first`),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ...[
            'Observed',
            'Engine',
            'Prompt',
            'Mentioned',
            'Cited',
            'Position',
            'Sentiment',
            'Excerpt',
            '',
          ].map((c, i) =>
            h('th', { scope: 'col' }, c || h('span', { class: 'visually-hidden' }, i === 8 ? 'Open' : '')),
          ),
        ),
      ),
      h(
        'tbody',
        null,
        ...page.data.map((a) =>
          h(
            'tr',
            null,
            h('td', { class: 'nowrap' }, dateTime(a.observedAt)),
            h('td', null, a.engineLabel),
            h('td', { class: 'prompt-cell' }, a.promptText),
            h('td', null, a.mentioned ? badge('yes', 'ok') : 'no'),
            h('td', null, a.cited ? badge('yes', 'ok') : 'no'),
            h('td', null, a.position === null ? '—' : String(a.position)),
            h('td', null, a.sentiment ?? '—'),
            h(
              'td',
              { class: 'excerpt-cell' },
              a.excerpt ? h('span', { class: 'clamp' }, highlighted(a.excerpt, terms)) : '—',
            ),
            h(
              'td',
              null,
              h(
                'a',
                {
                  href: answerHref(ctx.projectId, a.id),
                  'aria-label': `Open the ${a.engineLabel} answer of ${dateTime(a.observedAt, true)} to: ${a.promptText.slice(0, 80)}`,
                },
                'Open',
              ),
            ),
          ),
        ),
      ),
    ),
  ];
}
