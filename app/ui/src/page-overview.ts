/**
 * The morning view: headline figures with their change against the previous period, share of voice now and over
 * time, mention and citation rates per engine, and what changed since the last run (prompts won and lost).
 * A project without answers yet shows its first-run checklist instead of empty charts.
 */
import { api, seg } from './api.ts';
import { addDays, daysBetween, periodBuckets, spanRows, spans } from './chart-scale.ts';
import { choiceToolbar, chosen, periodChoice, periodOf } from './insight-toolbar.ts';
import { rateChart, SeriesVisibility, seriesToggles } from './charts.ts';
import { slotOf } from './engine-colour.ts';
import { shareOfVoiceBars, shareOfVoiceOverTime } from './charts-share.ts';
import { h, loading, notice } from './dom.ts';
import { answersCount, day, dateTime, plural, statusLabel } from './format.ts';
import { boundsText, change, figureText, kpis, type Kpi, type PeriodFigures } from './kpis.ts';
import { topActions } from './overview-actions.ts';
import { changesSection } from './overview-changes.ts';
import type { ProjectContext } from './page.ts';
import { checklistPanel } from './page-setup.ts';
import { projectHref } from './router.ts';
import { engineLabels, getCapabilities, getEngines, getProject } from './state.ts';
import type { CompetitorStats, DailyStats, Page, Run, RunRequest, Trends } from './types.ts';
import { sparkline } from './sparkline.ts';
import { errorNotice, pageHeader, poll, section, statusBadge } from './widgets.ts';

/** The per-engine lines' step: a week by default, so six engines' lines read; a day when asked. */
const STEPS = [
  { value: 'week', label: 'Week' },
  { value: 'day', label: 'Day' },
];

