import type { z } from 'zod';
import type { ReportDigestUpdate } from '../contract/report-digests.ts';
import type { WeeklyDay } from '../jobs/schedule-expression.ts';
import { readableProject } from '../domain/access.ts';
import { callerActor, recordAudit } from '../domain/audit-log.ts';
import type { Caller, Services } from '../domain/context.ts';
import { AppError, invalid } from '../domain/errors.ts';
import { isMailAddress } from '../mail/message.ts';
import { duePeriod } from './digest-schedule.ts';
import type { DigestRecipient, ReportDigestRecord } from '../store/repositories/report-digests.ts';

type DigestUpdate = z.infer<typeof ReportDigestUpdate>;

/** How a digest record names a period. */
export const periodKey = (p: { from: string; to: string }) => `${p.from}/${p.to}`;

/** The period a digest record names ("from/to"), as the API shows it. */
export function periodOf(lastPeriod: string | null) {
  if (lastPeriod === null) return null;
  const [from, to] = lastPeriod.split('/') as [string, string];
  return { from, to };
}

async function digestResource(s: Services, projectId: string, d: ReportDigestRecord | undefined) {
  const optedOut = await s.store.reportDigests.optedOut(projectId);
  return {
    cadence: d?.cadence ?? 'off',
    weekday: (d?.weekday ?? 'monday') as WeeklyDay,
    recipients: (d?.recipients ?? []).map((r) => ({ ...r, unsubscribed: optedOut.has(r.email) })),
    lastPeriod: periodOf(d?.lastPeriod ?? null),
    updatedAt: d?.updatedAt ?? null,
  };
}

export async function getReportDigest(s: Services, caller: Caller, projectId: string) {
  await readableProject(s, caller, projectId);
  return digestResource(s, projectId, await s.store.reportDigests.get(projectId));
}

/** Owners, admins and API keys (tracking:write) manage extra addresses; a member only names the account's people. */
const mayAddExtras = (caller: Caller) =>
  caller.role === undefined || caller.role === 'owner' || caller.role === 'admin';

/** People by id or address become person recipients; any other address is an extra one. */
function resolveRecipients(
  input: DigestUpdate['recipients'],
  people: readonly { id: string; email: string }[],
): DigestRecipient[] {
  const out = new Map<string, DigestRecipient>();
  for (const r of input) {
    if ('personId' in r) {
      const person = people.find((p) => p.id === r.personId);
      if (!person) throw invalid(`recipients: no person ${r.personId} in this account`);
      out.set(person.email, { email: person.email, personId: person.id });
      continue;
    }
    if (!isMailAddress(r.email))
      throw invalid(`recipients: not one e-mail address: ${JSON.stringify(r.email)}`);
    const person = people.find((p) => p.email === r.email);
    out.set(r.email, { email: r.email, personId: person?.id ?? null });
  }
  return [...out.values()];
}

export async function updateReportDigest(s: Services, caller: Caller, projectId: string, body: DigestUpdate) {
  const project = await readableProject(s, caller, projectId);
  const recipients = resolveRecipients(
    body.recipients,
    await s.store.reportDigests.people(project.accountId),
  );
  const before = await s.store.reportDigests.get(projectId);
  if (!mayAddExtras(caller)) {
    const kept = new Set(before?.recipients.filter((r) => r.personId === null).map((r) => r.email));
    const added = recipients.find((r) => r.personId === null && !kept.has(r.email));
    if (added)
      throw new AppError(
        'insufficient_scope',
        `Only the account’s owner and admins add addresses outside the account (${added.email}).`,
      );
  }
  if (body.cadence !== 'off' && recipients.length === 0) throw invalid('recipients: name at least one');
  const weekday = body.weekday ?? 'monday';
  const now = s.clock.now();
  // A new or changed schedule starts with the next period to come due, not with one that ended before it was set.
  const unchanged = before?.cadence === body.cadence && before.weekday === weekday;
  const lastPeriod =
    body.cadence === 'off' || unchanged
      ? (before?.lastPeriod ?? null)
      : periodKey(duePeriod({ cadence: body.cadence, weekday, timezone: project.tracking.timezone }, now));
  await s.store.transaction(async (tx) => {
    await tx.reportDigests.put({
      projectId,
      cadence: body.cadence,
      weekday,
      recipients,
      updatedAt: now.toISOString(),
      lastPeriod,
    });
    // Who sends the account's reports where: an address outside the account receives its figures.
    await recordAudit(tx, s.clock, {
      accountId: caller.accountId,
      kind: 'report_digest_changed',
      actor: callerActor(caller),
      target: projectId,
      detail: { cadence: body.cadence, weekday, recipients: recipients.map((r) => r.email) },
    });
  });
  return digestResource(s, projectId, await s.store.reportDigests.get(projectId));
}
