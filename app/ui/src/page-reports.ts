/**
 * Reports: the report of a period (`?from&to`; by default the last full week in the project's time zone, as the
 * API picks it) previewed from its JSON, its PDF downloaded with the page's own credentials, share links, and the
 * digest's schedule and recipients with Send now.
 */
import { addDays, utcDay } from './chart-scale.ts';
import { api, seg } from './api.ts';
import { button, field, h, input, loading, select } from './dom.ts';
import type { ProjectContext } from './page.ts';
import { reportDigest } from './report-digest.ts';
import { reportLinks } from './report-links.ts';
import { reportPreview } from './report-preview.ts';
import { fileSlug, saveFile } from './save-file.ts';
import { projectHref } from './router.ts';
import { getEngines } from './state.ts';
import type { Report } from './types.ts';
import { announce, errorNotice, pageHeader, section } from './widgets.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Presets as from/to in UTC days; the week runs Monday to Sunday, as the API's default does. */
function presets(today = utcDay(new Date())): { label: string; from: string; to: string }[] {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const sunday = addDays(today, -weekday - 1);
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(firstOfMonth, -1);
  return [
    { label: 'Last full week', from: addDays(sunday, -6), to: sunday },
    { label: 'The week before', from: addDays(sunday, -13), to: addDays(sunday, -7) },
    { label: 'Last full month', from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd },
    { label: 'Last 30 days', from: addDays(today, -29), to: today },
    { label: 'Last 90 days', from: addDays(today, -89), to: today },
  ];
}

export async function renderReports(ctx: ProjectContext): Promise<void> {
  ctx.setTitle(`Reports · ${ctx.project.name}`);
  const asked = { from: ctx.query.get('from') ?? '', to: ctx.query.get('to') ?? '' };
  const range = DAY.test(asked.from) && DAY.test(asked.to) ? asked : null;
  const path = `/projects/${seg(ctx.projectId)}/report`;
  const [report, engines] = await Promise.all([
    api.get<Report>(path, range ?? undefined, ctx.signal).catch((err: unknown) => err as Error),
    getEngines(ctx.projectId),
  ]);
  const labels = new Map(engines.map((e) => [e.id, e.label]));
  const shown = report instanceof Error ? range : { from: report.from, to: report.to };

  ctx.view.append(
    pageHeader(
      'Reports',
      'The report of a period to read here, download as a PDF or share read-only through a link. Its figures are the API’s for the same period.',
    ),
    periodForm(ctx, shown),
  );
  if (report instanceof Error || !shown) {
    ctx.view.append(errorNotice(report));
    return;
  }
  const status = h('div', { class: 'form-status', 'aria-live': 'polite' });
  const pdf = button('Download PDF', async () => {
    pdf.disabled = true;
    status.replaceChildren(loading('Rendering the PDF…'));
    try {
      const blob = await api.file(path, { ...shown, format: 'pdf' }, 'application/pdf');
      saveFile(blob, `${fileSlug(ctx.project.name)}-report-${shown.from}-to-${shown.to}.pdf`);
      status.replaceChildren();
      announce('PDF downloaded.');
    } catch (err) {
      status.replaceChildren(errorNotice(err));
    }
    pdf.disabled = false;
  });
  pdf.classList.add('primary');
  ctx.view.append(
    h('div', { class: 'actions' }, pdf),
    status,
    reportPreview(report, (id) => labels.get(id) ?? id),
    section(
      'Share links',
      h('p', { class: 'hint' }, 'A link opens this period’s report without signing in, and nothing else.'),
      reportLinks(ctx.projectId, () => shown),
    ),
    section(
      'Digest by e-mail',
      h(
        'p',
        { class: 'hint' },
        'The report by e-mail on a schedule: HTML with the PDF attached, a share link and an unsubscribe link.',
      ),
      reportDigest(ctx.projectId, () => shown),
    ),
  );
}

/** A preset or any from/to; showing opens the page again with the period in its address. */
function periodForm(ctx: ProjectContext, shown: { from: string; to: string } | null): HTMLFormElement {
  const choices = presets();
  const from = input({ type: 'date', name: 'from', required: true, value: shown?.from ?? '' });
  const to = input({ type: 'date', name: 'to', required: true, value: shown?.to ?? '' });
  const preset = select(
    [{ value: '', label: 'Chosen dates' }, ...choices.map((c, i) => ({ value: String(i), label: c.label }))],
    String(choices.findIndex((c) => c.from === shown?.from && c.to === shown.to)),
    { name: 'preset' },
  );
  preset.addEventListener('change', () => {
    const c = choices[Number(preset.value)];
    if (preset.value === '' || !c) return;
    from.value = c.from;
    to.value = c.to;
  });
  for (const d of [from, to]) d.addEventListener('input', () => (preset.value = ''));
  const form = h(
    'form',
    { class: 'toolbar', 'aria-label': 'Report period' },
    field('Period', preset),
    field('From', from),
    field('To', to, 'At most 366 days.'),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Show')),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    ctx.navigate(
      projectHref(ctx.projectId, 'reports', new URLSearchParams({ from: from.value, to: to.value })),
    );
  });
  return form;
}
