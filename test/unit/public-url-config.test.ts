import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { servePeopleLines } from '../../server/cli/serve-output.ts';

describe('ANSWERWATCH_PUBLIC_URL', () => {
  it('is the base of links, with /v1 added when missing', () => {
    expect(loadConfig({ ANSWERWATCH_PUBLIC_URL: 'https://answers.example.com/' }).baseUrl).toBe(
      'https://answers.example.com/v1',
    );
    expect(loadConfig({}).baseUrl).toBe('http://127.0.0.1:8787/v1');
  });

  it('that is no http(s) address stops the service with one sentence naming it', () => {
    for (const bad of ['localhost:18433', 'not-a-url', 'ftp://answers.example.com']) {
      expect(() => loadConfig({ ANSWERWATCH_PUBLIC_URL: bad })).toThrow(
        `ANSWERWATCH_PUBLIC_URL must be the http(s) address people and links use, such as https://answers.example.com, got ${bad}`,
      );
    }
  });
});

describe('what serve says about people at start', () => {
  it('names the web UI at the public address, and says mail waits without SMTP', () => {
    const lines = servePeopleLines({ baseUrl: 'https://answers.example.com/v1', mailConfigured: false });
    expect(lines).toBe(
      'Web UI for people: https://answers.example.com/app/ (sign-in works only at ANSWERWATCH_PUBLIC_URL)\n' +
        'Mail: no ANSWERWATCH_SMTP_URL, so invitations, address confirmations and password resets wait in the outbox until it is set.\n',
    );
    expect(
      servePeopleLines({ baseUrl: 'https://answers.example.com/v1', mailConfigured: true }),
    ).not.toContain('Mail:');
  });
});
