/**
 * Runs: "Run now" (a run request with an Idempotency-Key), live progress while a request is active (the
 * request and the runs polled every 2 s: answers stored against prompts x engines x samples), and the lists
 * of runs and API run requests.
 */
import { allPages, api, ApiError, seg } from './api.ts';
import { field, h, loading, notice, select } from './dom.ts';
import { dateTime, plural } from './format.ts';
import type { ProjectContext } from './page.ts';
import { projectHref } from './router.ts';
import { expectedAnswers, progressFraction } from './run-diff.ts';
import { getCapabilities } from './state.ts';
import type { Capabilities, Page, Prompt, Run, RunRequest } from './types.ts';
import { announce, errorNotice, pageHeader, poll, section, statusBadge } from './widgets.ts';

const ENDED = new Set(['completed', 'failed', 'canceled']);

export async function renderRuns(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Runs · ${ctx.project.name}`);
  const base = `/projects/${seg(ctx.projectId)}`;
  let caps = await getCapabilities(ctx.projectId);

  const samples = select(
    Array.from({ length: Math.max(1, caps.limits.maxSamplesPerPrompt) }, (_, i) => ({
      value: String(i + 1),
      label: String(i + 1),
    })),
    String(Math.min(caps.tracking.samplesPerPrompt, caps.limits.maxSamplesPerPrompt)),
    { name: 'samplesPerPrompt' },
  );
  const runNow = h('button', { type: 'submit', class: 'primary run-now' }, 'Run now');
  const status = h('div', { class: 'form-status' });
  const progress = h('div', { class: 'progress-area', 'aria-live': 'polite' });
  const lists = h('div', null, loading('Loading runs…'));
  const summary = h('p', { class: 'hint' });
  const form = h(
    'form',
    { class: 'run-form', 'aria-label': 'Start a run' },
    h('div', { class: 'toolbar' }, field('Samples per prompt', samples), runNow),
    summary,
    status,
  );
  ctx.view.append(
    pageHeader('Runs', 'Ask every active prompt on its engines now, and follow the answers as they arrive.'),
    form,
    progress,
    lists,
  );

  const describe = (c: Capabilities) => {
    const parts = [
      `${plural(c.tracking.promptCount, 'active prompt')}`,
      `${c.runs.usedToday} of ${c.limits.runRequestsPerDay} API runs used today`,
    ];
    if (c.allowance) {
      parts.push(`about ${c.allowance.estimatedUnitsPerRun} units per sample`);
      if (c.allowance.remainingUnits !== null)
        parts.push(`${c.allowance.remainingUnits + c.allowance.prepaidCreditsRemaining} units left`);
    }
    if (c.host?.required)
      parts.push(c.host.online ? 'host computer online' : 'host computer offline: host engines wait for it');
    summary.textContent = `${parts.join(' · ')}.`;
  };
  describe(caps);

  const drawLists = async () => {
    const [runs, requests] = await Promise.all([
      api.get<Page<Run>>(`${base}/runs`, { limit: 20 }, ctx.signal),
      api.get<Page<RunRequest>>(`${base}/run-requests`, { limit: 10 }, ctx.signal),
    ]);
    lists.replaceChildren(runsSection(ctx, runs.data), requestsSection(requests.data));
  };
  await drawLists().catch((err) => lists.replaceChildren(errorNotice(err)));

  let watching: string | null = null;
  const watch = async (requestId: string, samplesPerPrompt: number) => {
    if (watching === requestId) return;
    watching = requestId;
    runNow.disabled = true;
    const prompts = (
      await allPages<Prompt>(`${base}/prompts`, { status: 'active' }, { max: 2000 }).catch(() => ({
        items: [] as Prompt[],
      }))
    ).items;
    const expected = expectedAnswers(
      prompts,
      samplesPerPrompt,
      caps.engines.map((e) => e.id),
    );
    const bar = h('progress', { max: Math.max(1, expected), value: 0, 'aria-label': 'Answers stored' });
    const label = h('p', { class: 'progress-label' }, 'Starting…');
    const note = h('div');
    progress.replaceChildren(section('Run in progress', bar, label, note));
    const tick = async (): Promise<boolean> => {
      const [request, runs, requests] = await Promise.all([
        api.get<RunRequest>(`${base}/run-requests/${seg(requestId)}`),
        api.get<Page<Run>>(`${base}/runs`, { limit: 20 }),
        api.get<Page<RunRequest>>(`${base}/run-requests`, { limit: 10 }),
      ]);
      const mine = runs.data.filter((r) => request.runIds.includes(r.id));
      const stored = mine.reduce((n, r) => n + r.answerCount, 0);
      const total = Math.max(expected, stored);
      bar.max = Math.max(1, total);
      bar.value = stored;
      const pct = Math.round(progressFraction(stored, total) * 100);
      label.replaceChildren(
        statusBadge(request.status),
        ` ${stored} of ${total} answers (${pct}%)`,
        request.mode === 'host' ? ' · on the host computer' : '',
      );
      note.replaceChildren(
        request.warning ? notice('warning', request.warning) : '',
        request.error ? notice('error', `${request.error.message} (${request.error.code})`) : '',
      );
      lists.replaceChildren(runsSection(ctx, runs.data), requestsSection(requests.data));
      if (ENDED.has(request.status)) {
        watching = null;
        runNow.disabled = false;
        announce(`Run ${request.status}: ${plural(stored, 'answer')} stored.`);
        progress.replaceChildren(
          notice(
            request.status === 'completed' ? 'success' : 'error',
            `The run ${request.status} with ${plural(stored, 'answer')}. `,
            h('a', { href: projectHref(ctx.projectId, 'overview') }, 'See the overview'),
            ' · ',
            mine[0]
              ? h(
                  'a',
                  { href: projectHref(ctx.projectId, 'answers', new URLSearchParams({ runId: mine[0].id })) },
                  'See its answers',
                )
              : '',
          ),
          request.error ? notice('error', `${request.error.message} (${request.error.code})`) : '',
        );
        caps = await getCapabilities(ctx.projectId);
        describe(caps);
        await drawLists();
        return false;
      }
      return true;
    };
    await tick().catch(() => true);
    if (watching === requestId) poll(2000, ctx.signal, tick);
  };

  if (caps.runs.activeRequestId) void watch(caps.runs.activeRequestId, caps.tracking.samplesPerPrompt);

  let idempotencyKey: string | null = null;
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
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
      runNow.disabled = false;
      status.replaceChildren(errorNotice(err));
      const active = err instanceof ApiError ? err.problem.activeRequestId : undefined;
      if (typeof active === 'string') void watch(active, samplesPerPrompt);
    }
  });
}

function runsSection(ctx: ProjectContext, runs: readonly Run[]): HTMLElement {
  return section(
    'Recent runs',
    runs.length === 0
      ? h('p', { class: 'empty' }, 'No run yet.')
      : h(
          'table',
          { class: 'runs' },
          h('caption', null, 'The 20 latest runs, newest first'),
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              ...['Started', 'Status', 'Trigger', 'Prompts', 'Answers', 'Completed', ''].map((c) =>
                h('th', { scope: 'col' }, c || h('span', { class: 'visually-hidden' }, 'Answers link')),
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
                h('td', null, dateTime(r.startedAt)),
                h('td', null, statusBadge(r.status)),
                h('td', null, r.trigger),
                h('td', null, String(r.promptCount)),
                h('td', null, String(r.answerCount)),
                h('td', null, dateTime(r.completedAt)),
                h(
                  'td',
                  null,
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

function requestsSection(requests: readonly RunRequest[]): HTMLElement {
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
          null,
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
                h('td', null, dateTime(r.createdAt)),
                h('td', null, statusBadge(r.status)),
                h('td', null, r.mode === 'host' ? 'host computer' : 'cloud'),
                h('td', null, String(r.promptCount)),
                h('td', null, String(r.estimatedUnits)),
                h('td', null, r.error ? `${r.error.message} (${r.error.code})` : (r.warning ?? '')),
              ),
            ),
          ),
        ),
  );
}
