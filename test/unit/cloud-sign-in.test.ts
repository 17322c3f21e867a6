import { describe, expect, it } from 'vitest';
import {
  CloudSignInError,
  cloudServerAddress,
  cloudSignIn,
  openableLink,
  signedOut,
  type CloudSignInState,
} from '../../app/agent/cloud-sign-in.ts';
import type { DeviceCodeShown } from '../../app/agent/device-login.ts';
import type { PairResult } from '../../app/agent/pair.ts';
import { SyncError } from '../../app/agent/sync-client.ts';
import { CloudSignInState as StateSchema } from '../../server/contract/cloud-sign-in.ts';

const SERVER = 'https://aw.example.com';
const CODE: DeviceCodeShown = {
  userCode: 'ABCD-EFGH',
  verificationUri: `${SERVER}/app/device`,
  verificationUriComplete: `${SERVER}/app/device?user_code=ABCDEFGH`,
  expiresInSeconds: 900,
};
const PAIRED: PairResult = {
  hostId: 'hst1',
  accountId: 'acc1',
  serverUrl: SERVER,
  deviceLabel: 'Studio Mac',
};

/** A sign-in whose login the test drives: it shows `code`, then ends as `end` says. */
function driven(code: DeviceCodeShown, end: () => Promise<PairResult>) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  const signIn = cloudSignIn({
    initial: signedOut(),
    now: () => Date.parse('2026-11-27T10:00:00.000Z'),
    login: async (server, show) => {
      asked.push(server);
      show(code);
      await gate;
      return end();
    },
  });
  return { signIn, asked, release };
}

describe('cloud sign-in: the address', () => {
  it('takes a service address as people type it, and gives the base the agent calls', () => {
    expect(cloudServerAddress('  aw.example.com ')).toBe('https://aw.example.com');
    expect(cloudServerAddress('https://aw.example.com/v1')).toBe('https://aw.example.com');
    expect(cloudServerAddress('https://aw.example.com/answerwatch/')).toBe(
      'https://aw.example.com/answerwatch',
    );
    expect(cloudServerAddress('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
    expect(cloudServerAddress('http://localhost:8787/')).toBe('http://localhost:8787');
  });

  it('refuses what is no address, plain http to another computer, other schemes and credentials', () => {
    const refused: [string, RegExp][] = [
      ['', /not a web address/],
      ['http://', /not a web address/],
      ['http://aw.example.com', /must start with https:\/\//],
      ['ftp://aw.example.com', /must start with https:\/\//],
      ['javascript://aw.example.com', /must start with https:\/\//],
      ['https://me:secret@aw.example.com', /without a name or password/],
    ];
    for (const [typed, message] of refused) {
      expect(() => cloudServerAddress(typed), typed).toThrow(CloudSignInError);
      expect(() => cloudServerAddress(typed), typed).toThrow(message);
    }
  });

  it('opens only an approval page on the service itself, over https or http on this computer', () => {
    expect(openableLink(`${SERVER}/app/device?user_code=X`, SERVER)).toBe(`${SERVER}/app/device?user_code=X`);
    expect(openableLink('http://127.0.0.1:9/app/device', 'http://127.0.0.1:9')).toBe(
      'http://127.0.0.1:9/app/device',
    );
    for (const link of [
      'https://evil.example/app/device',
      'http://aw.example.com/app/device',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a link',
    ]) {
      expect(openableLink(link, SERVER), link).toBeNull();
    }
  });
});

describe('cloud sign-in: where it stands', () => {
  it('asks, shows the code and the approval page, then says paired', async () => {
    const { signIn, asked, release } = driven(CODE, async () => PAIRED);
    expect(signIn.state()).toMatchObject({ phase: 'signed-out', server: null });
    expect(signIn.start('aw.example.com')).toMatchObject({ phase: 'waiting', server: SERVER });
    expect(asked).toEqual([SERVER]);
    const waiting = signIn.state();
    expect(waiting).toEqual({
      phase: 'waiting',
      server: SERVER,
      userCode: 'ABCD-EFGH',
      link: `${SERVER}/app/device?user_code=ABCDEFGH`,
      expiresAt: '2026-11-27T10:15:00.000Z',
      accountId: null,
      message:
        'Enter the code ABCD-EFGH on aw.example.com’s approval page (it opens in your browser), signed in as the owner or an admin of the account this computer will serve. The code works for 15 minutes.',
    });
    // One sign-in at a time: a second one is refused while the first waits.
    expect(() => signIn.start('other.example.com')).toThrow(/A sign-in to aw\.example\.com is under way/);
    release();
    await signIn.settled();
    const paired = signIn.state();
    expect(paired).toMatchObject({ phase: 'paired', server: SERVER, accountId: 'acc1', userCode: null });
    expect(paired.message).toBe(
      'This computer is signed in to aw.example.com as “Studio Mac” for account acc1: it runs that account’s runs on this computer’s engines.',
    );
    for (const s of [waiting, paired]) expect(StateSchema.parse(s)).toEqual(s);
  });

  it('says refused, expired and unreachable, each in its own sentence, and lets the person try again', async () => {
    const cases: [SyncError | Error, CloudSignInState['phase'], string][] = [
      [
        new SyncError('refused', 'the sign-in was denied', 400, 'access_denied'),
        'refused',
        'The sign-in was denied on aw.example.com’s approval page.',
      ],
      [
        new SyncError('refused', 'the code expired', 400, 'expired_token'),
        'expired',
        'The code expired before it was approved (15 minutes). Sign in again for a new code.',
      ],
      [
        new SyncError('offline', 'cannot reach https://aw.example.com: ECONNREFUSED'),
        'unreachable',
        'aw.example.com could not be reached (cannot reach https://aw.example.com: ECONNREFUSED). Check the address and the network, then sign in again.',
      ],
      [
        new SyncError('refused', 'the pair code is unknown', 401, 'invalid_key'),
        'refused',
        'aw.example.com refused the sign-in: the pair code is unknown.',
      ],
    ];
    for (const [err, phase, message] of cases) {
      const { signIn, release } = driven(CODE, () => Promise.reject(err));
      signIn.start(SERVER);
      release();
      await signIn.settled();
      expect(signIn.state()).toMatchObject({ phase, message, server: SERVER, userCode: null, link: null });
      // Ended, it takes a new sign-in.
      expect(signIn.start(SERVER).phase).toBe('waiting');
    }
  });

  it('ends refused, opening nothing, when the service names an approval page elsewhere', async () => {
    const { signIn } = driven(
      { ...CODE, verificationUriComplete: 'https://evil.example/app/device' },
      async () => {
        throw new Error('not reached');
      },
    );
    signIn.start(SERVER);
    await signIn.settled();
    expect(signIn.state()).toMatchObject({ phase: 'refused', link: null });
    expect(signIn.state().message).toBe(
      'aw.example.com refused the sign-in: its approval page https://evil.example/app/device is not on https://aw.example.com.',
    );
  });

  it('refuses a bad address before asking any service, and stays as it was', () => {
    const { signIn, asked } = driven(CODE, async () => PAIRED);
    expect(() => signIn.start('http://aw.example.com')).toThrow(CloudSignInError);
    expect(asked).toEqual([]);
    expect(signIn.state().phase).toBe('signed-out');
  });
});
