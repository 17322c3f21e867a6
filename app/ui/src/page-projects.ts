/** The project picker: the account's projects, newest first, and a form to create one. */
import { allPages, api } from './api.ts';
import { field, h, input } from './dom.ts';
import { dateTime, parseList, plural } from './format.ts';
import type { PageContext } from './page.ts';
import { projectHref } from './router.ts';
import { rememberBrand } from './state.ts';
import type { Project, ProjectWithHost } from './types.ts';
import { announce, onSubmit, pageHeader, section, setFlash } from './widgets.ts';

export async function renderProjects(ctx: PageContext): Promise<void> {
  ctx.setTitle('Projects');
  const { items: projects } = await allPages<Project>('/projects', {}, { signal: ctx.signal });
  ctx.view.append(
    pageHeader('Projects', 'Pick the brand to look at, or start tracking a new one.'),
    section(
      'Your projects',
      projects.length === 0
        ? h('p', { class: 'empty' }, 'No project yet: create the first one below.')
        : h('ul', { class: 'project-list' }, ...projects.map(projectItem)),
    ),
    section('New project', createForm(ctx)),
  );
}

function projectItem(p: Project): HTMLElement {
  const v = p.visibility;
  return h(
    'li',
    { class: 'project-card' },
    h('a', { href: projectHref(p.id), class: 'project-link' }, p.name),
    h(
      'p',
      { class: 'meta' },
      p.websiteUrl ?? '',
      p.websiteUrl ? ' · ' : '',
      plural(v.trackedPrompts, 'tracked prompt'),
      ' · ',
      v.latestRunAt ? `last run ${dateTime(v.latestRunAt)}` : 'no run yet',
    ),
  );
}

function createForm(ctx: PageContext): HTMLFormElement {
  const name = input({ name: 'name', required: true, maxlength: 120, autocomplete: 'off' });
  const website = input({
    type: 'url',
    name: 'websiteUrl',
    required: true,
    placeholder: 'https://',
    maxlength: 2048,
  });
  const terms = input({ name: 'brandTerms', autocomplete: 'off' });
  const domains = input({ name: 'brandDomains', autocomplete: 'off' });
  const status = h('div', { class: 'form-status' });
  const form = h(
    'form',
    { class: 'stack', novalidate: false },
    field('Brand name', name, 'As the engines would write it, for example "Northwind".'),
    field('Website', website, 'https address of the brand’s site.'),
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
    const body: Record<string, unknown> = { name: name.value.trim(), websiteUrl: website.value.trim() };
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
