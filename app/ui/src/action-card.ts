/**
 * One ranked action as a card: what to do (its title), how far it reaches, the evidence behind it with links to
 * example answers (with the judge's reasons for a narrative to fix), and Done / Dismiss buttons for those who may
 * write. Titles and evidence quote sites, pages, searches and reasons the engines wrote: they are set as text only.
 */
import { api, seg } from './api.ts';
import { button, h } from './dom.ts';
import { plural } from './format.ts';
import { canWrite } from './permissions.ts';
import { answerHref } from './router.ts';
import type { Action } from './types.ts';
import { announce, badge, errorNotice } from './widgets.ts';

const KIND_LABELS: Record<Action['kind'], string> = {
  'win-back-prompt': 'Win back a prompt',
  'get-cited-on': 'Get cited',
  'cover-query': 'Cover a search',
  'spread-page': 'Spread a page',
  'fix-narrative': 'Fix the narrative',
};

const STATUS_LABELS: Record<Action['status'], string> = {
  open: 'Open',
  done: 'Done',
  dismissed: 'Dismissed',
};

/** The filters the list was read with: a status is set on the action as those filters compute it. */
export type ActionFilters = Record<string, string | null>;

function reachText(a: Action): string {
  return [
    plural(a.reach.answers, 'answer'),
    plural(a.reach.prompts, 'prompt'),
    plural(a.reach.engines, 'engine'),
  ].join(' · ');
}

function evidenceText(a: Action, labels: ReadonlyMap<string, string>): string {
  const e = a.evidence;
  const label = (id: string) => labels.get(id) ?? id;
  const engines = e.engines.map((x) => `${label(x.engineId)} ${x.answers.toLocaleString()}`).join(', ');
  if (a.kind === 'spread-page')
    return `Cited by ${engines}; never by ${e.missingEngines.map(label).join(', ')}.`;
  if (a.kind === 'win-back-prompt')
    return `Before: ${e.previous.map((x) => `${label(x.engineId)} named you in ${x.mentioned} of ${x.answers}`).join(', ')}. Now: ${e.engines.map((x) => `${label(x.engineId)} in 0 of ${x.answers}`).join(', ')}.`;
  if (a.kind === 'fix-narrative')
    return `Contradicted in ${e.drift ?? 0}, partly in ${e.partial ?? 0}. Answers per engine: ${engines}.`;
  return `Answers per engine: ${engines}.`;
}

export function actionCard(
  projectId: string,
  a: Action,
  opts: {
    labels: ReadonlyMap<string, string>;
    filters: ActionFilters;
    /** The title's heading: one below the heading the list sits under. */
    heading: 'h2' | 'h3';
  },
): HTMLElement {
  const status = badge(STATUS_LABELS[a.status], a.status === 'open' ? '' : 'ok');
  const card = h(
    'li',
    { class: `action-card action-${a.status}`, 'data-action': a.id },
    h('p', { class: 'action-kind' }, badge(KIND_LABELS[a.kind]), ' ', status),
    h(opts.heading, { class: 'action-title' }, a.title),
    h('p', { class: 'action-reach' }, reachText(a)),
    h('p', { class: 'action-evidence' }, evidenceText(a, opts.labels)),
  );
  if (a.evidence.answerIds.length > 0)
    card.append(
      h(
        'p',
        { class: 'action-examples' },
        'Examples: ',
        ...a.evidence.answerIds.flatMap((id, i) => [
          ...(i > 0 ? [', '] : []),
          h('a', { href: answerHref(projectId, id) }, `answer ${i + 1}`),
        ]),
      ),
    );
  if (a.evidence.reasons.length > 0)
    card.append(
      h(
        'ul',
        { class: 'action-reasons', 'aria-label': 'What the judge found' },
        ...a.evidence.reasons.map((r) => h('li', {}, h('q', {}, r.reason))),
      ),
    );
  if (!canWrite()) return card;
  const set = async (next: Action['status']) => {
    for (const b of buttons) b.disabled = true;
    try {
      const query = new URLSearchParams(
        Object.entries(opts.filters).filter((e): e is [string, string] => e[1] !== null && e[1] !== ''),
      ).toString();
      const updated = await api.patch<Action>(
        `/projects/${seg(projectId)}/actions/${seg(a.id)}${query ? `?${query}` : ''}`,
        { status: next },
      );
      card.replaceWith(actionCard(projectId, updated, opts));
      announce(`Marked ${STATUS_LABELS[updated.status].toLowerCase()}.`);
    } catch (err) {
      for (const b of buttons) b.disabled = false;
      card.append(errorNotice(err));
    }
  };
  const buttons =
    a.status === 'open'
      ? [button('Done', () => void set('done')), button('Dismiss', () => void set('dismissed'))]
      : [button('Reopen', () => void set('open'))];
  card.append(h('p', { class: 'action-buttons' }, ...buttons));
  return card;
}
