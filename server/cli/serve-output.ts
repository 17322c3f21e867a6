import type { Config } from '../config.ts';

/** What `serve` says at start about people: where they sign in, and whether mail reaches them. */
export function servePeopleLines(config: Pick<Config, 'baseUrl' | 'mailConfigured'>): string {
  const app = `${config.baseUrl.replace(/\/v1$/, '')}/app/`;
  return (
    `Web UI for people: ${app} (sign-in works only at ANSWERWATCH_PUBLIC_URL)\n` +
    (config.mailConfigured
      ? ''
      : 'Mail: no ANSWERWATCH_SMTP_URL, so invitations, address confirmations and password resets wait in the outbox until it is set.\n')
  );
}
