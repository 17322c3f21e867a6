/** The form for every answer filter of the API, shared by the Answers and Exports pages. */
import { addDays, utcDay } from './chart-scale.ts';
import { checkbox, field, h, input, select, uid } from './dom.ts';
import { dateTime, sentimentLabel, statusLabel } from './format.ts';
import { SENTIMENT_VALUES, type AnswerFilters } from './filters.ts';
import type { Competitor, Engine, Prompt, Run, Topic } from './types.ts';

export interface FilterChoices {
  engines: readonly Engine[];
  topics: readonly Topic[];
  prompts: readonly Prompt[];
  runs: readonly Run[];
  competitors: readonly Competitor[];
}

export interface FilterForm {
  element: HTMLFieldSetElement;
  read(): AnswerFilters;
}

const shorten = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Dates the form shows when the address names none: the API's own default, the last 30 days. */
export function defaultRange(): { from: string; to: string } {
  const to = utcDay(new Date());
  return { from: addDays(to, -29), to };
}

export function filterForm(
  filters: AnswerFilters,
  choices: FilterChoices,
  opts: { runFilter?: boolean } = {},
): FilterForm {
  const range = defaultRange();
  const from = input({ type: 'date', name: 'from' });
  const to = input({ type: 'date', name: 'to' });
  from.value = filters.from ?? range.from;
  to.value = filters.to ?? range.to;

  const engineBoxes = choices.engines.map((e) => ({
    id: e.id,
    ...checkbox(e.label, filters.engine.includes(e.id), { name: 'engine', value: e.id }),
  }));
  const legendId = uid('legend');
  const engines = h(
    'fieldset',
    { class: 'checks', 'aria-describedby': `${legendId}-hint` },
    h('legend', { id: legendId }, 'Engines'),
    ...engineBoxes.map((b) => b.wrap),
    h('p', { class: 'hint', id: `${legendId}-hint` }, 'None ticked: every engine.'),
  );

  const topic = select(
    [{ value: '', label: 'Any topic' }, ...choices.topics.map((t) => ({ value: t.id, label: t.label }))],
    filters.topicId ?? '',
    { name: 'topicId' },
  );
  const promptOptions = [
    { value: '', label: 'Any prompt' },
    ...choices.prompts.map((p) => ({ value: p.id, label: shorten(p.text) })),
  ];
  if (filters.promptId && !choices.prompts.some((p) => p.id === filters.promptId)) {
    promptOptions.push({ value: filters.promptId, label: `Prompt ${filters.promptId}` });
  }
  const prompt = select(promptOptions, filters.promptId ?? '', { name: 'promptId' });
  const runOptions = [
    { value: '', label: 'Any run' },
    ...choices.runs.map((r) => ({
      value: r.id,
      label: `${dateTime(r.startedAt)} · ${statusLabel(r.status)} · ${r.answerCount} answers`,
    })),
  ];
  if (filters.runId && !choices.runs.some((r) => r.id === filters.runId)) {
    runOptions.push({ value: filters.runId, label: `Run ${filters.runId}` });
  }
  const run = select(runOptions, filters.runId ?? '', { name: 'runId' });
  const tri = (name: string, yes: string, no: string, value: boolean | undefined) =>
    select(
      [
        { value: '', label: 'Either' },
        { value: 'true', label: yes },
        { value: 'false', label: no },
      ],
      value === undefined ? '' : String(value),
      { name },
    );
  const mentioned = tri('mentioned', 'Mentioned', 'Not mentioned', filters.mentioned);
  const cited = tri('cited', 'Cited', 'Not cited', filters.cited);
  const sentiment = select(
    [
      { value: '', label: 'Any sentiment' },
      ...SENTIMENT_VALUES.map((v) => ({ value: v, label: sentimentLabel(v) })),
    ],
    filters.sentiment ?? '',
    { name: 'sentiment' },
  );
  const position = select(
    [
      { value: '', label: 'Any position' },
      { value: '1', label: 'Named first' },
      { value: '3', label: 'In the top 3' },
      { value: '5', label: 'In the top 5' },
    ],
    filters.maxPosition === undefined ? '' : String(filters.maxPosition),
    { name: 'maxPosition' },
  );
  const competitorOptions = [
    { value: '', label: 'Any competitor' },
    ...choices.competitors.map((c) => ({ value: c.name, label: `Names ${c.name}` })),
  ];
  if (filters.competitor && !choices.competitors.some((c) => c.name === filters.competitor)) {
    competitorOptions.push({ value: filters.competitor, label: `Names ${filters.competitor}` });
  }
  const competitor = select(competitorOptions, filters.competitor ?? '', { name: 'competitor' });

  const dateHint = 'A run fixes its own dates: with a run chosen, the dates are not used.';
  const syncDates = () => {
    const byRun = run.value !== '';
    from.disabled = byRun;
    to.disabled = byRun;
  };
  run.addEventListener('change', syncDates);
  syncDates();

  const element = h(
    'fieldset',
    { class: 'filters' },
    h('legend', null, 'Filters'),
    h(
      'div',
      { class: 'filter-grid' },
      field('From', from),
      field('To', to),
      opts.runFilter === false ? null : field('Run', run, dateHint),
      field('Topic', topic),
      field('Prompt', prompt),
      field('Brand mentioned', mentioned),
      field('Brand cited', cited),
      field('Sentiment', sentiment),
      field('Brand position', position),
      field('Competitor', competitor),
    ),
    engines,
  );

  return {
    element,
    read(): AnswerFilters {
      const f: AnswerFilters = { engine: engineBoxes.filter((b) => b.box.checked).map((b) => b.id) };
      if (opts.runFilter !== false && run.value) f.runId = run.value;
      else {
        if (from.value) f.from = from.value;
        if (to.value) f.to = to.value;
      }
      if (topic.value) f.topicId = topic.value;
      if (prompt.value) f.promptId = prompt.value;
      if (mentioned.value) f.mentioned = mentioned.value === 'true';
      if (cited.value) f.cited = cited.value === 'true';
      if (sentiment.value) f.sentiment = sentiment.value;
      if (position.value) f.maxPosition = Number(position.value);
      if (competitor.value) f.competitor = competitor.value;
      return f;
    },
  };
}
