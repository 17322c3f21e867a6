import type { Clock } from '../domain/clock.ts';
import { newId } from '../domain/ids.ts';
import type { SecretBox } from '../domain/secret-box.ts';
import type { Repositories } from '../store/index.ts';
import { contentToJson, mailProblem, type MailMessage } from './message.ts';

export interface EnqueueDeps {
  clock: Clock;
  secrets: SecretBox;
}

/**
 * Queues a mail in the caller's transaction, so it is written with the change that causes it (or not at all) and
 * survives any restart from then on. Returns false when a mail of the same key was queued before. The caller then
 * wakes the sender (Signals.mailQueued) once the transaction has committed.
 */
export async function enqueueMail(
  deps: EnqueueDeps,
  tx: Pick<Repositories, 'mail'>,
  m: MailMessage,
): Promise<{ id: string; queued: boolean }> {
  const problem = mailProblem(m);
  if (problem) throw new Error(`mail not queued: ${problem}`);
  const id = newId('mail');
  const queued = await tx.mail.enqueue({
    id,
    idempotencyKey: m.key ?? id,
    kind: m.kind,
    recipient: m.to,
    subject: m.subject,
    contentSealed: deps.secrets.seal(
      contentToJson({
        text: m.text,
        html: m.html ?? null,
        attachments: [...(m.attachments ?? [])],
        unsubscribeUrl: m.unsubscribeUrl ?? null,
      }),
    ),
    createdAt: deps.clock.now().toISOString(),
  });
  return { id, queued };
}
