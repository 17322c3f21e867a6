import { startSmtpReceiver, type SmtpReceiver } from '../fakes/smtp-receiver.ts';
import { freePort } from './pg-cluster.ts';
import { startServer, type ServerProcess } from './server-process.ts';

/** `serve` with people, as the browser tests drive it: mail to a real SMTP server on 127.0.0.1. */
export interface PeopleServe {
  smtp: SmtpReceiver;
  server: ServerProcess;
  /** Where browsers reach the service: its ANSWERWATCH_PUBLIC_URL. */
  origin: string;
  /** The same service at 127.0.0.1, for this process's own requests (localhost may resolve to ::1). */
  direct: string;
  /** The link in the last mail to `email` whose subject and text match, once it has arrived. */
  linkTo(email: string, subject?: RegExp, text?: RegExp): Promise<string>;
  stop(): Promise<void>;
}

export async function startPeopleServe(
  db: string,
  o: {
    signUp: 'open' | 'invite';
    /** The public host name (passkeys need `localhost`, not an address). Default 127.0.0.1. */
    host?: string;
    env?: Record<string, string>;
    /** Called with the public origin before the service starts (a provider that must know its callback). */
    beforeStart?: (origin: string) => Promise<void>;
  },
): Promise<PeopleServe> {
  const smtp = await startSmtpReceiver();
  const port = await freePort();
  const origin = `http://${o.host ?? '127.0.0.1'}:${port}`;
  await o.beforeStart?.(origin);
  const server = await startServer(
    db,
    {
      ANSWERWATCH_SIGNUP: o.signUp,
      ANSWERWATCH_SMTP_URL: smtp.url,
      ANSWERWATCH_MAIL_FROM: 'Answerwatch <people@answerwatch.example>',
      ANSWERWATCH_PUBLIC_URL: origin,
      ANSWERWATCH_LOG_LEVEL: 'warn',
      ...o.env,
    },
    'serve',
    port,
  );
  return {
    smtp,
    server,
    origin,
    direct: `http://127.0.0.1:${port}`,
    async linkTo(email, subject = /./, text = /./) {
      const match = (m: SmtpReceiver['received'][number]) =>
        (m.to && 'text' in m.to ? m.to.text : '') === email &&
        subject.test(m.subject ?? '') &&
        text.test(m.text ?? '');
      for (let i = 0; i < 200 && !smtp.received.some(match); i += 1)
        await new Promise((r) => setTimeout(r, 50));
      const mail = smtp.received.filter(match).at(-1);
      if (!mail) throw new Error(`no mail "${subject}" to ${email} arrived`);
      return mail.text!.match(/https?:\/\/\S+/)![0];
    },
    async stop() {
      await server.stop();
      await smtp.close();
    },
  };
}
