import type { Caller } from './context.ts';
import { AppError } from './errors.ts';

/*
 * Who may see and change the account's administration (issue 21): its people, signed in, by role, and this
 * machine's owner on `start`. API keys never do, whatever their scopes: they are for projects.
 */

const KEYS_REFUSED =
  'The account’s settings are for its people, signed in; API keys reach projects, not the account’s administration.';

/** Any person of the account (and this machine's owner); never an API key. */
export function requirePerson(caller: Caller): void {
  if (caller.role === undefined) throw new AppError('insufficient_scope', KEYS_REFUSED);
}

/** The owner and admins. */
export function requireAdministrator(caller: Caller, what: string): void {
  requirePerson(caller);
  if (caller.role !== 'owner' && caller.role !== 'admin') {
    throw new AppError('insufficient_scope', `Only the account’s owner and admins ${what}.`);
  }
}

/** The owner alone, as the contract says of API keys. */
export function requireOwner(caller: Caller, what: string): void {
  requirePerson(caller);
  if (caller.role !== 'owner') throw new AppError('insufficient_scope', `Only the account’s owner ${what}.`);
}
