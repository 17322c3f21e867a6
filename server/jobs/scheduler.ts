/**
 * Runs each project's tracked prompts on its schedule: one node-cron job per scheduled project, kept in
 * step with the stored schedules by periodic reloads. Framework-free; the caller supplies load and fire.
 *
 * Schedule semantics (also in schedule-expression.ts):
 * - `daily`, `weekdays` (Mon-Fri) or `weekly` on `weeklyDay`, at `timeOfDay` in the project's timezone;
 *   `manual` has no job.
 * - A time inside a spring-forward gap runs once that day, the length of the gap later (02:30 -> 03:30
 *   when clocks jump 02:00 -> 03:00). A time inside a fall-back overlap runs once, at its first
 *   occurrence. This is RFC 5545 / Temporal "compatible" behaviour.
 * - At most one scheduled run per project per local calendar day, even when the schedule is edited after
 *   that day's run (editing 09:00 -> 15:00 at noon runs next at 15:00 tomorrow).
 * - Runs due while the process was down are not caught up. A run delayed by a blocked event loop still
 *   happens if it is at most MISSED_TOLERANCE_MS late; later than that it is reported to onError.
 *
 * What node-cron 4.6.0 does at DST edges (read in node_modules/node-cron/dist/_shared.js and checked):
 * - Spring-forward gap: MatcherWalker.firstTimeOnDay turns 02:30 into an instant that reads back as
 *   03:30 and then rejects it because TimeMatcher.match wants hour 2, so the whole day is skipped
 *   (a daily 02:30 New York job has no run on 2026-03-08; a weekly one loses a week).
 * - Fall-back overlap: it runs exactly once, but which occurrence depends on the sign of the offset:
 *   localTimeToTimestamp picks the first one west of UTC (01:30 EDT in New York) and the second one east
 *   of UTC (02:30 CET, not CEST, in Berlin on 2026-10-25).
 * - Ordinary times and weekday matching are right on both sides of a change.
 *
 * So node-cron stays the primary trigger and a guard in this file fixes the edges: every trigger is
 * checked against our own computation of when the schedule is due that local day (dueOnDate), only that
 * instant is accepted, and at most once per local day. Whenever our next due instant is earlier than
 * node-cron's next run (the gap day, the Berlin-style overlap), a one-shot guard timer fires it; node-cron's
 * later trigger for that day is then ignored.
 */
import { schedule as cronSchedule, type Logger, type ScheduledTask } from 'node-cron';
import {
  cronExpression,
  dueOnDate,
  localDateOf,
  nextDueAfter,
  scheduleKey,
  scheduleProblem,
  type LocalDate,
  type ProjectSchedule,
} from './schedule-expression.ts';

export type { Cadence, ProjectSchedule, WeeklyDay } from './schedule-expression.ts';

export interface SchedulerDeps {
  /** Every project's current schedule. */
  load(): Promise<ProjectSchedule[]>;
  /** Start a scheduled run; it decides itself to skip when a run is active. */
  fire(projectId: string, scheduledFor: Date): Promise<void>;
  onError?(err: unknown, projectId?: string): void;
  /** How often schedules are reloaded; default 60_000. */
  reloadEveryMs?: number;
}

export interface Scheduler {
  start(): Promise<void>;
  refresh(): Promise<void>;
  stop(): void;
}

/** How late a due run may start (blocked event loop, suspended host) before it counts as missed. */
export const MISSED_TOLERANCE_MS = 15 * 60_000;
/** Guard timers re-check at least this often, far below setTimeout's 2^31 ms ceiling. */
const MAX_GUARD_DELAY_MS = 86_400_000;
const DEFAULT_RELOAD_EVERY_MS = 60_000;

export class MissedRunError extends Error {
  constructor(
    readonly projectId: string,
    readonly scheduledFor: Date,
  ) {
    super(`scheduled run of project ${projectId} due at ${scheduledFor.toISOString()} was missed`);
    this.name = 'MissedRunError';
  }
}

interface Job {
  readonly schedule: ProjectSchedule;
  readonly key: string;
  task: ScheduledTask | undefined;
  guard: ReturnType<typeof setTimeout> | undefined;
}

