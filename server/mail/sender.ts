import type { Clock } from '../domain/clock.ts';
import type { SecretBox } from '../domain/secret-box.ts';
import { createWorkLoop, workerId } from '../jobs/work-loop.ts';
import type { JobLog } from '../jobs/run-executor.ts';
import type { Store } from '../store/index.ts';
import type { MailOutcome, MailRow } from '../store/repositories/mail.ts';
import { contentFromJson, type MailContent } from './message.ts';
import { isPermanent, retryDelayMs, type SendFailure } from './retry.ts';
import type { MailTransport } from './transport.ts';

export interface MailSenderOptions {
  store: Store;
  clock: Clock;
  secrets: SecretBox;
  transport: MailTransport;
  log: JobLog;
  /** Longer than an attempt may take (see MailConfig.leaseMs), so a live attempt is never taken over. */
  leaseMs: number;
  /** Mails in flight at once. */
  concurrency?: number;
  pollMs?: number;
}

export interface MailSender {
  start(): void;
  /** Look for due mail now: one was just queued. */
  kick(): void;
  /** Resolves once nothing due is left to send (tests and shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

function outcomeOf(failure: SendFailure | null, attempt: number, now: Date): MailOutcome {
  if (!failure) return { status: 'sent', nextAttemptAt: null };
  const wait = isPermanent(failure) ? null : retryDelayMs(attempt);
  if (wait === null) return { status: 'failed', nextAttemptAt: null };
  return { status: 'pending', nextAttemptAt: new Date(now.getTime() + wait).toISOString() };
}

/**
 * The mail's content, or why it cannot be sent: sealed under another key (a database moved without its key), it
 * never will be, and fails at once rather than being claimed again at every lease.
 */
function openedWith(secrets: SecretBox, m: MailRow): MailContent | SendFailure {
  try {
    // A claimed mail is pending, and a pending mail keeps its content (recordAttempt drops it only at the end).
    return contentFromJson(secrets.open(m.content_sealed!));
  } catch {
    return { responseCode: null, code: 'ESEALED', message: 'the content does not open with the sealing key' };
  }
}

/**
 * The outbox worker: sends due mail a few at a time, each under a lease in the database taken the way webhook
 * deliveries are, so mail survives restarts and two instances on one database never send the same attempt.
 */
export function createMailSender(o: MailSenderOptions): MailSender {
  const concurrency = o.concurrency ?? 8;
  const owner = workerId('mail');

  async function attempt(m: MailRow): Promise<void> {
    const started = o.clock.now();
    const t0 = performance.now();
    const content = openedWith(o.secrets, m);
    const failure =
      'message' in content
        ? content
        : await o.transport.send({ id: m.id, to: m.recipient, subject: m.subject, ...content });
    const number = m.attempt_count + 1;
    const outcome = outcomeOf(failure, number, started);
    await o.store.mail.recordAttempt(
      m,
      {
        at: started.toISOString(),
        responseCode: failure?.responseCode ?? null,
        error: failure && [failure.code, failure.message].filter(Boolean).join(': '),
        durationMs: Math.round(performance.now() - t0),
      },
      outcome,
    );
    if (failure) {
      const fields = {
        mailId: m.id,
        kind: m.kind,
        attempt: number,
        ...failure,
        status: outcome.status,
        via: o.transport.description,
      };
      if (outcome.status === 'failed') o.log.error(fields, 'mail not sent, given up');
      else o.log.warn(fields, 'mail not sent, will retry');
    }
  }

  async function sweep(): Promise<void> {
    while (!loop.stopped) {
      const room = concurrency - loop.active;
      if (room <= 0) return;
      const now = o.clock.now();
      const until = new Date(now.getTime() + o.leaseMs).toISOString();
      const due = await o.store.mail.claimDue(owner, now.toISOString(), until, room);
      for (const m of due) loop.track(attempt(m));
      if (due.length < room) return;
    }
  }

  const loop = createWorkLoop(sweep, {
    pollMs: o.pollMs ?? 1_000,
    onError: (err) => o.log.error({ err }, 'mail sending failed'),
  });

  return {
    start: () => loop.start(),
    kick: () => loop.kick(),
    idle: () => loop.idle(),
    async stop() {
      await loop.stop();
      o.transport.close();
    },
  };
}
