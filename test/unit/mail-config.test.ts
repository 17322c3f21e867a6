import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { CONSOLE_FROM } from '../../server/mail/config.ts';
import { consoleText } from '../../server/mail/console-transport.ts';
import { redactUrlPassword } from '../../server/store/location.ts';

const FROM = 'Answerwatch <alerts@example.com>';
const errorOf = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('no error');
};

describe('mail settings', () => {
  it('are absent by default: mail is not configured, and printed from a placeholder address', () => {
    const c = loadConfig({});
    expect(c.mailConfigured).toBe(false);
    expect(c.mail).toEqual({ smtpUrl: null, from: CONSOLE_FROM, leaseMs: 60_000 });
  });

  it('take an smtp:// or smtps:// URL with a From address', () => {
    const url = 'smtps://mailer:p%40ss@smtp.example.com:465';
    const c = loadConfig({ ANSWERWATCH_SMTP_URL: url, ANSWERWATCH_MAIL_FROM: FROM });
    expect(c.mailConfigured).toBe(true);
    expect(c.mail.smtpUrl).toBe(url);
    expect(c.mail.from).toBe(FROM);
    for (const from of [
      'alerts@acme.example',
      '"Acme, Inc" <alerts@acme.example>',
      'Acme <alerts@acme.example>',
    ])
      expect(loadConfig({ ANSWERWATCH_MAIL_FROM: from }).mail.from).toBe(from);
    expect(
      loadConfig({ ANSWERWATCH_SMTP_URL: 'smtp://localhost:25', ANSWERWATCH_MAIL_FROM: 'a@b.example' }).mail
        .smtpUrl,
    ).toBe('smtp://localhost:25');
  });

  it('refuse what cannot be used, in one sentence that never repeats the password', () => {
    const bad = [
      [
        { ANSWERWATCH_SMTP_URL: 'http://u:hunter22@smtp.example.com' },
        /must start with smtp:\/\/ or smtps:\/\//,
      ],
      [{ ANSWERWATCH_SMTP_URL: 'smtp://u:hunter22@' }, /not a URL|names no server/],
      [{ ANSWERWATCH_SMTP_URL: 'not a url hunter22' }, /is not a URL/],
      [{ ANSWERWATCH_SMTP_URL: 'smtp://:hunter22@smtp.example.com' }, /password but no user name/],
      [{ ANSWERWATCH_SMTP_URL: 'smtp://u:hunter22@smtp.example.com' }, /ANSWERWATCH_MAIL_FROM must be set/],
      [
        { ANSWERWATCH_SMTP_URL: 'smtp://u:hunter22@smtp.example.com', ANSWERWATCH_MAIL_FROM: 'a@b.c, d@e.f' },
        /must be one address/,
      ],
      [{ ANSWERWATCH_MAIL_FROM: 'nobody' }, /must be one address/],
      [{ ANSWERWATCH_MAIL_FROM: 'Acme, Inc <alerts@acme.example>' }, /must be one address/],
      [{ ANSWERWATCH_MAIL_FROM: 'alerts@acme.example\r\nBcc: eve@example.com' }, /must be one address/],
      [{ ANSWERWATCH_MAIL_LEASE_SECONDS: '10' }, /must be a whole number above 10/],
    ] as const;
    for (const [env, message] of bad) {
      const e = errorOf(env);
      expect(e).toMatch(message);
      expect(e).not.toContain('hunter22');
    }
  });

  it('show an SMTP URL with its password hidden', () => {
    expect(redactUrlPassword('smtps://mailer:hunter22@smtp.example.com:465')).toBe(
      'smtps://mailer:***@smtp.example.com:465',
    );
    expect(redactUrlPassword('smtp://smtp.example.com:25')).toBe('smtp://smtp.example.com:25');
  });
});

describe('mail printed on the console', () => {
  it('names the recipient, the subject and each link once', () => {
    const text = consoleText({
      id: 'mail1',
      to: 'ada@example.com',
      subject: 'Verify your e-mail',
      text: 'Open https://aw.example/app/verify?token=abc to verify (https://aw.example/app/verify?token=abc).',
      html: null,
      attachments: [],
      unsubscribeUrl: null,
    });
    expect(text.split('\n')).toEqual([
      'E-mail to ada@example.com (not sent: no ANSWERWATCH_SMTP_URL; printed here instead)',
      '  Subject: Verify your e-mail',
      '  Link: https://aw.example/app/verify?token=abc',
      '',
    ]);
  });
});
