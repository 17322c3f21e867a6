/**
 * The top of the Overview: the first three open actions of the period, each as on the Actions page, and a link to
 * the rest. Drawn apart from the figures, so a slow read of either never holds up the other.
 */
import { actionCard } from './action-card.ts';
import { api, seg } from './api.ts';
import { h } from './dom.ts';
import type { ProjectContext } from './page.ts';
import { projectHref } from './router.ts';
import type { Actions } from './types.ts';
import { errorNotice } from './widgets.ts';

const SHOWN = 3;
/** Read a little deeper than shown: done and dismissed actions among the first are passed over. */
const READ = 20;

export async function topActions(
  ctx: ProjectContext,
  into: HTMLElement,
  o: { from: string; to: string; labels: ReadonlyMap<string, string> },
): Promise<void> {
  const filters = { from: o.from, to: o.to };
  let page: Actions;
  try {
    page = await api.get<Actions>(
      `/projects/${seg(ctx.projectId)}/actions`,
      { ...filters, limit: READ },
      ctx.signal,
    );
  } catch (err) {
    into.replaceChildren(errorNotice(err));
    return;
  }
  const open = page.data.filter((a) => a.status === 'open').slice(0, SHOWN);
  if (open.length === 0) {
    into.replaceChildren();
    return;
  }
  const link = h(
    'a',
    { href: projectHref(ctx.projectId, 'actions', new URLSearchParams(filters)) },
    'All actions',
  );
  into.replaceChildren(
    h(
      'section',
      { class: 'panel overview-actions', 'aria-labelledby': 'overview-actions-title' },
      h('h2', { id: 'overview-actions-title' }, 'What to do next'),
      h(
        'ol',
        { class: 'action-list' },
        ...open.map((a) => actionCard(ctx.projectId, a, { labels: o.labels, filters, heading: 'h3' })),
      ),
      h('p', null, link),
    ),
  );
}
