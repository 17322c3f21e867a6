/**
 * The answers browser: the total that matches, a text search, every filter of the API and its extensions
 * (sentiment, position, competitor), newest or oldest first, pages followed with nextCursor. A table on a wide
 * screen, one card per answer on a phone (the same markup, laid out by the stylesheet).
 */
import { allPages, api, seg } from './api.ts';
import { defaultRange, filterForm } from './answer-filters-form.ts';
import { button, field, h, highlighted, input, loading, select } from './dom.ts';
import { engineDot } from './engine-colour.ts';
import { filterParams, parseFilters, type AnswerFilters } from './filters.ts';
import { answersCount, dateTime, day, positionLabel, sentimentLabel } from './format.ts';
import type { NameGroups } from './highlight.ts';
import type { ProjectContext } from './page.ts';
import { answerHref, projectHref } from './router.ts';
import { brandNames, engineLabels, getBrand, getEngines } from './state.ts';
import type { Answer, AnswerSummary, Competitor, Page, Prompt, Run, Topic } from './types.ts';
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

  const [engines, topics, prompts, runs, competitors, brand, { inlineText }] = await Promise.all([
    getEngines(ctx.projectId),
    allPages<Topic>(`${base}/topics`, {}, { max: 1000, signal: ctx.signal }).then((r) => r.items),
    allPages<Prompt>(`${base}/prompts`, {}, { max: 1000, signal: ctx.signal }).then((r) => r.items),
    api.get<Page<Run>>(`${base}/runs`, { limit: 50 }, ctx.signal).then((r) => r.data),
    api.get<Page<Competitor>>(`${base}/competitors`, undefined, ctx.signal).then((r) => r.data),
    getBrand(ctx.projectId).catch(() => ctx.project),
    // The markdown reader (for the excerpts' inline markup) loads with this page, not with the app.
    import('./markdown.ts'),
  ]);
  const names: NameGroups = { brand: brandNames(brand), competitors: competitors.map((c) => c.name) };
  const form = filterForm(filters, { engines, topics, prompts, runs, competitors });
  const search = input({
    type: 'search',
    name: 'q',
    maxlength: 200,
    autocomplete: 'off',
    placeholder: 'Words in the prompt or the answer',
  });
  search.value = filters.q ?? '';
  const sort = select(
    [
      { value: '', label: 'Newest first' },
      { value: 'oldest', label: 'Oldest first' },
    ],
    filters.sort ?? '',
    { name: 'sort' },
  );
  const read = (): AnswerFilters => {
    const f = form.read();
    if (search.value.trim()) f.q = search.value.trim();
    if (sort.value === 'oldest') f.sort = 'oldest';
    return f;
  };
  const go = () => ctx.navigate(projectHref(ctx.projectId, 'answers', filterParams(read())));
  sort.addEventListener('change', go);
  const apply = h(
    'form',
    { class: 'filter-form', role: 'search', 'aria-label': 'Search and filter answers' },
    h(
      'div',
      { class: 'search-row' },
      field('Search answers', search),
      field('Order', sort),
      h('button', { type: 'submit', class: 'primary' }, 'Search'),
    ),
    h(
      'details',
      { class: 'more-filters', ...(hasNarrowing(filters) && { open: true }) },
      h('summary', null, 'Filters'),
      form.element,
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'submit', class: 'primary' }, 'Apply filters'),
        h('a', { href: projectHref(ctx.projectId, 'answers'), class: 'button-link' }, 'Reset'),
      ),
    ),
  );
  apply.addEventListener('submit', (ev) => {
    ev.preventDefault();
    go();
  });

  const total = h('p', { class: 'total', 'aria-live': 'polite' });
  const results = h('div', { class: 'results' });
  ctx.view.append(
    pageHeader('Answers', 'What each engine answered to the tracked prompts.'),
    apply,
    total,
    results,
  );

  const summaryQuery = filterParams(filters);
  summaryQuery.delete('sort');
  void api
    .get<AnswerSummary>(`${base}/stats/answers`, summaryQuery, ctx.signal)
    .then((s) => {
      total.textContent = `${s.complete ? '' : 'At least '}${answersCount(s.answers)} match${s.answers === 1 ? 'es' : ''}${scopeText(filters)}.`;
    })
    .catch(() => (total.textContent = ''));

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
      results.replaceChildren(
        ...answerTable(
          ctx,
          page,
          pageIndex,
          { names, plain: inlineText, colours: engineLabels(engines) },
          filters,
        ),
      );
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
      results.append(
        h(
          'nav',
          { class: 'pager', 'aria-label': 'Answer pages' },
          prev,
          h('span', null, `Page ${pageIndex + 1}`),
          next,
          button('Refresh', () => void show()),
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

const hasNarrowing = (f: AnswerFilters) =>
  f.engine.length > 0 ||
  !!(f.topicId || f.promptId || f.runId || f.sentiment || f.competitor) ||
  f.mentioned !== undefined ||
  f.cited !== undefined ||
  f.maxPosition !== undefined;

const scopeText = (f: AnswerFilters) =>
  f.runId ? ' in this run' : f.from && f.to ? ` from ${day(f.from)} to ${day(f.to)}` : '';

function answerTable(
  ctx: ProjectContext,
  page: Page<Answer>,
  index: number,
  excerpts: { names: NameGroups; plain: (excerpt: string) => string; colours: ReadonlyMap<string, string> },
  f: AnswerFilters,
): HTMLElement[] {
  if (page.data.length === 0) {
    return [
      h(
        'p',
        { class: 'empty' },
        index === 0
          ? 'No answers match these filters.'
          : page.nextCursor
            ? 'No match among these answers; the next page searches on.'
            : 'No more answers.',
      ),
    ];
  }
  const from = index * 50 + 1;
  const heads = [
    'Observed',
    'Engine',
    'Prompt',
    'Mentioned',
    'Cited',
    'Position',
    'Sentiment',
    'Excerpt',
    'Open',
  ];
  const cell = (label: string, ...children: (Node | string)[]) =>
    h('td', { 'data-label': label }, ...children);
  return [
    h(
      'table',
      { class: 'answers responsive' },
      h(
        'caption',
        null,
        `Answers ${from} to ${from + page.data.length - 1}${scopeText(f)}, ${f.sort === 'oldest' ? 'oldest' : 'newest'} first`,
      ),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ...heads.map((c, i) =>
            h('th', { scope: 'col' }, i === 8 ? h('span', { class: 'visually-hidden' }, c) : c),
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
            cell('Observed', dateTime(a.observedAt)),
            cell('Engine', h('span', null, engineDot(excerpts.colours, a.engineId), a.engineLabel)),
            h('td', { class: 'prompt-cell', 'data-label': 'Prompt' }, a.promptText),
            cell('Mentioned', a.mentioned ? badge('Yes', 'ok') : 'No'),
            cell('Cited', a.cited ? badge('Yes', 'ok') : 'No'),
            cell('Position', a.position === null ? '—' : positionLabel(a.position)),
            cell('Sentiment', sentimentLabel(a.sentiment)),
            h(
              'td',
              { class: 'excerpt-cell', 'data-label': 'Excerpt' },
              a.excerpt
                ? h('span', { class: 'clamp' }, highlighted(excerpts.plain(a.excerpt), excerpts.names))
                : '—',
            ),
            h(
              'td',
              { class: 'open-cell' },
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
