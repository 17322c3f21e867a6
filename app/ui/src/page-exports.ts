/**
 * Exports: the answers (every filter of the API) and the daily stats as CSV, built in the page from the API's
 * pages. Cells that a spreadsheet would run as a formula are quoted (see csv.ts).
 */
import { allPages, api, seg } from './api.ts';
import { defaultRange, filterForm } from './answer-filters-form.ts';
import { answersCsv, dailyCsv } from './csv.ts';
import { checkbox, field, h, input, notice } from './dom.ts';
import { filterParams } from './filters.ts';
import { plural } from './format.ts';
import type { ProjectContext } from './page.ts';
import { fileSlug, saveFile } from './save-file.ts';
import { getEngines } from './state.ts';
import type { Answer, Competitor, DailyStats, Page, Prompt, Run, Topic } from './types.ts';
import { announce, onSubmit, pageHeader, section } from './widgets.ts';

const MAX_ANSWERS = 100_000;

export async function renderExports(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Exports · ${ctx.project.name}`);
  const base = `/projects/${seg(ctx.projectId)}`;
  const [engines, topics, prompts, runs, competitors] = await Promise.all([
    getEngines(ctx.projectId),
    allPages<Topic>(`${base}/topics`, {}, { max: 1000 }).then((r) => r.items),
    allPages<Prompt>(`${base}/prompts`, {}, { max: 1000 }).then((r) => r.items),
    api.get<Page<Run>>(`${base}/runs`, { limit: 50 }).then((r) => r.data),
    api.get<Page<Competitor>>(`${base}/competitors`).then((r) => r.data),
  ]);
  const slug = fileSlug(ctx.project.name);

  // Answers
  const filters = filterForm(
    { engine: [], ...defaultRange() },
    { engines, topics, prompts, runs, competitors },
  );
  const answersStatus = h('div', { class: 'form-status', 'aria-live': 'polite' });
  const answersForm = h(
    'form',
    { class: 'stack', 'aria-label': 'Export answers' },
    filters.element,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Download answers CSV')),
    answersStatus,
  );
  onSubmit(answersForm, answersStatus, async () => {
    const f = filters.read();
    const { items, complete } = await allPages<Answer>(`${base}/answers`, filterParams(f), {
      max: MAX_ANSWERS,
      signal: ctx.signal,
      progress: (n) =>
        answersStatus.replaceChildren(h('p', { class: 'loading' }, `Fetched ${plural(n, 'answer')}…`)),
    });
    download(answersCsv(items), `${slug}-answers-${f.runId ?? `${f.from}-to-${f.to}`}.csv`);
    announce(`Answers CSV ready: ${plural(items.length, 'answer')}.`);
    return complete
      ? `Downloaded ${plural(items.length, 'answer')}.`
      : notice(
          'warning',
          `Downloaded the first ${plural(items.length, 'answer')}; narrow the filters for the rest.`,
        );
  });

  // Daily stats
  const range = defaultRange();
  const from = input({ type: 'date', name: 'from', required: true });
  from.value = range.from;
  const to = input({ type: 'date', name: 'to', required: true });
  to.value = range.to;
  const engineBoxes = engines.map((e) => ({ id: e.id, ...checkbox(e.label, false, { value: e.id }) }));
  const topic = h(
    'select',
    { name: 'topicId' },
    h('option', { value: '' }, 'Any topic'),
    ...topics.map((t) => h('option', { value: t.id }, t.label)),
  );
  const dailyStatus = h('div', { class: 'form-status', 'aria-live': 'polite' });
  const dailyForm = h(
    'form',
    { class: 'stack', 'aria-label': 'Export daily stats' },
    h(
      'div',
      { class: 'filter-grid' },
      field('From', from),
      field('To', to, 'At most 366 days.'),
      field('Topic', topic),
    ),
    h(
      'fieldset',
      { class: 'checks' },
      h('legend', null, 'Engines'),
      ...engineBoxes.map((b) => b.wrap),
      h('p', { class: 'hint' }, 'None ticked: every engine.'),
    ),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', class: 'primary' }, 'Download daily stats CSV'),
    ),
    dailyStatus,
  );
  onSubmit(dailyForm, dailyStatus, async () => {
    const stats = await api.get<DailyStats>(`${base}/stats/daily`, {
      from: from.value,
      to: to.value,
      engine: engineBoxes.filter((b) => b.box.checked).map((b) => b.id),
      topicId: topic.value || null,
    });
    download(dailyCsv(stats.data), `${slug}-daily-${stats.from}-to-${stats.to}.csv`);
    announce('Daily stats CSV ready.');
    const note =
      stats.incompleteDays > 0
        ? ` ${plural(stats.incompleteDays, 'day')} still being summarised: export again in a minute for the final numbers.`
        : '';
    return `Downloaded ${plural(stats.data.length, 'row')} (one per day and engine).${note}`;
  });

  ctx.view.append(
    pageHeader('Exports', 'CSV files for spreadsheets and BI tools, built from the API in this page.'),
    section(
      'Answers',
      h('p', { class: 'hint' }, 'One row per answer with its scores, competitors and sources.'),
      answersForm,
    ),
    section(
      'Daily stats',
      h('p', { class: 'hint' }, 'One row per day and engine: answers, mentions, citations and their rates.'),
      dailyForm,
    ),
  );
}

/** CSV for spreadsheets: UTF-8 with a BOM, so Excel reads it as such. */
const download = (csv: string, filename: string) =>
  saveFile(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), filename);
