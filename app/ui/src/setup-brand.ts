/**
 * Setup › Brand: the name, the website (a bare domain is fine) and the other names and domains; below them, the Brand
 * Truth suggestions of the site crawl.
 */
import { api, seg } from './api.ts';
import { field, h, input } from './dom.ts';
import { parseList, websiteUrl } from './format.ts';
import type { ProjectContext } from './page.ts';
import { readOnlyForm } from './permissions.ts';
import { getBrand, rememberBrand } from './state.ts';
import type { ProjectWithHost } from './types.ts';
import { announce, onSubmit, pageHeader } from './widgets.ts';

/** A website field that takes `acme.com` as readily as `https://acme.com` (a url input would refuse it). */
export function websiteInput(value = ''): HTMLInputElement {
  const el = input({
    name: 'websiteUrl',
    required: true,
    maxlength: 2048,
    inputmode: 'url',
    autocomplete: 'url',
    spellcheck: 'false',
    placeholder: 'acme.com',
  });
  el.value = value;
  return el;
}

export async function renderBrand(ctx: ProjectContext): Promise<void> {
  const project = await getBrand(ctx.projectId, true);
  const name = input({ name: 'name', required: true, maxlength: 120 });
  name.value = project.name;
  const website = websiteInput(project.websiteUrl ?? '');
  const terms = h('textarea', { name: 'brandTerms', rows: 3 });
  terms.value = (project.brandTerms ?? []).join('\n');
  const domains = h('textarea', { name: 'brandDomains', rows: 3 });
  domains.value = (project.brandDomains ?? []).join('\n');
  const status = h('div', { class: 'form-status' });
  const form = h(
    'form',
    { class: 'stack panel' },
    field('Brand name', name, 'Answers naming it count as mentions.'),
    field('Website', website, 'For example acme.com; a source on this site counts as a citation.'),
    field('Other brand names', terms, 'One a line (at most 20): product names, old names, common spellings.'),
    field('Other brand domains', domains, 'One a line (at most 20), for example a shop or docs domain.'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Save brand')),
    status,
  );
  onSubmit(form, status, async () => {
    const saved = await api.patch<ProjectWithHost>(`/projects/${seg(ctx.projectId)}`, {
      name: name.value.trim(),
      websiteUrl: websiteUrl(website.value),
      brandTerms: parseList(terms.value),
      brandDomains: parseList(domains.value),
    });
    rememberBrand(saved);
    website.value = saved.websiteUrl ?? '';
    terms.value = (saved.brandTerms ?? []).join('\n');
    domains.value = (saved.brandDomains ?? []).join('\n');
    announce('Brand saved.');
    return 'Saved. New answers are scored with these names and domains; stored answers keep their scores.';
  });
  ctx.view.append(pageHeader('Brand', 'Which brand the answers are read for.'), readOnlyForm(form));
  // Loaded with the page that shows it, so the start bundle stays within its budget.
  const { brandTruthSuggestionsPanel } = await import('./setup-brand-truth.ts');
  ctx.view.append(await brandTruthSuggestionsPanel(ctx));
}
