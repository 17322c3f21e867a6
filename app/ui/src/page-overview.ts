/**
 * The morning view: mention and citation rates per engine over the period, share of voice against the
 * competitors, and what changed between the last two completed runs.
 */
import { allPages, api, seg } from './api.ts';
import { addDays, daysBetween, overallRates, utcDay } from './chart-scale.ts';
import { lineChart, shareOfVoiceChart } from './charts.ts';
import { field, h, loading, notice, select } from './dom.ts';
import { dateTime, percent, plural, points } from './format.ts';
import type { ProjectContext } from './page.ts';
import { projectHref } from './router.ts';
import { diffRuns, type EngineChange } from './run-diff.ts';
import { engineLabels, getCapabilities, getEngines } from './state.ts';
import type { Answer, CompetitorStats, DailyStats, Page, Run, RunRequest } from './types.ts';
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

  const to = utcDay(new Date());
  const from = addDays(to, -(days - 1));
  const load = async () => {
    const fresh = await loadData(ctx, { from, to, engine, labels });
    if (!ctx.signal.aborted) data.replaceChildren(...fresh.nodes);
    return fresh.incompleteDays;
  };
  const incomplete = await load().catch((err) => {
    data.replaceChildren(errorNotice(err));
    return 0;
  });
  if (incomplete > 0) {
    let tries = 0;
    poll(3000, ctx.signal, async () => (await load()) > 0 && ++tries < 10);
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
      ? `The run ${request.status.replaceAll('_', ' ')} with ${plural(count, 'answer')}.`
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

async function loadData(
  ctx: ProjectContext,
  o: { from: string; to: string; engine: string; labels: Map<string, string> },
): Promise<Loaded> {
  const base = `/projects/${seg(ctx.projectId)}`;
  const [daily, competitors, runs] = await Promise.all([
    api.get<DailyStats>(`${base}/stats/daily`, { from: o.from, to: o.to }, ctx.signal),
    api.get<CompetitorStats>(
      `${base}/stats/competitors`,
      { from: o.from, to: o.to, engine: o.engine || null },
      ctx.signal,
    ),
    api.get<Page<Run>>(`${base}/runs`, { status: 'completed', limit: 2 }, ctx.signal),
  ]);
  const labels = new Map(o.labels);
  for (const row of daily.data) if (!labels.has(row.engineId)) labels.set(row.engineId, row.engineId);
  const days = daysBetween(daily.from, daily.to);
  const totals = overallRates(daily.data);
  const nodes: HTMLElement[] = [];
  if (daily.incompleteDays > 0) {
    nodes.push(
      notice(
        'info',
        `${plural(daily.incompleteDays, 'recent day')} still being summarised; the numbers fill in within seconds.`,
      ),
    );
  }
  nodes.push(
    h(
      'ul',
      { class: 'kpis', 'aria-label': 'Totals for the period' },
      kpi('Mention rate', percent(totals.mentionRate), `of ${plural(totals.answers, 'answer')}`),
      kpi('Citation rate', percent(totals.citationRate), `of ${plural(totals.answers, 'answer')}`),
      kpi(
        'Latest run',
        runs.data[0] ? dateTime(runs.data[0].completedAt ?? runs.data[0].startedAt) : 'none yet',
        runs.data[0] ? plural(runs.data[0].answerCount, 'answer') : '',
        true,
      ),
    ),
  );
  const range = `${daily.from} to ${daily.to}`;
  nodes.push(
    section(
      'Rates over time',
      h(
        'div',
        { class: 'charts' },
        lineChart({
          title: 'Mention rate per engine',
          description: `Share of answers naming the brand, per engine and day, ${range}. The table below has every value.`,
          metric: 'mentionRate',
          rows: daily.data,
          days,
          engines: labels,
        }),
        lineChart({
          title: 'Citation rate per engine',
          description: `Share of answers citing a page of the brand's site, per engine and day, ${range}. The table below has every value.`,
          metric: 'citationRate',
          rows: daily.data,
          days,
          engines: labels,
        }),
      ),
    ),
    section(
      'Share of voice',
      shareOfVoiceChart({
        title: `Brands named in answers, ${o.engine ? (labels.get(o.engine) ?? o.engine) : 'all engines'}, ${range}`,
        rows: competitors.data,
        answers: competitors.answers,
      }),
    ),
    await changesSection(ctx, runs.data),
  );
  return { nodes, incompleteDays: daily.incompleteDays };
}

function kpi(label: string, value: string, note: string, small = false): HTMLElement {
  return h(
    'li',
    { class: 'kpi' },
    h('span', { class: 'kpi-label' }, label),
    h('span', { class: small ? 'kpi-value small' : 'kpi-value' }, value),
    h('span', { class: 'kpi-note' }, note),
  );
}

async function runAnswers(ctx: ProjectContext, runId: string) {
  return (
    await allPages<Answer>(
      `/projects/${seg(ctx.projectId)}/answers`,
      { runId },
      { max: 5000, signal: ctx.signal },
    )
  ).items;
}

async function changesSection(ctx: ProjectContext, runs: readonly Run[]): Promise<HTMLElement> {
  const title = 'What changed since the last run';
  const [latest, previous] = runs;
  if (!latest) {
    return section(
      title,
      h(
        'p',
        { class: 'empty' },
        'No completed run yet. ',
        h('a', { href: projectHref(ctx.projectId, 'runs') }, 'Start one on Runs'),
        '.',
      ),
    );
  }
  const [now, before] = await Promise.all([
    runAnswers(ctx, latest.id),
    previous ? runAnswers(ctx, previous.id) : Promise.resolve([]),
  ]);
  const diff = diffRuns(now, before);
  const when = (r: Run) => dateTime(r.completedAt ?? r.startedAt, true);
  const caption = previous
    ? `The run of ${when(latest)} against the run of ${when(previous)}`
    : `The run of ${when(latest)}; there is no earlier run to compare with yet`;
  const row = (c: EngineChange, total = false) => {
    const m = points(c.mentionDelta);
    const ci = points(c.citationDelta);
    const cell = total ? 'th' : 'td';
    return h(
      'tr',
      total ? { class: 'total' } : null,
      h('th', { scope: 'row' }, c.engineLabel),
      h(
        cell,
        null,
        percent(c.latest?.mentionRate),
        c.latest ? h('span', { class: 'sub' }, ` (${c.latest.mentioned}/${c.latest.answers})`) : '',
      ),
      h(
        cell,
        { class: `trend trend-${m.trend}` },
        m.text,
        c.previous ? h('span', { class: 'sub' }, ` from ${percent(c.previous.mentionRate)}`) : '',
      ),
      h(
        cell,
        null,
        percent(c.latest?.citationRate),
        c.latest ? h('span', { class: 'sub' }, ` (${c.latest.cited}/${c.latest.answers})`) : '',
      ),
      h(
        cell,
        { class: `trend trend-${ci.trend}` },
        ci.text,
        c.previous ? h('span', { class: 'sub' }, ` from ${percent(c.previous.citationRate)}`) : '',
      ),
    );
  };
  return section(
    title,
    h(
      'table',
      { class: 'changes' },
      h('caption', null, caption),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ...['Engine', 'Mention rate', 'Change', 'Citation rate', 'Change'].map((c) =>
            h('th', { scope: 'col' }, c),
          ),
        ),
      ),
      h('tbody', null, ...diff.engines.map((c) => row(c))),
      h('tfoot', null, row(diff.total, true)),
    ),
    h(
      'p',
      null,
      h(
        'a',
        { href: projectHref(ctx.projectId, 'answers', new URLSearchParams({ runId: latest.id })) },
        'See the answers of the latest run',
      ),
    ),
  );
}
