/**
 * Runs: what a run started now would ask (and what cannot run, with the fix), "Run now" (a run request with an
 * Idempotency-Key) disabled when nothing can run, live progress per engine with Cancel, the units left, and
 * the lists of runs and API run requests.
 */
import { api, ApiError, seg } from './api.ts';
import { button, field, h, loading, notice, select } from './dom.ts';
import { engineDot } from './engine-colour.ts';
import { dateTime, plural, statusLabel, withEngineLabels } from './format.ts';
import type { ProjectContext } from './page.ts';
import { runControls } from './permissions.ts';
import { projectHref } from './router.ts';
import { progressFraction } from './run-diff.ts';
import { readinessList, runPlan } from './run-readiness.ts';
import { engineLabels, getCapabilities, getEngines, getReadiness } from './state.ts';
import type { AnswerSummary, Capabilities, CancelOutcome, Page, Run, RunRequest } from './types.ts';
import { announce, errorNotice, pageHeader, poll, section, statusBadge } from './widgets.ts';

const ENDED = new Set(['completed', 'failed', 'canceled']);

const unitsLeft = (c: Capabilities) =>
  c.allowance ? (c.allowance.remainingUnits ?? 0) + c.allowance.prepaidCreditsRemaining : null;

export async function renderRuns(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Runs · ${ctx.project.name}`);
  const base = `/projects/${seg(ctx.projectId)}`;
  let [caps, ready] = await Promise.all([
    getCapabilities(ctx.projectId),
    getReadiness(ctx.projectId, ctx.signal),
  ]);
  // Engines are named by their labels, in the service's messages too.
  const labels = engineLabels(await getEngines(ctx.projectId).catch(() => ready.engines));
  const named = (text: string) => withEngineLabels(text, labels);

  const samples = select(
    Array.from({ length: Math.max(1, caps.limits.maxSamplesPerPrompt) }, (_, i) => ({
      value: String(i + 1),
      label: String(i + 1),
    })),
    String(Math.min(caps.tracking.samplesPerPrompt, caps.limits.maxSamplesPerPrompt)),
    { name: 'samplesPerPrompt' },
  );
  const runNow = h('button', { type: 'submit', class: 'primary run-now' }, 'Run now');
  const plan = h('p', { class: 'run-plan', id: 'run-plan' });
  runNow.setAttribute('aria-describedby', 'run-plan');
  const status = h('div', { class: 'form-status' });
  const progress = h('div', { class: 'progress-area', 'aria-live': 'polite' });
  const lists = h('div', null, loading('Loading runs…'));
  const summary = h('p', { class: 'hint' });
  const readinessArea = h('div');
  const form = h(
    'form',
    { class: 'run-form panel', 'aria-label': 'Start a run' },
    plan,
    h('div', { class: 'toolbar' }, field('Samples per prompt', samples), runNow),
    summary,
    status,
  );
  const signInHelp = (engineLabel: string) =>
    h(
      'a',
      { href: projectHref(ctx.projectId, 'engines') },
      `Sign in on Engines`,
      h('span', { class: 'visually-hidden' }, ` (${engineLabel})`),
    );
  ctx.view.append(
    pageHeader('Runs', 'Ask every active prompt on its engines now, and follow the answers as they arrive.'),
    ...runControls(form),
    progress,
    section('Engines for the next run', readinessArea),
    lists,
  );

  let watching: string | null = null;
  // Run now stays disabled until its submit handler is attached at the end of the set-up below: a submit
  // before that (the desktop tray's Run now presses it as soon as it is enabled) would post the form natively.
  let armed = false;
  const describe = () => {
    const parts = [
      `${plural(caps.tracking.promptCount, 'active prompt')}`,
      `${caps.runs.usedToday} of ${caps.limits.runRequestsPerDay} runs started today`,
    ];
    const left = unitsLeft(caps);
    if (caps.allowance && left !== null)
      parts.push(
        `about ${plural(caps.allowance.estimatedUnitsPerRun, 'unit')} a sample`,
        `${plural(left, 'unit')} left`,
      );
    summary.textContent = `${parts.join(' · ')}.`;
    plan.textContent = runPlan(ready);
    readinessArea.replaceChildren(readinessList(ready, signInHelp, labels));
    runNow.disabled = !armed || watching !== null || !ready.canRun;
  };
  describe();
  const refresh = async () => {
    [caps, ready] = await Promise.all([getCapabilities(ctx.projectId), getReadiness(ctx.projectId)]);
    describe();
  };

  const drawLists = async () => {
    const [runs, requests] = await Promise.all([
      api.get<Page<Run>>(`${base}/runs`, { limit: 20 }, ctx.signal),
      api.get<Page<RunRequest>>(`${base}/run-requests`, { limit: 10 }, ctx.signal),
    ]);
    lists.replaceChildren(runsSection(ctx, runs.data), requestsSection(requests.data, named));
  };
  await drawLists().catch((err) => lists.replaceChildren(errorNotice(err)));

  const watch = async (requestId: string, samplesPerPrompt: number) => {
    if (watching === requestId) return;
    watching = requestId;
    runNow.disabled = true;
    const engines = ready.engines.filter((e) => e.ready);
    const rows = engines.map((e) => {
      const bar = h('progress', {
        max: Math.max(1, e.activePrompts * samplesPerPrompt),
        value: 0,
        'aria-label': `${e.label}: answers stored`,
      });
      const text = h('span', { class: 'engine-progress-text' }, 'waiting');
      return {
        engine: e,
        bar,
        text,
        li: h(
          'li',
          null,
          h('span', { class: 'engine-progress-name' }, engineDot(labels, e.id), e.label),
          bar,
          text,
        ),
      };
    });
    const label = h('p', { class: 'progress-label' }, 'Starting…');
    const note = h('div');
    const cancel = button(
      'Cancel run',
      async () => {
        cancel.disabled = true;
        try {
          const r = await api.post<CancelOutcome>(`${base}/run-requests/${seg(requestId)}/cancel`);
          announce(r.outcome === 'canceled' ? 'Run canceled.' : 'Canceling: the run stops within seconds.');
          cancel.textContent = r.outcome === 'canceled' ? 'Canceled' : 'Canceling…';
        } catch (err) {
          cancel.disabled = false;
          note.replaceChildren(errorNotice(err));
        }
      },
      { class: 'danger cancel-run' },
    );
    progress.replaceChildren(
      section(
        'Run in progress',
        label,
        h('ul', { class: 'engine-progress' }, ...rows.map((r) => r.li)),
        h('div', { class: 'actions' }, ...runControls(cancel)),
        note,
      ),
    );
    const tick = async (): Promise<boolean> => {
      const request = await api.get<RunRequest>(`${base}/run-requests/${seg(requestId)}`);
      const counts = await Promise.all(
        rows.map(async (r) =>
          request.runIds.length === 0
            ? 0
            : (
                await Promise.all(
                  request.runIds.map((runId) =>
                    api.get<AnswerSummary>(`${base}/stats/answers`, { runId, engine: [r.engine.id] }),
                  ),
                )
              ).reduce((n, s) => n + s.answers, 0),
        ),
      );
      let stored = 0;
      let expected = 0;
      rows.forEach((r, i) => {
        const n = counts[i]!;
        const want = Math.max(r.engine.activePrompts * samplesPerPrompt, n);
        stored += n;
        expected += want;
        r.bar.max = Math.max(1, want);
        r.bar.value = n;
        r.text.textContent = `${n} of ${want}`;
      });
      const pct = Math.round(progressFraction(stored, expected) * 100);
      label.replaceChildren(
        statusBadge(request.status),
        ` ${stored} of ${plural(expected, 'answer')} (${pct}%)`,
        request.mode === 'host' ? ' · on the host computer' : '',
      );
      note.replaceChildren(
        request.warning ? notice('warning', named(request.warning)) : '',
        request.error ? notice('error', named(request.error.message)) : '',
      );
      await Promise.all([refresh(), drawLists()]);
      runNow.disabled = true;
      if (!ENDED.has(request.status)) return true;
      watching = null;
      announce(`Run ${statusLabel(request.status).toLowerCase()}: ${plural(stored, 'answer')} stored.`);
      const runs = (await api.get<Page<Run>>(`${base}/runs`, { limit: 20 })).data.filter((r) =>
        request.runIds.includes(r.id),
      );
      // Links to the numbers only when the run stored some: after a run where every answer failed there is nothing to see.
      const links =
        stored > 0
          ? [
              h('a', { href: projectHref(ctx.projectId, 'overview') }, 'See the overview'),
              ' · ',
              runs[0]
                ? h(
                    'a',
                    {
                      href: projectHref(ctx.projectId, 'answers', new URLSearchParams({ runId: runs[0].id })),
                    },
                    'See its answers',
                  )
                : '',
            ]
          : [' No answer was stored: see what each engine needs below.'];
      progress.replaceChildren(
        notice(
          request.status === 'completed' ? 'success' : 'error',
          `The run ${statusLabel(request.status).toLowerCase()} with ${plural(stored, 'answer')}. `,
          ...links,
        ),
        request.error ? notice('error', named(request.error.message)) : '',
      );
      describe();
      await drawLists();
      return false;
    };
    await tick().catch(() => true);
    if (watching === requestId) poll(2000, ctx.signal, tick);
  };

  if (caps.runs.activeRequestId) void watch(caps.runs.activeRequestId, caps.tracking.samplesPerPrompt);

  let idempotencyKey: string | null = null;
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (!ready.canRun) return;
    status.replaceChildren();
    runNow.disabled = true;
    const samplesPerPrompt = Number(samples.value);
    // One key per intent: a retry after a lost answer replays the same request instead of starting another.
    idempotencyKey ??= `ui-${crypto.randomUUID()}`;
    try {
      const request = await api.post<RunRequest>(
        `${base}/run-requests`,
        { samplesPerPrompt },
        { 'idempotency-key': idempotencyKey },
      );
      idempotencyKey = null;
      announce(request.replayed ? 'This run was already requested.' : 'Run started.');
      if (request.warning) status.replaceChildren(notice('warning', request.warning));
      await watch(request.id, samplesPerPrompt);
    } catch (err) {
      if (err instanceof ApiError && err.status > 0) idempotencyKey = null;
      describe();
      status.replaceChildren(errorNotice(err));
      const active = err instanceof ApiError ? err.problem.activeRequestId : undefined;
      if (typeof active === 'string') void watch(active, samplesPerPrompt);
    }
  });
  armed = true;
  describe();
}

function runsSection(ctx: ProjectContext, runs: readonly Run[]): HTMLElement {
  return section(
    'Recent runs',
    runs.length === 0
      ? h('p', { class: 'empty' }, 'No run yet.')
      : h(
          'table',
          { class: 'runs responsive' },
          h('caption', null, 'The latest runs (at most 20), newest first'),
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              ...['Started', 'Status', 'Started by', 'Prompts', 'Answers', 'Ended', 'Answers'].map((c, i) =>
                h(
                  'th',
                  { scope: 'col' },
                  i === 6 ? h('span', { class: 'visually-hidden' }, 'Answers link') : c,
                ),
              ),
            ),
          ),
          h(
            'tbody',
            null,
            ...runs.map((r) =>
              h(
                'tr',
                null,
                h('td', { 'data-label': 'Started' }, dateTime(r.startedAt)),
                h('td', { 'data-label': 'Status' }, statusBadge(r.status)),
                h(
                  'td',
                  { 'data-label': 'Started by' },
                  r.trigger === 'scheduled' ? 'Schedule' : 'A person or the API',
                ),
                h('td', { 'data-label': 'Prompts' }, String(r.promptCount)),
                h('td', { 'data-label': 'Answers' }, String(r.answerCount)),
                h('td', { 'data-label': 'Ended' }, dateTime(r.completedAt)),
                h(
                  'td',
                  { class: 'open-cell' },
                  h(
                    'a',
                    {
                      href: projectHref(ctx.projectId, 'answers', new URLSearchParams({ runId: r.id })),
                      'aria-label': `Answers of the run started ${dateTime(r.startedAt)}`,
                    },
                    'Answers',
                  ),
                ),
              ),
            ),
          ),
        ),
  );
}

function requestsSection(requests: readonly RunRequest[], named: (text: string) => string): HTMLElement {
  return section(
    'Run requests',
    h(
      'p',
      { class: 'hint' },
      'Runs asked for with “Run now” or through the API; scheduled runs appear only above.',
    ),
    requests.length === 0
      ? h('p', { class: 'empty' }, 'No run request yet.')
      : h(
          'table',
          { class: 'responsive' },
          h('caption', null, 'The 10 latest run requests'),
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              ...['Requested', 'Status', 'Where', 'Prompts', 'Units', 'Note'].map((c) =>
                h('th', { scope: 'col' }, c),
              ),
            ),
          ),
          h(
            'tbody',
            null,
            ...requests.map((r) =>
              h(
                'tr',
                null,
                h('td', { 'data-label': 'Requested' }, dateTime(r.createdAt)),
                h('td', { 'data-label': 'Status' }, statusBadge(r.status)),
                h('td', { 'data-label': 'Where' }, r.mode === 'host' ? 'Host computer' : 'Cloud'),
                h('td', { 'data-label': 'Prompts' }, String(r.promptCount)),
                h('td', { 'data-label': 'Units' }, String(r.estimatedUnits)),
                h('td', { 'data-label': 'Note' }, named(r.error ? r.error.message : (r.warning ?? '—'))),
              ),
            ),
          ),
        ),
  );
}
