import { createCloudEngines, createTextModel, loadCloudConfig } from '../../engines/cloud/index.ts';
import { createJudge, judgeEngineFrom } from '../../engines/judge/index.ts';
import type { AnswerEngine } from '../../engines/types.ts';
import type { Clock } from '../domain/clock.ts';
import type { Signals, WebhookPort } from '../domain/context.ts';
import type { SecretBox } from '../domain/secret-box.ts';
import type { Plan } from '../domain/plans.ts';
import { startScheduledRun } from '../domain/start-run.ts';
import { createMailSender } from '../mail/sender.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { Store } from '../store/index.ts';
import { projectJudge } from './answer-judge.ts';
import type { AnswerJudge } from './cloud-run.ts';
import { createRunExecutor, type JobLog } from './run-executor.ts';
import { createScheduler, type ProjectSchedule } from './scheduler.ts';
import { createWebhookDeliverer } from './webhook-deliverer.ts';
import { createWebhookNetwork, type WebhookNetOptions } from './webhook-network.ts';

export interface BackgroundOptions {
  store: Store;
  clock: Clock;
  plans: readonly Plan[];
  log: JobLog;
  env?: NodeJS.ProcessEnv;
  /** Default: the cloud engines configured in the environment. */
  engines?: ReadonlyMap<string, AnswerEngine>;
  /** Default: the judge configured in the environment (ANSWERWATCH_JUDGE), if any. */
  judge?: AnswerJudge | null;
  leaseMs?: number;
  pollMs?: number;
  /** Public base address ending in /v1, for the links in events. */
  baseUrl: string;
  secrets: SecretBox;
  webhookNet: WebhookNetOptions;
  webhookLeaseMs?: number;
  /**
   * Where queued mail goes, and how long an attempt is owned. Default none: mail waits in the outbox (`serve`
   * without SMTP settings, whose sign-up refuses to start when it would need mail).
   */
  mail?: { transport: MailTransport; leaseMs: number } | null;
}

export interface BackgroundJobs {
  signals: Signals;
  webhooks: WebhookPort;
  /** Resolves once no run request is being worked or waiting to be claimed. */
  idle(): Promise<void>;
  /** Looks for due work now (runs, deliveries, mail) and waits until it is done: for tests that move the clock. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

function judgeFromEnv(store: Store, env: NodeJS.ProcessEnv, log: JobLog): AnswerJudge | null {
  const choice = judgeEngineFrom(env);
  const model = choice && createTextModel(loadCloudConfig(env), choice.engineId, choice.model ?? undefined);
  if (!model) return null;
  const judge = createJudge(model, {
    onNoVerdict: (e) => log.warn({ judge: e.modelId, reason: e.reason }, 'no verdict from the judge'),
  });
  return projectJudge(store, judge);
}

/** The run executor, the schedule, the webhook deliverer and the mail sender: what runs besides the HTTP API. */
export async function startBackgroundJobs(o: BackgroundOptions): Promise<BackgroundJobs> {
  const env = o.env ?? process.env;
  const deliverer = createWebhookDeliverer({
    store: o.store,
    clock: o.clock,
    secrets: o.secrets,
    log: o.log,
    pollMs: o.pollMs,
    leaseMs: o.webhookLeaseMs,
    ...createWebhookNetwork(o.webhookNet),
  });
  const executor = createRunExecutor({
    store: o.store,
    clock: o.clock,
    plans: o.plans,
    engines: o.engines ?? createCloudEngines(loadCloudConfig(env)),
    judge: o.judge === undefined ? judgeFromEnv(o.store, env, o.log) : o.judge,
    log: o.log,
    leaseMs: o.leaseMs,
    pollMs: o.pollMs,
    baseUrl: o.baseUrl,
    onRunEnded: () => deliverer.kick(),
  });
  const mailer =
    o.mail &&
    createMailSender({
      store: o.store,
      clock: o.clock,
      secrets: o.secrets,
      transport: o.mail.transport,
      leaseMs: o.mail.leaseMs,
      log: o.log,
      pollMs: o.pollMs,
    });
  const signals: Signals = {
    runRequested: () => executor.kick(),
    trackingChanged: () => void scheduler.refresh(),
    runEnded: () => deliverer.kick(),
    mailQueued: () => mailer?.kick(),
  };
  const scheduler = createScheduler({
    load: async () => (await o.store.projects.schedules()) as ProjectSchedule[],
    fire: async (projectId, scheduledFor) => {
      const outcome = await startScheduledRun(
        { store: o.store, clock: o.clock, signals },
        projectId,
        o.plans,
        scheduledFor,
      );
      o.log.info({ projectId, scheduledFor, ...outcome }, 'scheduled run');
    },
    onError: (err, projectId) => o.log.error({ err, projectId }, 'schedule error'),
  });
  executor.start();
  deliverer.start();
  mailer?.start();
  await scheduler.start();
  return {
    signals,
    webhooks: deliverer,
    async idle() {
      await executor.idle();
      await deliverer.idle();
      await mailer?.idle();
    },
    async tick() {
      executor.kick();
      deliverer.kick();
      mailer?.kick();
      await executor.idle();
      await deliverer.idle();
      await mailer?.idle();
    },
    async stop() {
      scheduler.stop();
      await executor.stop();
      await deliverer.stop();
      await mailer?.stop();
    },
  };
}