export async function renderOverview(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Overview · ${ctx.project.name}`);
  const period = periodOf(ctx.query);
  const { days, from, to } = period;
  const engines = await getEngines(ctx.projectId);
  const labels = engineLabels(engines);
  const engineOptions = [
    { value: '', label: 'All engines' },
    ...engines.map((e) => ({ value: e.id, label: e.label })),
  ];
  const engine = chosen(ctx.query, 'engine', engineOptions);
  // Two weeks or less are drawn by day: a week's step would leave one or two points.
  const step = days > 14 ? chosen(ctx.query, 'step', STEPS) : 'day';
  const toolbar = choiceToolbar(ctx, 'overview', [
    periodChoice(period),
    { name: 'engine', label: 'Share of voice for', options: engineOptions, value: engine },
    ...(days > 14 ? [{ name: 'step', label: 'Engine lines per', options: STEPS, value: step }] : []),
  ]);

  const runBanner = h('div', { class: 'run-banner' });
  const next = h('div', { class: 'overview-next' });
  const data = h('div', { class: 'overview-data' }, loading('Loading the numbers…'));
  ctx.view.append(
    pageHeader('Overview', ctx.project.name, ctx.project.websiteUrl ? ` · ${ctx.project.websiteUrl}` : ''),
    toolbar,
    runBanner,
    next,
    data,
  );

  // Fresh, not the cached project: a run since the page was last drawn may have stored its first answers.
  const hasAnswers = (await getProject(ctx.projectId, true)).visibility.latestAnswerDate !== null;
  if (!hasAnswers) {
    const { panel } = await checklistPanel(ctx, 'Getting started');
    data.replaceChildren(
      notice(
        'info',
        'No answers yet. Once the checklist is done, start a run on ',
        h('a', { href: projectHref(ctx.projectId, 'runs') }, 'Runs'),
        '.',
      ),
      panel,
    );
  }

  const load = async () => {
    const fresh = await loadData(ctx, { from, to, days, engine, labels, step });
    if (!ctx.signal.aborted) data.replaceChildren(...fresh.nodes);
    return fresh.incompleteDays;
  };
  if (hasAnswers) {
    void topActions(ctx, next, { from, to, labels });
    const incomplete = await load().catch((err) => {
      data.replaceChildren(errorNotice(err));
      return 0;
    });
    if (incomplete > 0) {
      let tries = 0;
      poll(3000, ctx.signal, async () => (await load()) > 0 && ++tries < 10);
    }
  }
  await watchActiveRun(ctx, runBanner, load);
}

/** While a run is going, a banner says so and the numbers are refreshed as its answers arrive. */
async function watchActiveRun(ctx: ProjectContext, banner: HTMLElement, reload: () => Promise<unknown>) {
  const caps = await getCapabilities(ctx.projectId).catch(() => null);
  const requestId = caps?.runs.activeRequestId;
  if (!requestId) return;
  const text = h('span', null, 'A run is in progress.');
  const link = h('a', { href: projectHref(ctx.projectId, 'runs') }, 'Follow it on Runs');
  banner.replaceChildren(notice('info', text, ' ', link));
  let lastCount = -1;
  poll(2000, ctx.signal, async () => {
    const request = await api.get<RunRequest>(
      `/projects/${seg(ctx.projectId)}/run-requests/${seg(requestId)}`,
    );
    const runs = (await api.get<Page<Run>>(`/projects/${seg(ctx.projectId)}/runs`, { limit: 10 })).data;
    const count = runs.filter((r) => request.runIds.includes(r.id)).reduce((n, r) => n + r.answerCount, 0);
    const done = ['completed', 'failed', 'canceled'].includes(request.status);
    text.textContent = done
      ? `The run ${request.status} with ${plural(count, 'answer')}.`
      : `A run is in progress: ${plural(count, 'answer')} so far.`;
    if (done) link.textContent = 'See the runs';
    if (count !== lastCount || done) {
      lastCount = count;
      await reload();
    }
    return !done;
  });
}

interface Loaded {
  nodes: HTMLElement[];
  incompleteDays: number;
}

/** A period's headline figures: the trends read over the whole range (every engine together) and the brands. */
async function periodFigures(
  ctx: ProjectContext,
  from: string,
  to: string,
  engine: string,
): Promise<PeriodFigures> {
  const base = `/projects/${seg(ctx.projectId)}`;
  const [trends, competitors] = await Promise.all([
    api.get<Trends>(`${base}/stats/trends`, { from, to, interval: 'range', perEngine: false }, ctx.signal),
    api.get<CompetitorStats>(`${base}/stats/competitors`, { from, to, engine: engine || null }, ctx.signal),
  ]);
  return { trend: trends.data[0] ?? null, competitors };
}

async function loadData(
  ctx: ProjectContext,
  o: {
    from: string;
    to: string;
    days: number;
    engine: string;
    labels: Map<string, string>;
    step: string;
  },
): Promise<Loaded> {
  const base = `/projects/${seg(ctx.projectId)}`;
  const buckets = periodBuckets(o.from, o.to);
  const [daily, now, before, latestRuns, runs, weekly, sovPoints] = await Promise.all([
    api.get<DailyStats>(`${base}/stats/daily`, { from: o.from, to: o.to }, ctx.signal),
    periodFigures(ctx, o.from, o.to, o.engine),
    periodFigures(ctx, addDays(o.from, -o.days), addDays(o.from, -1), o.engine),
    // The latest run whatever its end, as Runs lists it; the changes compare completed runs only.
    api.get<Page<Run>>(`${base}/runs`, { limit: 1 }, ctx.signal),
    api.get<Page<Run>>(`${base}/runs`, { status: 'completed', limit: 2 }, ctx.signal),
    api.get<Trends>(
      `${base}/stats/trends`,
      { from: o.from, to: o.to, interval: o.days <= 14 ? 'day' : 'week', perEngine: false },
      ctx.signal,
    ),
    Promise.all(
      buckets.map(async (b) => ({
        ...b,
        rows: (
          await api.get<CompetitorStats>(
            `${base}/stats/competitors`,
            { ...b, engine: o.engine || null },
            ctx.signal,
          )
        ).data,
      })),
    ),
  ]);
  const labels = new Map(o.labels);
  for (const row of daily.data) if (!labels.has(row.engineId)) labels.set(row.engineId, row.engineId);
  const days = daysBetween(daily.from, daily.to);
  const nodes: HTMLElement[] = [];
  if (daily.incompleteDays > 0) {
    nodes.push(
      notice(
        'info',
        `${plural(daily.incompleteDays, 'recent day')} still being summarised; the numbers fill in within seconds.`,
      ),
    );
  }
  const latest = latestRuns.data[0];
  const trend = sparkTrends(weekly, sovPoints);
  nodes.push(
    h(
      'ul',
      {
        class: 'kpis',
        'aria-label': `Figures for the last ${o.days} days, against the ${o.days} days before`,
      },
      ...kpis(now, before).map((k) => kpiTile(k, o.days, trend[k.id])),
      latestRunTile(ctx, latest),
    ),
  );
  const range = `${day(daily.from)} to ${day(daily.to)}`;
  // One day of answers reads as that day, whatever the step: its bars say when the lines will start.
  const answeredDays = new Set(daily.data.filter((r) => r.answers > 0).map((r) => r.date)).size;
  const weeks = o.step === 'week' && answeredDays > 1 ? spans(daily.from, daily.to, 7) : null;
  const lineRows = weeks ? spanRows(daily.data, weeks) : daily.data;
  const lineDays = weeks ? weeks.map((w) => w.from) : days;
  const per = weeks ? 'week' : 'day';
  const visibility = new SeriesVisibility();
  const present = [...new Set(daily.data.map((r) => r.engineId))];
  const sovFor = o.engine ? (labels.get(o.engine) ?? o.engine) : 'all engines';
  nodes.push(
    section(
      'Share of voice',
      h(
        'div',
        { class: 'charts' },
        shareOfVoiceBars(
          `Brands named in answers, ${sovFor}, ${range}`,
          now.competitors.data,
          now.competitors.answers,
        ),
        shareOfVoiceOverTime(`Share of voice over time, ${sovFor}`, sovPoints, new SeriesVisibility()),
      ),
    ),
    section(
      'Rates per engine',
      present.length > 1
        ? seriesToggles(
            'Engines shown',
            present.map((id) => ({ id, label: labels.get(id) ?? id, slot: slotOf(labels, id) })),
            visibility,
          )
        : null,
      h(
        'div',
        { class: 'charts' },
        rateChart({
          title: `Mention rate per engine, by ${per}`,
          description: `Share of answers naming the brand, per engine and ${per}, ${range}. The table has every value.`,
          metric: 'mentionRate',
          rows: lineRows,
          days: lineDays,
          step: per,
          engines: labels,
          visibility,
        }),
        rateChart({
          title: `Citation rate per engine, by ${per}`,
          description: `Share of answers citing a page of the brand's site, per engine and ${per}, ${range}. The table has every value.`,
          metric: 'citationRate',
          rows: lineRows,
          days: lineDays,
          step: per,
          engines: labels,
          visibility,
        }),
      ),
    ),
    await changesSection(ctx, runs.data),
  );
  return { nodes, incompleteDays: daily.incompleteDays };
}

