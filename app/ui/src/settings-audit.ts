/** The account's audit log, for its owner and admins: who did what, when and from where, newest first, paged. */
import { api } from './api.ts';
import { button, h, loading } from './dom.ts';
import { dateTime } from './format.ts';
import type { SettingsContext } from './page.ts';
import type { AuditEntry, Page } from './types.ts';
import { cardRow, cardTable, errorNotice } from './widgets.ts';

const PAGE = 50;
const COLUMNS = ['When', 'Who', 'What', 'About', 'Address'];

const KINDS: Record<string, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  key_created: 'API key created',
  key_revoked: 'API key revoked',
  person_invited: 'Person invited',
  invitation_accepted: 'Invitation accepted',
  invitation_revoked: 'Invitation revoked',
  person_removed: 'Person removed',
  person_role_changed: 'Role changed',
  webhook_created: 'Webhook created',
  webhook_deleted: 'Webhook deleted',
  host_paired: 'Computer paired',
  host_unpaired: 'Computer unpaired',
  report_link_created: 'Report link created',
  report_link_revoked: 'Report link revoked',
  report_digest_changed: 'Report digest changed',
};

const ACTORS: Record<AuditEntry['actor']['type'], string> = {
  person: '',
  key: 'API key ',
  host: 'Computer ',
  operator: '',
};

function what(e: AuditEntry): string {
  const kind = KINDS[e.kind] ?? e.kind;
  const role = typeof e.detail?.role === 'string' ? ` (${e.detail.role})` : '';
  return e.count > 1 ? `${kind} ×${e.count}` : `${kind}${role}`;
}

export async function renderAuditLog(ctx: SettingsContext): Promise<void> {
  const area = h('div', null, loading());
  ctx.area.append(area);
  const read = (cursor: string | null) =>
    api.get<Page<AuditEntry>>('/account/audit-log', { limit: PAGE, cursor }, ctx.signal);
  const rows = (entries: readonly AuditEntry[]) =>
    entries.map((e) => [
      dateTime(e.at),
      `${ACTORS[e.actor.type]}${e.actor.label}`,
      what(e),
      e.target ?? '—',
      e.address ?? '—',
    ]);
  let page: Page<AuditEntry>;
  try {
    page = await read(null);
  } catch (err) {
    area.replaceChildren(errorNotice(err));
    return;
  }
  if (page.data.length === 0) {
    area.replaceChildren(h('p', { class: 'empty' }, 'Nothing has happened in the account yet.'));
    return;
  }
  const table = cardTable('The account’s audit log, newest first', COLUMNS, rows(page.data));
  const body = table.tBodies[0]!;
  let cursor = page.nextCursor ?? null;
  const more = button(`Show ${PAGE} more`, async () => {
    more.disabled = true;
    try {
      const next = await read(cursor);
      body.append(...rows(next.data).map((r) => cardRow(COLUMNS, r)));
      cursor = next.nextCursor ?? null;
    } catch (err) {
      area.append(errorNotice(err));
    }
    more.disabled = false;
    more.hidden = cursor === null;
  });
  more.hidden = cursor === null;
  area.replaceChildren(table, more);
}
