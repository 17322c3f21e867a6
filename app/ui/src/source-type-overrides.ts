/**
 * Sources › your types for sites: the project's overrides of the shipped domain list, one row per domain with
 * its type. Saving replaces the whole list; every figure on the page follows at once.
 */
import { api, seg } from './api.ts';
import { button, h, input, notice, select } from './dom.ts';
import { plural } from './format.ts';
import type { ProjectContext } from './page.ts';
import { readOnlyForm } from './permissions.ts';
import { OVERRIDABLE_TYPES, TYPE_LABELS } from './source-kinds.ts';
import type { Page, SourceTypeOverride } from './types.ts';
import { announce, onSubmit, section } from './widgets.ts';

const OPTIONS = OVERRIDABLE_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }));

/** The editor; `reload` draws the page again after a save, with the outcome shown above the new editor. */
export async function overridesEditor(
  ctx: ProjectContext,
  reload: (message: string) => Promise<void>,
  message?: string,
): Promise<HTMLElement> {
  const path = `/projects/${seg(ctx.projectId)}/source-types`;
  const current = (await api.get<Page<SourceTypeOverride>>(path, undefined, ctx.signal)).data;
  const list = h('ul', { class: 'competitor-rows' });
  let n = 0;
  const addRow = (value: SourceTypeOverride = { domain: '', type: 'editorial' }, focus = false) => {
    n += 1;
    const domain = input({
      name: 'override-domain',
      maxlength: 253,
      placeholder: 'example.com',
      spellcheck: 'false',
      'aria-label': `Site ${n} domain`,
    });
    domain.value = value.domain;
    const type = select(OPTIONS, value.type, { name: 'override-type', 'aria-label': `Site ${n} type` });
    const li = h('li', { class: 'competitor-row' }, domain, type);
    li.append(button('Remove', () => li.remove(), { 'aria-label': `Remove site ${n}` }));
    list.append(li);
    if (focus) domain.focus();
  };
  for (const o of current) addRow(o);
  const status = h('div', { class: 'form-status' });
  const form = h(
    'form',
    { class: 'stack', 'aria-label': 'Your types for sites' },
    h(
      'p',
      { class: 'hint' },
      'Sites whose type you set yourself, over the list the service ships: a domain covers its subdomains. Your own and your competitors’ sites keep their place whatever you set here. Saving replaces the whole list.',
    ),
    list,
    h(
      'div',
      { class: 'actions' },
      button('Add site', () => addRow(undefined, true)),
      h('button', { type: 'submit', class: 'primary' }, 'Save types'),
    ),
    status,
  );
  const panel = section('Your types for sites', readOnlyForm(form));
  onSubmit(form, status, async () => {
    const body = [...list.querySelectorAll('li')]
      .map((li) => ({
        domain: li.querySelector('input')!.value.trim(),
        type: li.querySelector('select')!.value as SourceTypeOverride['type'],
      }))
      .filter((o) => o.domain !== '');
    const saved = (await api.put<Page<SourceTypeOverride>>(path, body)).data;
    announce('Types saved.');
    await reload(`Saved ${plural(saved.length, 'site')}.`);
  });
  if (message) status.replaceChildren(notice('success', message));
  return panel;
}
