/**
 * Setup › Competitors: one row per competitor with all its domains. The API takes one domain an entry and
 * merges entries of the same name, so a row with two domains is sent as two entries.
 */
import { api, seg } from './api.ts';
import { button, h, input, notice } from './dom.ts';
import { parseList, plural } from './format.ts';
import type { ProjectContext } from './page.ts';
import { readOnlyForm } from './permissions.ts';
import { getCapabilities } from './state.ts';
import type { Competitor, CompetitorInput, Page } from './types.ts';
import { announce, onSubmit, pageHeader } from './widgets.ts';

/** The rows as the PUT takes them: a competitor with several domains becomes one entry per domain. */
export function competitorEntries(rows: readonly { name: string; domains: string }[]): CompetitorInput[] {
  return rows
    .map((r) => ({ name: r.name.trim(), domains: parseList(r.domains) }))
    .filter((r) => r.name.length > 0)
    .flatMap((r): CompetitorInput[] =>
      r.domains.length === 0
        ? [{ name: r.name, domain: null }]
        : r.domains.map((domain) => ({ name: r.name, domain })),
    );
}

/** The editable rows, one per competitor (name, and its domains separated by commas), and what they hold. */
export function competitorRows(initial: readonly { name: string; domains: string }[]) {
  const list = h('ul', { class: 'competitor-rows' });
  let n = 0;
  const addRow = (value = { name: '', domains: '' }, focus = false) => {
    n += 1;
    const name = input({ name: 'competitor-name', maxlength: 120, 'aria-label': `Competitor ${n} name` });
    name.value = value.name;
    const domains = input({
      name: 'competitor-domains',
      maxlength: 1000,
      placeholder: 'globex.com, globex.io',
      spellcheck: 'false',
      'aria-label': `Competitor ${n} domains (optional, separated by commas)`,
    });
    domains.value = value.domains;
    const li = h('li', { class: 'competitor-row' }, name, domains);
    li.append(
      button(
        'Remove',
        () => {
          li.remove();
          list.querySelector<HTMLInputElement>('input')?.focus();
        },
        { 'aria-label': `Remove competitor ${n}` },
      ),
    );
    list.append(li);
    if (focus) name.focus();
  };
  for (const row of initial) addRow(row);
  if (initial.length === 0) addRow();
  const rows = () =>
    [...list.querySelectorAll('li')].map((li) => {
      const [name, domains] = li.querySelectorAll('input');
      return { name: name!.value, domains: domains!.value };
    });
  const head = h(
    'div',
    { class: 'competitor-head', 'aria-hidden': 'true' },
    h('span', null, 'Name'),
    h('span', null, 'Domains'),
  );
  return { head, list, addRow, entries: () => competitorEntries(rows()) };
}

export async function renderCompetitors(ctx: ProjectContext, message?: string): Promise<void> {
  const path = `/projects/${seg(ctx.projectId)}/competitors`;
  const [caps, current] = await Promise.all([
    getCapabilities(ctx.projectId),
    api.get<Page<Competitor>>(path, undefined, ctx.signal).then((r) => r.data),
  ]);
  const editor = competitorRows(current.map((c) => ({ name: c.name, domains: c.domains.join(', ') })));
  const status = h('div', { class: 'form-status' });
  const form = h(
    'form',
    { class: 'stack panel', 'aria-label': 'Competitors' },
    h(
      'p',
      { class: 'hint' },
      `Names as answers write them, at most ${caps.limits.maxCompetitors} on this plan; domains separated by commas. Saving replaces the whole list; stored answers keep the competitors they were scored with.`,
    ),
    editor.head,
    editor.list,
    h(
      'div',
      { class: 'actions' },
      button('Add competitor', () => editor.addRow(undefined, true)),
      h('button', { type: 'submit', class: 'primary' }, 'Save competitors'),
    ),
    status,
  );
  onSubmit(form, status, async () => {
    const body = editor.entries();
    const saved = (await api.put<Page<Competitor>>(path, body)).data;
    announce('Competitors saved.');
    ctx.view.replaceChildren(...[...ctx.view.children].slice(0, 2));
    // Redrawn from what the service kept (names merged, domains cleaned), with the outcome above the new form.
    await renderCompetitors(ctx, `Saved ${plural(saved.length, 'competitor')}.`);
  });
  ctx.view.append(
    pageHeader('Competitors', 'The brands you are compared with in answers.'),
    readOnlyForm(form),
  );
  if (message) status.replaceChildren(notice('success', message));
}
