/**
 * The morning view: headline figures with their change against the previous period, share of voice now and over
 * time, mention and citation rates per engine, and what changed since the last run (prompts won and lost).
 * A project without answers yet shows its first-run checklist instead of empty charts.
 */
import { api, seg } from './api.ts';
import { addDays, daysBetween, periodBuckets, utcDay } from './chart-scale.ts';
import { rateChart, SeriesVisibility, seriesToggles, slotOf } from './charts.ts';
import { shareOfVoiceBars, shareOfVoiceOverTime } from './charts-share.ts';
import { field, h, loading, notice, select } from './dom.ts';
import { answersCount, day, dateTime, percent, plural } from './format.ts';
import { change, kpis, type Kpi, type PeriodFigures } from './kpis.ts';
import { changesSection } from './overview-changes.ts';
import type { ProjectContext } from './page.ts';
import { checklistPanel } from './page-setup.ts';
import { projectHref } from './router.ts';
import { engineLabels, getCapabilities, getEngines, getProject } from './state.ts';
import type { AnswerSummary, CompetitorStats, DailyStats, Page, Run, RunRequest } from './types.ts';
import { errorNotice, pageHeader, poll, section } from './widgets.ts';

const PERIODS = [7, 30, 90, 180, 365];

export async function renderOverview(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Overview · ${ctx.project.name}`);
  const days = PERIODS.includes(Number(ctx.query.get('days'))) ? Number(ctx.query.get('days')) : 30;
  const engine = ctx.query.get('engine') ?? '';
  const engines = await getEngines(ctx.projectId);
  const labels = engineLabels(engines);

  const period = select(
    PERIODS.map((d) => ({ value: String(d), label: `Last ${d} days` })),
    String(days),
    { name: 'days' },
  );
  const sovEngine = select(
    [{ value: '', label: 'All engines' }, ...engines.map((e) => ({ value: e.id, label: e.label }))],
    engine,
    { name: 'engine' },
  );
  const go = () => {
    const q = new URLSearchParams({ days: period.value });
    if (sovEngine.value) q.set('engine', sovEngine.value);
    ctx.navigate(projectHref(ctx.projectId, 'overview', q));
  };
  period.addEventListener('change', go);
  sovEngine.addEventListener('change', go);

  const runBanner = h('div', { class: 'run-banner' });
  const data = h('div', { class: 'overview-data' }, loading('Loading the numbers…'));
  ctx.view.append(
    pageHeader('Overview', ctx.project.name, ctx.project.websiteUrl ? ` · ${ctx.project.websiteUrl}` : ''),
    h('div', { class: 'toolbar' }, field('Period', period), field('Share of voice for', sovEngine)),
    runBanner,
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

  const to = utcDay(new Date());
  const from = addDays(to, -(days - 1));
  const load = async () => {
    const fresh = await loadData(ctx, { from, to, days, engine, labels });
    if (!ctx.signal.aborted) data.replaceChildren(...fresh.nodes);
    return fresh.incompleteDays;
  };
  if (hasAnswers) {
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

async function period(
  ctx: ProjectContext,
  from: string,
  to: string,
  engine: string,
): Promise<PeriodFigures & { incompleteDays: number; from: string; to: string }> {
  const base = `/projects/${seg(ctx.projectId)}`;
  const [daily, competitors, summary] = await Promise.all([
    api.get<DailyStats>(`${base}/stats/daily`, { from, to }, ctx.signal),
    api.get<CompetitorStats>(`${base}/stats/competitors`, { from, to, engine: engine || null }, ctx.signal),
    api.get<AnswerSummary>(`${base}/stats/answers`, { from, to }, ctx.signal),
  ]);
  return {
    daily: daily.data,
    competitors,
    summary,
    incompleteDays: daily.incompleteDays,
    from: daily.from,
    to: daily.to,
  };
}

async function loadData(
  ctx: ProjectContext,
  o: { from: string; to: string; days: number; engine: string; labels: Map<string, string> },
): Promise<Loaded> {
  const base = `/projects/${seg(ctx.projectId)}`;
  const buckets = periodBuckets(o.from, o.to);
  const [now, before, runs, sovPoints] = await Promise.all([
    period(ctx, o.from, o.to, o.engine),
    period(ctx, addDays(o.from, -o.days), addDays(o.from, -1), o.engine),
    api.get<Page<Run>>(`${base}/runs`, { status: 'completed', limit: 2 }, ctx.signal),
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
  for (const row of now.daily) if (!labels.has(row.engineId)) labels.set(row.engineId, row.engineId);
  const days = daysBetween(now.from, now.to);
  const nodes: HTMLElement[] = [];
  if (now.incompleteDays > 0) {
    nodes.push(
      notice(
        'info',
        `${plural(now.incompleteDays, 'recent day')} still being summarised; the numbers fill in within seconds.`,
      ),
    );
  }
  const latest = runs.data[0];
  nodes.push(
    h(
      'ul',
      {
        class: 'kpis',
        'aria-label': `Figures for the last ${o.days} days, against the ${o.days} days before`,
      },
      ...kpis(now, before).map((k) => kpiTile(k, o.days)),
      h(
        'li',
        { class: 'kpi' },
        h('span', { class: 'kpi-label' }, 'Latest run'),
        h(
          'span',
          { class: 'kpi-value small' },
          latest ? dateTime(latest.completedAt ?? latest.startedAt) : 'No run yet',
        ),
        h(
          'span',
          { class: 'kpi-note' },
          latest
            ? answersCount(latest.answerCount)
            : ctx.project.visibility.latestAnswerDate
              ? `Answers imported up to ${day(ctx.project.visibility.latestAnswerDate)}`
              : '',
        ),
      ),
    ),
  );
  const range = `${day(now.from)} to ${day(now.to)}`;
  const visibility = new SeriesVisibility();
  const present = [...new Set(now.daily.map((r) => r.engineId))];
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
          title: 'Mention rate per engine',
          description: `Share of answers naming the brand, per engine and day, ${range}. The table has every value.`,
          metric: 'mentionRate',
          rows: now.daily,
          days,
          engines: labels,
          visibility,
        }),
        rateChart({
          title: 'Citation rate per engine',
          description: `Share of answers citing a page of the brand's site, per engine and day, ${range}. The table has every value.`,
          metric: 'citationRate',
          rows: now.daily,
          days,
          engines: labels,
          visibility,
        }),
      ),
    ),
    await changesSection(ctx, runs.data),
  );
  return { nodes, incompleteDays: now.incompleteDays };
}

function kpiTile(k: Kpi, days: number): HTMLElement {
  const c = change(k);
  const value = k.kind === 'rate' ? percent(k.value) : k.value === null ? '—' : k.value.toFixed(1);
  const previous =
    k.kind === 'rate' ? percent(k.previous) : k.previous === null ? '—' : k.previous.toFixed(1);
  return h(
    'li',
    { class: 'kpi' },
    h('span', { class: 'kpi-label' }, k.label),
    h('span', { class: 'kpi-value' }, value),
    h('span', { class: `kpi-change trend-${c.trend}` }, c.text),
    h(
      'span',
      { class: 'kpi-note' },
      k.previous === null ? k.note : `${k.note}; previous ${days} days ${previous}`,
    ),
  );
}
