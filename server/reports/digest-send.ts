import { reportLinks } from '../contract/report-events.ts';
import { readableProject } from '../domain/access.ts';
import { hashKey } from '../domain/api-keys.ts';
import type { Caller, Services } from '../domain/context.ts';
import { invalid } from '../domain/errors.ts';
import { newId, randomAlnum } from '../domain/ids.ts';
import { queueDeliveries } from '../domain/webhook-events.ts';
import type { Repositories } from '../store/index.ts';
import { digestShareLink, originOf, SHARE_PATH } from './links.ts';
import { queueReportMail } from './mail.ts';
import { reportPeriod } from './period.ts';

/** Where a digest's recipient unsubscribes, outside /v1: the token alone says who and from which project. */
export const UNSUBSCRIBE_PATH = `${SHARE_PATH}/unsubscribe`;
/** As long as a share link's token (~256 bits), kept only as a hash. */
const TOKEN_LENGTH = 43;
const TOKEN = new RegExp(`^[A-Za-z0-9]{${TOKEN_LENGTH}}$`);
/**
 * An unsubscribe link works for a year after its mail: every digest brings a fresh one, so a recipient always holds
 * a live link, and a year covers a mail read late or dug out of an archive. Past that, a forwarded or leaked old mail
 * no longer unsubscribes anyone, and the tokens kept stay as many as a year of digests.
 */
export const UNSUBSCRIBE_DAYS = 366;
const unsubscribeFrom = (now: Date) => new Date(now.getTime() - UNSUBSCRIBE_DAYS * 86_400_000).toISOString();

async function queueReportReady(
  tx: Repositories,
  s: Services,
  event: { projectId: string; from: string; to: string; cadence: string; share: string },
) {
  const to = await tx.webhooks.subscribers(event.projectId, 'report.ready');
  if (to.length === 0) return;
  const now = s.clock.now().toISOString();
  await queueDeliveries(
    tx.webhooks,
    to,
    {
      id: newId('evt'),
      event: 'report.ready',
      createdAt: now,
      data: {
        projectId: event.projectId,
        period: { from: event.from, to: event.to },
        cadence: event.cadence,
        links: reportLinks(s.baseUrl, event.projectId, event.from, event.to, event.share),
      },
    },
    now,
  );
}

/**
 * Mails the digest of a period (default the last full week) to the project's digest recipients who did not
 * unsubscribe and are still of the account (for people): the report with its PDF, the period's share link (made for
 * 90 days by the first digest of the period, the same one again after) and each recipient's unsubscribe link.
 * `report.ready` is queued with the mails, and only when at least one of them is new, so a period sent again (or
 * by two instances) neither mails anyone twice nor signals twice.
 */
export async function sendDigest(
  s: Services,
  caller: Caller,
  projectId: string,
  q: { from?: string; to?: string },
  cadence: 'weekly' | 'monthly' | 'manual',
) {
  const project = await readableProject(s, caller, projectId);
  const digest = await s.store.reportDigests.get(projectId);
  const optedOut = await s.store.reportDigests.optedOut(projectId);
  // A person who left the account no longer receives its reports, whatever the digest still lists.
  const people = new Set((await s.store.reportDigests.people(project.accountId)).map((p) => p.id));
  const recipients = (digest?.recipients ?? [])
    .filter((r) => !optedOut.has(r.email) && (r.personId === null || people.has(r.personId)))
    .map((r) => r.email);
  if (recipients.length === 0)
    throw invalid('the project’s digest has no recipients (or all of them unsubscribed)');
  const now = s.clock.now();
  const { range } = reportPeriod(q, project.tracking.timezone, now);
  const share = await digestShareLink(s, caller, projectId, range);
  return queueReportMail(s, caller, projectId, range, recipients, {
    shareUrl: share.url,
    shareExpiresAt: share.expiresAt,
    async unsubscribe(tx, to) {
      const token = randomAlnum(TOKEN_LENGTH);
      await tx.reportDigests.addUnsubscribeToken(
        projectId,
        to,
        hashKey(token),
        now.toISOString(),
        unsubscribeFrom(now),
      );
      return `${originOf(s.baseUrl)}${UNSUBSCRIBE_PATH}/${token}`;
    },
    async alsoInTransaction(tx, queued) {
      if (queued.some((m) => m.queued))
        await queueReportReady(tx, s, { projectId, ...range, cadence, share: share.url });
    },
  });
}

/** The recipient and project an unsubscribe token names, or undefined: one answer for every kind of refusal. */
export async function unsubscribeTarget(s: Services, token: string) {
  if (!TOKEN.test(token)) return undefined;
  return s.store.reportDigests.unsubscribeToken(hashKey(token), unsubscribeFrom(s.clock.now()));
}

/** Unsubscribes the token's recipient from its project's digest; false when the token opens nothing. */
export async function unsubscribe(s: Services, token: string): Promise<boolean> {
  const target = await unsubscribeTarget(s, token);
  if (!target) return false;
  await s.store.reportDigests.optOut(target.project_id, target.email, s.clock.now().toISOString());
  return true;
}
