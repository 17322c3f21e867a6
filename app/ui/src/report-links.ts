/**
 * Share links of a report: one period readable without signing in until it expires (at most 90 days) or is
 * revoked. The service shows a link's address once, when it is made; the list has no tokens.
 */
import { api, seg } from './api.ts';
import { confirmButton, copyButton, field, h, loading, notice, select } from './dom.ts';
import { dateTime, day } from './format.ts';
import { canWrite } from './permissions.ts';
import type { Page, ReportLink, ReportLinkWithUrl } from './types.ts';
import { announce, badge, cardTable, errorNotice, onSubmit } from './widgets.ts';

const EXPIRIES = [7, 30, 90];
const DAY_MS = 86_400_000;
const STATUS_KIND: Record<ReportLink['status'], string> = { active: 'ok', expired: '', revoked: 'bad' };

/** The share links part of the Reports page: a form to make one for the period shown (writers only) and the list. */
export function reportLinks(projectId: string, period: () => { from: string; to: string }): HTMLElement {
  const base = `/projects/${seg(projectId)}/report-links`;
  const list = h('div', null, loading());
  const made = h('div', { 'aria-live': 'polite' });
  const refresh = async () => {
    try {
      const links = (await api.get<Page<ReportLink>>(base)).data;
      list.replaceChildren(
        links.length
          ? cardTable(
              'Share links, newest first',
              ['Period', 'Status', 'Expires', 'Made by', 'Revoke'],
              links.map((l) => [
                `${day(l.from)} to ${day(l.to)}`,
                badge(l.status, STATUS_KIND[l.status]),
                dateTime(l.expiresAt),
                l.createdBy,
                revoke(l),
              ]),
              'report-links',
            )
          : h('p', { class: 'empty' }, 'No share links yet.'),
      );
    } catch (err) {
      list.replaceChildren(errorNotice(err));
    }
  };
  const revoke = (l: ReportLink) =>
    l.status === 'active' && canWrite()
      ? confirmButton(
          'Revoke',
          'Confirm revoke',
          async () => {
            try {
              await api.del(`${base}/${seg(l.id)}`);
              announce('Link revoked: it no longer opens the report.');
              await refresh();
            } catch (err) {
              list.prepend(errorNotice(err));
            }
          },
          { 'aria-label': `Revoke the link of ${l.from} to ${l.to}` },
        )
      : null;

  const expiry = select(
    EXPIRIES.map((d) => ({ value: String(d), label: `${d} days` })),
    '30',
    { name: 'expires' },
  );
  const status = h('div', { class: 'form-status', 'aria-live': 'polite' });
  const form = h(
    'form',
    { class: 'toolbar', 'aria-label': 'Share this report' },
    field('Link works for', expiry, 'At most 90 days.'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Create share link')),
    status,
  );
  onSubmit(form, status, async () => {
    const expiresAt = new Date(Date.now() + Number(expiry.value) * DAY_MS).toISOString();
    const link = await api.post<ReportLinkWithUrl>(base, { ...period(), expiresAt });
    const url = h('code', { class: 'share-url' }, link.url);
    made.replaceChildren(
      notice(
        'success',
        h('p', null, `Anyone with this link reads the report of ${day(link.from)} to ${day(link.to)}:`),
        h('p', null, url, ' ', copyButton(link.url, url, 'Copy link')),
        h('p', { class: 'hint' }, 'It is shown only now: copy it before leaving the page.'),
      ),
    );
    await refresh();
  });
  void refresh();
  return h(
    'div',
    { class: 'stack' },
    canWrite()
      ? form
      : h('p', { class: 'hint' }, 'Your role in this account reads the share links; it does not make them.'),
    made,
    list,
  );
}
