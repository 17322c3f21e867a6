/** The project picker: the account's projects, newest first, and a form to create one. */
import { allPages, api, seg } from './api.ts';
import { addDays, overallRates, utcDay } from './chart-scale.ts';
import { field, h, input } from './dom.ts';
import { answersCount, dateTime, day, parseList, percent, statusLabel, websiteUrl } from './format.ts';
import { websiteInput } from './setup-brand.ts';
import type { PageContext } from './page.ts';
import { canWrite, writeControls } from './permissions.ts';
import { projectHref } from './router.ts';
import { rememberBrand } from './state.ts';
import type { DailyStats, Page, Project, ProjectWithHost, Run } from './types.ts';
import { announce, onSubmit, pageHeader, section, setFlash } from './widgets.ts';

export async function renderProjects(ctx: PageContext): Promise<void> {
  ctx.setTitle('Projects');
  const { items: projects } = await allPages<Project>('/projects', {}, { signal: ctx.signal });
  ctx.view.append(
    pageHeader('Projects', 'Pick the brand to look at, or start tracking a new one.'),
    section(
      'Your projects',
      projects.length === 0
        ? h(
            'p',
            { class: 'empty' },
            canWrite() ? 'No project yet: create the first one below.' : 'No project yet.',
          )
        : h('ul', { class: 'project-list' }, ...projects.map((p) => projectItem(p, ctx.signal))),
    ),
    ...writeControls(section('New project', createForm(ctx))),
  );
}

/** A project's card: its figures over the last 30 days and its latest run, filled in as they load. */
function projectItem(p: Project, signal: AbortSignal): HTMLElement {
  const v = p.visibility;
  const figures = h(
    'dl',
    { class: 'card-figures' },
    h('div', null, h('dt', null, 'Tracked prompts'), h('dd', null, String(v.trackedPrompts))),
  );
  const card = h(
    'li',
    { class: 'project-card' },
    h('a', { href: projectHref(p.id), class: 'project-link' }, p.name),
    h('p', { class: 'meta' }, p.websiteUrl ?? 'No website yet'),
    figures,
  );
  const to = utcDay(new Date());
  const base = `/projects/${seg(p.id)}`;
  void Promise.all([
    api.get<DailyStats>(`${base}/stats/daily`, { from: addDays(to, -29), to }, signal),
    api.get<Page<Run>>(`${base}/runs`, { limit: 1 }, signal),
  ])
    .then(([daily, runs]) => {
      const totals = overallRates(daily.data);
      const latest = runs.data[0];
      const figure = (label: string, value: string) =>
        h('div', null, h('dt', null, label), h('dd', null, value));
      figures.append(
        figure('Answers, 30 days', answersCount(totals.answers)),
        figure('Mention rate', percent(totals.mentionRate)),
        figure('Citation rate', percent(totals.citationRate)),
        figure(
          'Latest run',
          latest
            ? `${dateTime(latest.startedAt)} (${statusLabel(latest.status).toLowerCase()})`
            : v.latestAnswerDate
              ? `None; answers up to ${day(v.latestAnswerDate)}`
              : 'None yet',
        ),
      );
    })
    .catch(() =>
      figures.append(h('div', null, h('dt', null, 'Figures'), h('dd', null, 'could not be read'))),
    );
  return card;
}

function createForm(ctx: PageContext): HTMLFormElement {
  const name = input({ name: 'name', required: true, maxlength: 120, autocomplete: 'off' });
  const website = websiteInput();
  const terms = input({ name: 'brandTerms', autocomplete: 'off' });
  const domains = input({ name: 'brandDomains', autocomplete: 'off' });
  const status = h('div', { class: 'form-status' });
  const form = h(
    'form',
    { class: 'stack', novalidate: false },
    field('Brand name', name, 'As the engines would write it, for example "Northwind".'),
    field('Website', website, 'The brand’s site, for example acme.com.'),
    field('Other brand names (optional)', terms, 'Separated by commas; each counts as a mention.'),
    field(
      'Other brand domains (optional)',
      domains,
      'Separated by commas; a source on these counts as a citation.',
    ),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Create project')),
    status,
  );
  onSubmit(form, status, async () => {
    const body: Record<string, unknown> = { name: name.value.trim(), websiteUrl: websiteUrl(website.value) };
    if (terms.value.trim()) body.brandTerms = parseList(terms.value);
    if (domains.value.trim()) body.brandDomains = parseList(domains.value);
    const project = await api.post<ProjectWithHost>('/projects', body);
    rememberBrand(project);
    announce(`Project ${project.name} created.`);
    setFlash(
      project.warning ? 'warning' : 'success',
      `Project ${project.name} created. Add the prompts to track and its competitors.${project.warning ? ` ${project.warning}` : ''}`,
    );
    ctx.navigate(projectHref(project.id, 'setup'));
  });
  return form;
}
