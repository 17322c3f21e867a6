import { join } from 'node:path';
import { expect } from 'vitest';
import type { SmtpReceiver } from '../fakes/smtp-receiver.ts';
import { freePort } from './pg-cluster.ts';
import { startServer } from './server-process.ts';

export const PERSON_PASSWORD = 'correct horse battery';

/** The mail the service sent to `email` (the verification mail at sign-up), once it has arrived. */
export async function mailTo(smtp: SmtpReceiver, email: string) {
  const to = (m: SmtpReceiver['received'][number]) => (m.to && 'text' in m.to ? m.to.text : '') === email;
  for (let i = 0; i < 200 && !smtp.received.some(to); i += 1) await new Promise((r) => setTimeout(r, 50));
  const mail = smtp.received.find(to);
  if (!mail) throw new Error(`no mail to ${email} arrived`);
  return mail;
}

/**
 * A real `serve` in `dir` with open sign-up, mailing through `smtp`; a person `name` signed up (the owner of a
 * premium account, address confirmed) with a project of theirs, and what a test asks of it.
 */
export async function serviceWithPerson(dir: string, smtp: SmtpReceiver, name: string) {
  const port = await freePort();
  const server = await startServer(
    join(dir, `${name}.db`),
    {
      ANSWERWATCH_SIGNUP: 'open',
      ANSWERWATCH_SIGNUP_PLAN: 'premium',
      // Sign-up on serve mails the link that confirms the address: to a real SMTP server on this machine.
      ANSWERWATCH_SMTP_URL: smtp.url,
      ANSWERWATCH_MAIL_FROM: 'Answerwatch <people@answerwatch.example>',
      ANSWERWATCH_PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    'serve',
    port,
  );
  const origin = `http://127.0.0.1:${port}`;
  const json = { 'content-type': 'application/json', origin };
  const email = `${name}@example.com`;
  const signUp = await fetch(`${origin}/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name, email, password: PERSON_PASSWORD }),
  });
  expect(signUp.status).toBe(200);
  const mail = await mailTo(smtp, email);
  const verified = await fetch(mail.text!.match(/https?:\/\/\S+/)![0], { redirect: 'manual' });
  expect(verified.status).toBe(200);
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const session = await (await fetch(`${origin}/auth/get-session`, { headers: { cookie } })).json();
  const accountId = session.session.activeOrganizationId as string;
  const created = await fetch(`${origin}/v1/projects`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ name: 'Acme', websiteUrl: 'https://acme.example' }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const projectId = (await created.json()).id as string;
  const host = async () =>
    (await (await fetch(`${origin}/v1/projects/${projectId}/capabilities`, { headers: { cookie } })).json())
      .host;
  /** The person's answer to a code on the approval page: opened (tying it to them), then approved or denied. */
  const decide = async (userCode: string, decision: 'approve' | 'deny') => {
    const opened = await fetch(`${origin}/auth/device?user_code=${userCode}`, { headers: { cookie } });
    expect(await opened.json()).toMatchObject({ status: 'pending' });
    const r = await fetch(`${origin}/auth/device/${decision}`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify(decision === 'approve' ? { userCode, accountId } : { userCode }),
    });
    expect(r.status, await r.clone().text()).toBe(200);
  };
  return { server, origin, json, email, cookie, accountId, host, decide, db: join(dir, `${name}.db`) };
}
