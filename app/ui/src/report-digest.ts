/**
 * The digest part of the Reports page: the schedule (weekly on a weekday, monthly, or off), who receives it (people
 * of the account, and addresses the owner or an admin adds), and "Send now" for the period shown. The service
 * decides who may do what; the page offers writers the form, and extra addresses to owners and admins only.
 */
import { api, seg } from './api.ts';
import { button, checkbox, field, h, input, loading, notice, select } from './dom.ts';
import { canWrite, readOnlyForm } from './permissions.ts';
import { people, type Member } from './people-api.ts';
import { weekdayOptions } from './setup-schedule.ts';
import type { ReportDigest, ReportDigestSent, Role } from './types.ts';
import { announce, errorNotice, onSubmit } from './widgets.ts';

const CADENCES = [
  { value: 'off', label: 'Off' },
  { value: 'weekly', label: 'Weekly: the last full week' },
  { value: 'monthly', label: 'Monthly: the last full month, on the 1st' },
];

/** The account's people, when the page is used signed in; none for `start`'s owner link (no session). */
async function membersOf(accountId: string): Promise<Member[]> {
  try {
    return await people.members(accountId);
  } catch {
    return [];
  }
}

export function reportDigest(projectId: string, period: () => { from: string; to: string }): HTMLElement {
  const path = `/projects/${seg(projectId)}/report-digest`;
  const box = h('div', { class: 'stack' }, loading());
  void (async () => {
    try {
      const [digest, account] = await Promise.all([
        api.get<ReportDigest>(path),
        api.get<{ id: string; role: Role }>('/account'),
      ]);
      const members = await membersOf(account.id);
      box.replaceChildren(
        digestForm(path, digest, members, account.role === 'owner' || account.role === 'admin'),
        sendNow(path, period),
      );
    } catch (err) {
      box.replaceChildren(errorNotice(err));
    }
  })();
  return box;
}

function digestForm(path: string, d: ReportDigest, members: readonly Member[], addsExtras: boolean) {
  const cadence = select(CADENCES, d.cadence, { name: 'cadence' });
  const weekday = select(weekdayOptions(), d.weekday, { name: 'weekday' });
  const weekdayField = field(
    'Sent on',
    weekday,
    'At 08:00 in the project’s time zone, once the week’s runs ended.',
  );
  const showWeekday = () => (weekdayField.hidden = cadence.value !== 'weekly');
  cadence.addEventListener('change', showWeekday);
  showWeekday();

  // People of the account by id; every other address listed is kept as it is, extra ones removable.
  const chosen = new Set(d.recipients.filter((r) => r.personId).map((r) => r.personId!));
  const personBoxes = members.map((m) =>
    checkbox(`${m.user.name || m.user.email} (${m.user.email})`, chosen.has(m.user.id), {
      name: 'person',
      value: m.user.id,
    }),
  );
  const extras = d.recipients.filter(
    (r) => r.personId === null || !members.some((m) => m.user.id === r.personId),
  );
  const extraList = h('ul', { class: 'digest-recipients' });
  const addExtra = (email: string, unsubscribed = false) => {
    const item = h(
      'li',
      { 'data-email': email },
      h('span', { class: 'share-url' }, email),
      unsubscribed ? h('span', { class: 'hint' }, ' unsubscribed') : '',
      ' ',
      button('Remove', () => item.remove(), { 'aria-label': `Remove ${email}` }),
    );
    extraList.append(item);
  };
  for (const r of extras) addExtra(r.email, r.unsubscribed);
  const address = input({ type: 'email', name: 'address', autocomplete: 'off' });
  const add = button('Add address', () => {
    const email = address.value.trim().toLowerCase();
    if (!address.checkValidity() || email === '') return address.reportValidity();
    if (!extraList.querySelector(`[data-email="${CSS.escape(email)}"]`)) addExtra(email);
    address.value = '';
    return true;
  });

  const status = h('div', { class: 'form-status', 'aria-live': 'polite' });
  const form = h(
    'form',
    { class: 'stack', 'aria-label': 'Digest schedule' },
    h('div', { class: 'toolbar' }, field('Digest', cadence), weekdayField),
    members.length > 0
      ? h('fieldset', null, h('legend', null, 'People of the account'), ...personBoxes.map((c) => c.wrap))
      : '',
    h('div', null, h('p', null, members.length > 0 ? 'Other addresses' : 'Recipients'), extraList),
    addsExtras
      ? h(
          'div',
          { class: 'toolbar' },
          field('Add an address', address, 'Someone outside the account, such as a client.'),
          h('div', { class: 'actions' }, add),
        )
      : h('p', { class: 'hint' }, 'Only the account’s owner and admins add addresses outside the account.'),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Save digest')),
    status,
  );
  onSubmit(form, status, async () => {
    const recipients = [
      ...personBoxes.filter((c) => c.box.checked).map((c) => ({ personId: c.box.value })),
      ...[...extraList.querySelectorAll<HTMLElement>('[data-email]')].map((li) => ({
        email: li.dataset.email!,
      })),
    ];
    const saved = await api.put<ReportDigest>(path, {
      cadence: cadence.value,
      weekday: weekday.value,
      recipients,
    });
    announce('Digest saved.');
    return saved.cadence === 'off'
      ? `Saved: no digest is scheduled (${saved.recipients.length} recipients kept for Send now).`
      : `Saved: ${saved.cadence} to ${saved.recipients.length} recipients.`;
  });
  return readOnlyForm(form);
}

/** Sends the digest of the period shown at once, to the recipients saved. */
function sendNow(path: string, period: () => { from: string; to: string }) {
  const status = h('div', { class: 'form-status', 'aria-live': 'polite' });
  const send = button('Send now', async () => {
    send.disabled = true;
    status.replaceChildren(loading('Queueing the digest…'));
    try {
      const sent = await api.post<ReportDigestSent>(`${path}/send`, period());
      const fresh = sent.mails.filter((m) => m.queued).length;
      const text = `The digest of ${sent.from} to ${sent.to} is queued for ${fresh} of ${sent.mails.length} recipients${
        fresh < sent.mails.length ? ' (the others had this period already)' : ''
      }.`;
      status.replaceChildren(notice('success', text));
      announce(text);
    } catch (err) {
      status.replaceChildren(errorNotice(err));
    }
    send.disabled = false;
  });
  if (!canWrite()) return h('div');
  return h(
    'div',
    { class: 'stack' },
    h('p', { class: 'hint' }, 'Send now mails the report of the period shown to the saved recipients.'),
    h('div', { class: 'actions' }, send),
    status,
  );
}