type SparkValues = Record<Kpi['id'], (number | null)[]>;

/** Each headline figure's points over the period, for the tiles' trend lines. */
function sparkTrends(weekly: Trends, sov: readonly { rows: CompetitorStats['data'] }[]): SparkValues {
  const points = weekly.data;
  return {
    mention: points.map((p) => p.mentionRate.value),
    citation: points.map((p) => p.citationRate.value),
    position: points.map((p) => p.averagePosition.value),
    sentiment: points.map((p) => p.sentiment.positive.value),
    sov: sov.map(({ rows }) => {
      const all = rows.reduce((n, r) => n + r.mentioned, 0);
      const own = rows.find((r) => r.isOwnBrand)?.mentioned ?? 0;
      return all > 0 ? own / all : null;
    }),
  };
}

/**
 * A headline figure: its value and change on one line, its trend below, and a detail line with the interval,
 * the sample and the period before. Words carry the change ("better", "may be noise"), not colour alone.
 */
function kpiTile(k: Kpi, days: number, trend: (number | null)[]): HTMLElement {
  const c = change(k);
  const interval = boundsText(k.kind, k.now);
  const before = boundsText(k.kind, k.previous);
  const arrow = c.trend === 'up' || c.trend === 'down';
  return h(
    'li',
    { class: 'kpi', 'data-kpi': k.id },
    h('span', { class: 'kpi-label' }, k.label),
    h(
      'span',
      { class: 'kpi-main' },
      h('span', { class: 'kpi-value' }, figureText(k.kind, k.now.value)),
      h(
        'span',
        { class: `kpi-change trend-${c.trend}${arrow && !c.clear ? ' faint' : ''}` },
        arrow ? c.text.replace(/, (better|worse)$/, '') : c.text,
        arrow ? h('span', { class: 'visually-hidden' }, c.text.slice(c.text.lastIndexOf(','))) : null,
        arrow
          ? h('span', { class: 'kpi-noise' }, c.clear ? ' · beyond the intervals' : ' · may be noise')
          : null,
      ),
    ),
    sparkline(trend, `${k.label} over the last ${days} days`) ?? h('span', { class: 'spark-empty' }),
    h(
      'span',
      { class: 'kpi-detail' },
      interval
        ? h('span', { class: 'kpi-interval' }, '95% interval ', h('span', { class: 'nowrap' }, interval))
        : null,
      h('span', { class: 'kpi-note' }, k.note),
      k.previous.value === null
        ? null
        : h(
            'span',
            { class: 'kpi-before' },
            `previous ${days} days ${figureText(k.kind, k.previous.value)}`,
            before ? [' ', h('span', { class: 'nowrap' }, `(${before})`)] : null,
          ),
    ),
  );
}

/** The latest run as Runs lists it: when, how it ended (a failed run is still the latest, and says so). */
function latestRunTile(ctx: ProjectContext, latest: Run | undefined): HTMLElement {
  const imported = ctx.project.visibility.latestAnswerDate;
  return h(
    'li',
    { class: 'kpi kpi-run', 'data-kpi': 'run' },
    h('span', { class: 'kpi-label' }, 'Latest run'),
    h(
      'span',
      { class: 'kpi-value small' },
      latest ? dateTime(latest.completedAt ?? latest.startedAt) : 'No run yet',
    ),
    latest ? h('span', { class: 'kpi-status' }, statusBadge(latest.status)) : null,
    h(
      'span',
      { class: 'kpi-detail' },
      h(
        'span',
        { class: 'kpi-note' },
        latest
          ? `${statusLabel(latest.status)} with ${answersCount(latest.answerCount)}`
          : imported
            ? `Answers imported up to ${day(imported)}`
            : '',
      ),
      latest ? h('a', { href: projectHref(ctx.projectId, 'runs') }, 'See the runs') : null,
    ),
  );
}
