/**
 * The header's right side for a person signed in to the cloud service: who is signed in, the account they work
 * in (with their role there), and signing out here or everywhere.
 */
import type { PersonAccount, SignedInPerson } from './auth-client.ts';
import { button, h, select } from './dom.ts';

const ROLE_LABELS: Record<string, string> = {
  owner: 'owner',
  admin: 'admin',
  member: 'member',
  viewer: 'viewer (reads only)',
};

export const accountLabel = (a: PersonAccount): string =>
  `${a.name || a.id} (${ROLE_LABELS[a.role] ?? (a.role || 'no role')})`;

export function personHeader(p: {
  person: SignedInPerson;
  accounts: readonly PersonAccount[];
  current: string | null;
  pick: (accountId: string) => void;
  signOut: (everywhere: boolean) => void;
}): HTMLElement[] {
  const who = h('span', { class: 'person-name', title: p.person.email }, p.person.name || p.person.email);
  let account: HTMLElement;
  if (p.accounts.length <= 1) {
    const only = p.accounts[0];
    account = h('span', { class: 'account-name' }, only ? ['Account: ', accountLabel(only)] : 'No account');
  } else {
    const picker = select(
      p.accounts.map((a) => ({ value: a.id, label: accountLabel(a) })),
      p.current ?? undefined,
      { id: 'account-picker' },
    );
    picker.addEventListener('change', () => p.pick(picker.value));
    account = h('span', null, h('label', { for: 'account-picker' }, 'Account'), ' ', picker);
  }
  return [
    who,
    account,
    button('Sign out', () => p.signOut(false)),
    button('Sign out everywhere', () => p.signOut(true), {
      title: 'End every session of yours, on every browser and computer',
    }),
  ];
}
