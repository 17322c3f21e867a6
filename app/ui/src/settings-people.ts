/**
 * The account's people: members with their role, and for the owner and admins the controls their role allows
 * (change a role, remove, invite by e-mail, revoke an open invitation); the owner alone hands ownership over.
 * Every change goes through the identity library's organization endpoints (people-api.ts).
 */
import { currentPerson } from './auth-client.ts';
import { confirmButton, field, h, input, loading, notice, select, withCode } from './dom.ts';
import { dateTime } from './format.ts';
import type { SettingsContext } from './page.ts';
import { people, type Invitation, type Member } from './people-api.ts';
import type { Role } from './types.ts';
import { announce, cardTable, errorNotice, onSubmit, section } from './widgets.ts';

const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin: projects, tracking, webhooks and people, but never the owner',
  member: 'Member: changes tracking and starts runs',
  viewer: 'Viewer: reads',
};
const ROLE_SHORT: Record<string, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};
/** The roles a person can be given or invited with: the owner is made only by handing ownership over. */
const GIVEN: readonly Role[] = ['admin', 'member', 'viewer'];

const isOwner = (m: Member) => m.role.split(',').includes('owner');

export async function renderPeople(ctx: SettingsContext): Promise<void> {
  const accountId = ctx.account.id;
  const me = (await currentPerson())?.email ?? null;
  if (me === null) {
    ctx.area.append(
      notice(
        'info',
        h(
          'p',
          null,
          'On this computer you open Answerwatch with the owner link, so you are the account’s owner.',
        ),
        h(
          'p',
          null,
          ...withCode(
            'People sign in on the cloud service, where the account’s owner and admins invite them here. An operator invites the first person with `npx answerwatch people invite --account <id> --email <address> --role owner`.',
          ),
        ),
      ),
    );
    return;
  }
  const manages = ctx.account.role === 'owner' || ctx.account.role === 'admin';
  const status = h('div', { class: 'form-status', 'aria-live': 'polite' });
  const membersArea = h('div', null, loading());
  const invitationsArea = h('div', null, manages ? loading() : null);
  const fail = (err: unknown) => status.replaceChildren(errorNotice(err));
  /** After a change: the whole page again, since a hand-over changes the role this page was drawn for. */
  const redraw = () => ctx.navigate(location.hash);

  const memberControls = (m: Member): HTMLElement | string => {
    const name = m.user.name || m.user.email;
    const mine = m.user.email === me;
    // The library's rules, shown as controls: nobody changes the owner (the owner hands over to someone else) or
    // themselves here.
    if (!manages || mine || isOwner(m)) return '';
    const role = select(
      GIVEN.map((r) => ({ value: r, label: ROLE_SHORT[r]! })),
      GIVEN.find((r) => m.role.split(',').includes(r)) ?? 'viewer',
      { 'aria-label': `Role of ${name}` },
    );
    role.addEventListener('change', async () => {
      try {
        await people.setRole(accountId, m.id, role.value as Role);
        announce(`${name} is now ${ROLE_SHORT[role.value]}.`);
        redraw();
      } catch (err) {
        fail(err);
      }
    });
    return h(
      'div',
      { class: 'actions' },
      role,
      confirmButton(
        'Remove',
        'Confirm remove',
        async () => {
          try {
            await people.remove(accountId, m.id);
            announce(`${name} removed from the account.`);
            redraw();
          } catch (err) {
            fail(err);
          }
        },
        { 'aria-label': `Remove ${name}` },
      ),
      ctx.account.role === 'owner'
        ? confirmButton(
            'Make owner',
            'Confirm: hand ownership over',
            async () => {
              try {
                await people.setRole(accountId, m.id, 'owner');
                announce(`${name} is now the owner; you are an admin.`);
                redraw();
              } catch (err) {
                fail(err);
              }
            },
            { 'aria-label': `Make ${name} the owner` },
          )
        : null,
    );
  };

  const drawMembers = (members: readonly Member[]) =>
    membersArea.replaceChildren(
      cardTable(
        'The account’s people',
        ['Name', 'E-mail', 'Role', 'Joined', manages ? 'Change' : ''],
        members.map((m) => [
          m.user.email === me ? `${m.user.name} (you)` : m.user.name,
          m.user.email,
          m.role
            .split(',')
            .map((r) => ROLE_SHORT[r.trim()] ?? r)
            .join(', '),
          dateTime(m.createdAt),
          memberControls(m),
        ]),
      ),
    );

  const drawInvitations = (invitations: readonly Invitation[]) =>
    invitationsArea.replaceChildren(
      invitations.length === 0
        ? h('p', { class: 'empty' }, 'No invitation is open.')
        : cardTable(
            'Invitations not yet accepted',
            ['E-mail', 'Role', 'Expires', 'Revoke'],
            invitations.map((i) => [
              i.email,
              ROLE_SHORT[i.role] ?? i.role,
              dateTime(i.expiresAt),
              confirmButton(
                'Revoke',
                'Confirm revoke',
                async () => {
                  try {
                    await people.revokeInvitation(i.id);
                    announce(`The invitation to ${i.email} is revoked.`);
                    drawInvitations(await people.invitations(accountId));
                  } catch (err) {
                    fail(err);
                  }
                },
                { 'aria-label': `Revoke the invitation to ${i.email}` },
              ),
            ]),
          ),
    );

  function inviteForm(): HTMLFormElement {
    const email = input({ type: 'email', name: 'email', required: true, autocomplete: 'off' });
    const role = select(
      GIVEN.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
      'viewer',
      { name: 'role' },
    );
    const formStatus = h('div', { class: 'form-status' });
    const form = h(
      'form',
      { class: 'stack' },
      field('E-mail', email, 'They get a link by e-mail; it works once, for 7 days.'),
      field('Role', role),
      h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Invite')),
      formStatus,
    );
    onSubmit(form, formStatus, async () => {
      const address = email.value.trim();
      await people.invite(accountId, address, role.value as Role);
      form.reset();
      drawInvitations(await people.invitations(accountId));
      announce(`Invitation sent to ${address}.`);
      return `Invitation sent to ${address}.`;
    });
    return form;
  }

  ctx.area.append(status, section('People', membersArea));
  if (manages)
    ctx.area.append(section('Invite a person', inviteForm()), section('Open invitations', invitationsArea));
  try {
    drawMembers(await people.members(accountId));
    if (manages) drawInvitations(await people.invitations(accountId));
  } catch (err) {
    fail(err);
  }
}
