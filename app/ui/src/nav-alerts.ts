/** The count of new alerts beside Alerts in the project's navigation (alert-seen.ts says what is new). */
import { api, seg } from './api.ts';
import { unseenAlerts } from './alert-seen.ts';
import { h } from './dom.ts';
import { projectHref } from './router.ts';
import type { Page, RaisedAlert } from './types.ts';

/** Alerts counted at most; beyond, the count reads "50+". */
const COUNTED = 50;

export async function showUnseenAlerts(
  nav: HTMLElement,
  projectId: string,
  signal: AbortSignal,
): Promise<void> {
  let page: Page<RaisedAlert>;
  try {
    page = await api.get<Page<RaisedAlert>>(`/projects/${seg(projectId)}/alerts`, { limit: COUNTED }, signal);
  } catch {
    // The count is a hint: without it the Alerts page itself still says what is there.
    return;
  }
  const n = unseenAlerts(localStorage, projectId, page.data);
  const link = nav.querySelector(`a[href="${projectHref(projectId, 'alerts')}"]`);
  if (n === 0 || !link || signal.aborted) return;
  const more = n === page.data.length && page.nextCursor ? '+' : '';
  link.append(
    ' ',
    h('span', { class: 'nav-count' }, `${n}${more}`, h('span', { class: 'visually-hidden' }, ' new')),
  );
}