export function createScheduler(deps: SchedulerDeps): Scheduler {
  const reloadEveryMs = deps.reloadEveryMs ?? DEFAULT_RELOAD_EVERY_MS;
  const jobs = new Map<string, Job>();
  /** Local date (in the project's timezone at the time) of each project's last scheduled run. */
  const lastFired = new Map<string, LocalDate>();
  /** Invalid schedules already reported, so a bad row is not reported on every reload. */
  const reportedInvalid = new Map<string, string>();
  let running = false;
  let reloadTimer: ReturnType<typeof setInterval> | undefined;
  let tail: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;

  const report = (err: unknown, projectId?: string): void => {
    try {
      if (deps.onError) deps.onError(err, projectId);
      else console.error('[scheduler]', projectId ?? '', err);
    } catch {
      // An error handler that throws must not take the scheduler down with it.
    }
  };

  /** True when `slot` is exactly when the job is due on its local day and that day has not run yet. */
  const isDue = (job: Job, slot: Date): boolean => {
    const day = localDateOf(slot, job.schedule.timezone);
    const due = dueOnDate(job.schedule, day);
    return due !== null && due.getTime() === slot.getTime() && lastFired.get(job.schedule.projectId) !== day;
  };

  const isCurrent = (job: Job): boolean => running && jobs.get(job.schedule.projectId) === job;

  const callFire = (projectId: string, scheduledFor: Date): void => {
    try {
      Promise.resolve(deps.fire(projectId, new Date(scheduledFor))).catch((err: unknown) =>
        report(err, projectId),
      );
    } catch (err) {
      report(err, projectId);
    }
  };

  const trigger = (job: Job, slot: Date): void => {
    if (!isCurrent(job)) return;
    if (isDue(job, slot)) {
      lastFired.set(job.schedule.projectId, localDateOf(slot, job.schedule.timezone));
      callFire(job.schedule.projectId, slot);
    }
    armGuard(job);
  };

  const missed = (job: Job, slot: Date): void => {
    if (!isCurrent(job)) return;
    if (isDue(job, slot)) report(new MissedRunError(job.schedule.projectId, slot), job.schedule.projectId);
    armGuard(job);
  };

  /** Arm a one-shot timer for our next due instant when node-cron would not trigger at it. */
  function armGuard(job: Job): void {
    clearTimeout(job.guard);
    job.guard = undefined;
    if (!isCurrent(job) || !job.task) return;
    const now = Date.now();
    const due = nextDueAfter(job.schedule, new Date(now));
    if (!due) return;
    const cronNext = job.task.getNextRun();
    if (cronNext && cronNext.getTime() <= due.getTime()) return;
    const timer = setTimeout(
      () => {
        job.guard = undefined;
        const late = Date.now() - due.getTime();
        if (late < 0) armGuard(job);
        else if (late > MISSED_TOLERANCE_MS) missed(job, due);
        else trigger(job, due);
      },
      Math.min(due.getTime() - now, MAX_GUARD_DELAY_MS),
    );
    timer.unref();
    job.guard = timer;
  }

  const createJob = (schedule: ProjectSchedule): Job => {
    const job: Job = { schedule, key: scheduleKey(schedule), task: undefined, guard: undefined };
    const expression = cronExpression(schedule);
    if (!expression) return job;
    const logger: Logger = {
      info: () => {},
      warn: () => {},
      debug: () => {},
      error: (message, err) => report(err ?? message, schedule.projectId),
    };
    const task = cronSchedule(expression, (context) => trigger(job, context.date), {
      name: `answerwatch:schedule:${schedule.projectId}`,
      timezone: schedule.timezone,
      unref: true,
      missedExecutionTolerance: MISSED_TOLERANCE_MS,
      suppressMissedWarning: true,
      logger,
    });
    task.on('execution:missed', (context) => missed(job, context.date));
    job.task = task;
    return job;
  };

  const destroyJob = (projectId: string): void => {
    const job = jobs.get(projectId);
    if (!job) return;
    jobs.delete(projectId);
    clearTimeout(job.guard);
    job.guard = undefined;
    try {
      void job.task?.destroy();
    } catch (err) {
      report(err, projectId);
    }
  };

  const sync = async (): Promise<void> => {
    if (!running) return;
    let loaded: ProjectSchedule[];
    try {
      loaded = await deps.load();
    } catch (err) {
      report(err);
      return;
    }
    if (!running) return;
    // One schedule per project; should load ever repeat a project, the last row wins.
    const schedules = new Map<string, ProjectSchedule>();
    for (const schedule of loaded) schedules.set(schedule.projectId, { ...schedule });

    for (const [projectId, schedule] of schedules) {
      const problem = scheduleProblem(schedule);
      if (problem) {
        destroyJob(projectId);
        const key = JSON.stringify(schedule);
        if (reportedInvalid.get(projectId) !== key) {
          reportedInvalid.set(projectId, key);
          report(new Error(`project ${projectId} has an unusable schedule: ${problem}`), projectId);
        }
        continue;
      }
      reportedInvalid.delete(projectId);
      if (schedule.cadence === 'manual') {
        destroyJob(projectId);
        continue;
      }
      const existing = jobs.get(projectId);
      if (existing && existing.key === scheduleKey(schedule)) {
        // Unchanged: keep the job (and its node-cron timer) so nothing fires twice.
        continue;
      }
      destroyJob(projectId);
      try {
        const job = createJob(schedule);
        jobs.set(projectId, job);
        armGuard(job);
      } catch (err) {
        report(err, projectId);
      }
    }

    for (const projectId of [...jobs.keys()]) if (!schedules.has(projectId)) destroyJob(projectId);
    for (const projectId of [...lastFired.keys()]) if (!schedules.has(projectId)) lastFired.delete(projectId);
    for (const projectId of [...reportedInvalid.keys()]) {
      if (!schedules.has(projectId)) reportedInvalid.delete(projectId);
    }
  };

  /** Reloads run one at a time; calls made while one is waiting to start share it. */
  const refresh = (): Promise<void> => {
    if (queued) return queued;
    const next = tail
      .then(() => {
        queued = null;
        return sync();
      })
      .catch((err: unknown) => report(err));
    queued = next;
    tail = next;
    return next;
  };

  return {
    async start() {
      if (running) return refresh();
      running = true;
      await refresh();
      if (running && !reloadTimer) {
        reloadTimer = setInterval(() => void refresh(), reloadEveryMs);
        reloadTimer.unref();
      }
    },
    refresh,
    stop() {
      running = false;
      clearInterval(reloadTimer);
      reloadTimer = undefined;
      for (const projectId of [...jobs.keys()]) destroyJob(projectId);
    },
  };
}
