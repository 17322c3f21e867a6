/**
 * Sends each project's report digest once its period is due (server/reports/digest-schedule.ts) and the project
 * has no run still active. Instances share the work through the digest row: one statement claims a period under a
 * lease, and the period is recorded as sent when its mails are queued; a crashed instance's lease runs out and
 * another sends, and the outbox's key (project, period, recipient) still mails each person once.
 */
import { ownerCaller } from '../domain/callers.ts';
import type { Services } from '../domain/context.ts';
import { AppError } from '../domain/errors.ts';
import type { Plan } from '../domain/plans.ts';
import { duePeriod } from '../reports/digest-schedule.ts';
import { sendDigest } from '../reports/digest-send.ts';
import { periodKey } from '../reports/digest-settings.ts';
import type { ReportDigestRecord } from '../store/repositories/report-digests.ts';
import type { JobLog } from './run-executor.ts';
import type { WeeklyDay } from './schedule-expression.ts';
import { createWorkLoop, workerId } from './work-loop.ts';

export interface DigestJobOptions {
  services: () => Promise<Services>;
  plans: readonly Plan[];
  log: JobLog;
  pollMs?: number;
  /** How long a claimed period is this instance's: rendering a year's PDF and queueing takes well under it. */
  leaseMs?: number;
}

const DEFAULT_LEASE_MS = 10 * 60_000;

type Outcome = 'sent' | 'not_due' | 'runs_active' | 'taken' | 'failed';

async function sendIfDue(
  o: DigestJobOptions,
  s: Services,
  owner: string,
  d: ReportDigestRecord & { cadence: 'weekly' | 'monthly' },
): Promise<Outcome> {
  const project = await s.store.readProject(d.projectId);
  if (!project) return 'not_due';
  const now = s.clock.now();
  const period = duePeriod(
    { cadence: d.cadence, weekday: d.weekday as WeeklyDay, timezone: project.tracking.timezone },
    now,
  );
  const key = periodKey(period);
  if (d.lastPeriod === key) return 'not_due';
  // The period's last runs may still be answering: the next look sends it, with every answer in.
  if (await s.store.runRequests.active(d.projectId)) return 'runs_active';
  const until = new Date(now.getTime() + (o.leaseMs ?? DEFAULT_LEASE_MS)).toISOString();
  if (!(await s.store.reportDigests.claim(d.projectId, key, owner, now.toISOString(), until))) return 'taken';
  try {
    const caller = await ownerCaller(
      { store: s.store, plans: o.plans },
      project.accountId,
      'Report digest',
      'The project’s account has no plan this service knows.',
    );
    const sent = await sendDigest(s, caller, d.projectId, period, d.cadence);
    o.log.info({ projectId: d.projectId, ...period, mails: sent.mails.length }, 'report digest queued');
  } catch (err) {
    // A digest nobody receives any more (all unsubscribed) is done for the period; anything else is tried again.
    const done = err instanceof AppError && err.code === 'invalid_parameter';
    await s.store.reportDigests.release(d.projectId, owner, done ? key : null);
    if (!done) throw err;
    o.log.warn({ projectId: d.projectId, ...period, reason: err.detail }, 'report digest not sent');
    return 'failed';
  }
  await s.store.reportDigests.release(d.projectId, owner, key);
  return 'sent';
}

/** One look over every scheduled digest; answers what happened to each, by project. */
export async function sendDueDigests(o: DigestJobOptions, owner: string): Promise<Map<string, Outcome>> {
  const s = await o.services();
  const out = new Map<string, Outcome>();
  for (const d of await s.store.reportDigests.scheduled()) {
    if (d.cadence === 'off') continue;
    try {
      out.set(d.projectId, await sendIfDue(o, s, owner, { ...d, cadence: d.cadence }));
    } catch (err) {
      o.log.error({ err, projectId: d.projectId }, 'report digest failed');
      out.set(d.projectId, 'failed');
    }
  }
  return out;
}

/** Looks every `pollMs` (default a minute): a digest goes out at most that long after it is due. */
export function createReportDigestJob(o: DigestJobOptions) {
  const owner = workerId('digest');
  const loop = createWorkLoop(
    async () => {
      await sendDueDigests(o, owner);
    },
    { pollMs: o.pollMs ?? 60_000, onError: (err) => o.log.error({ err }, 'report digest job failed') },
  );
  return {
    start: () => loop.start(),
    kick: () => loop.kick(),
    idle: () => loop.idle(),
    stop: () => loop.stop(),
  };
}
