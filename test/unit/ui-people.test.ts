import { afterEach, describe, expect, it } from 'vitest';
import {
  canRun,
  canWrite,
  holdScopes,
  offeredFor,
  runControls,
  writeControls,
} from '../../app/ui/src/permissions.ts';
import { bootMode } from '../../app/ui/src/session.ts';
import { refusalText, rememberServiceApp, waitText } from '../../app/ui/src/sign-in-text.ts';

describe('how the web UI opens', () => {
  it('opens with start’s owner link before anything else, without asking who is signed in', () => {
    expect(bootMode({ token: 'awl_x', signedIn: false, ownerLink: true })).toBe('owner');
    expect(bootMode({ token: 'awl_x', signedIn: true, ownerLink: false })).toBe('owner');
  });

  it('works as the signed-in person on the cloud service, and shows sign-in to anyone else', () => {
    expect(bootMode({ token: null, signedIn: true, ownerLink: false })).toBe('person');
    expect(bootMode({ token: null, signedIn: false, ownerLink: false })).toBe('sign-in');
  });

  it('on start without its link says how to find the link rather than asking for a password', () => {
    expect(bootMode({ token: null, signedIn: false, ownerLink: true })).toBe('owner-link');
    // Someone who signed in on start anyway works as that person.
    expect(bootMode({ token: null, signedIn: true, ownerLink: true })).toBe('person');
  });
});

describe('what the pages offer, from the scopes of the role', () => {
  afterEach(() => holdScopes());

  it('offers writes and runs to owner, admin and member (every scope), nothing but reads to a viewer', () => {
    const everything = ['visibility:read', 'tracking:write', 'runs:execute'];
    expect(offeredFor(everything)).toEqual({ writes: true, runs: true });
    expect(offeredFor(['visibility:read'])).toEqual({ writes: false, runs: false });
    expect(offeredFor([])).toEqual({ writes: false, runs: false });
    expect(offeredFor(['visibility:read', 'runs:execute'])).toEqual({ writes: false, runs: true });
  });

  it('drops write and run controls for a reader, keeps them for a writer', () => {
    holdScopes(['visibility:read']);
    expect([canWrite(), canRun()]).toEqual([false, false]);
    expect(writeControls('create', 'delete')).toEqual([]);
    expect(runControls('run now')).toEqual([]);
    holdScopes(['visibility:read', 'tracking:write', 'runs:execute']);
    expect(writeControls('create', 'delete')).toEqual(['create', 'delete']);
    expect(runControls('run now')).toEqual(['run now']);
  });

  it('holds every scope by default: start’s owner is offered everything', () => {
    holdScopes(['visibility:read']);
    holdScopes();
    expect([canWrite(), canRun()]).toEqual([true, true]);
  });
});

describe('refused sign-ins, in sentences', () => {
  const reply = (status: number, body: Record<string, unknown> = {}, retryAfter: number | null = null) => ({
    status,
    body,
    retryAfter,
  });

  it('says a wrong password and an unknown address alike, and where to go next', () => {
    expect(
      refusalText(reply(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })),
    ).toBe(
      'That e-mail and password do not match an account here. Check both, or choose a new password with “Forgot your password?”.',
    );
  });

  it('says an unconfirmed address was sent a new link', () => {
    expect(refusalText(reply(403, { code: 'EMAIL_NOT_VERIFIED' }))).toMatch(
      /not confirmed yet\. We have sent a new link/,
    );
  });

  it('says when to try again after too many attempts, from Retry-After', () => {
    expect(refusalText(reply(429, { code: 'rate_limited' }, 42))).toBe(
      'Too many attempts. Try again in 42 seconds.',
    );
    expect(refusalText(reply(429, {}, 600))).toBe('Too many attempts. Try again in 10 minutes.');
    expect(refusalText(reply(429, {}, 86_400))).toBe('Too many attempts. Try again in 24 hours.');
    expect(refusalText(reply(429))).toBe('Too many attempts. Try again in a minute.');
    expect(waitText(1)).toBe('in 1 second');
  });

  it('says a sign-in from another address than the service’s own where to go, not "Invalid origin"', () => {
    const refused = reply(403, { code: 'INVALID_ORIGIN', message: 'Invalid origin' });
    rememberServiceApp(null);
    expect(refusalText(refused)).toBe(
      'Sign-in works only at this service’s own address, not at the one this page was opened at.',
    );
    rememberServiceApp('http://localhost:18431/app/');
    expect(refusalText(refused)).toBe(
      'Sign-in works only at this service’s own address, not at the one this page was opened at. Open Answerwatch at http://localhost:18431/app/ and sign in there.',
    );
    rememberServiceApp(null);
  });

  it('says invitation-only sign-up, short passwords and an unreachable service plainly', () => {
    expect(refusalText(reply(403, { code: 'SIGN_UP_BY_INVITATION_ONLY' }))).toMatch(/by invitation only/);
    expect(refusalText(reply(400, { code: 'PASSWORD_TOO_SHORT' }))).toMatch(/at least 10 characters/);
    expect(refusalText(reply(0))).toMatch(/Could not reach the service/);
  });

  it('passes on what the service said when it is something else, and never shows nothing', () => {
    expect(refusalText(reply(400, { error_description: 'Invalid user code' }))).toBe('Invalid user code');
    expect(refusalText(reply(500, { detail: 'The service failed.' }))).toBe('The service failed.');
    expect(refusalText(reply(500))).toBe('The service refused this; try again.');
  });
});
