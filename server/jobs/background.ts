import { createCloudEngines, createTextModel, loadCloudConfig } from '../../engines/cloud/index.ts';
import {
  createClaimReader,
  createActionsSummarizer,
  createJudge,
  type ActionsSummarizer,
  judgeEngineFrom,
  type ClaimReader,
} from '../../engines/judge/index.ts';
import type { AnswerEngine } from '../../engines/types.ts';
import type { Clock } from '../domain/clock.ts';
import { createServices, type Services, type Signals, type WebhookPort } from '../domain/context.ts';
import type { SecretBox } from '../domain/secret-box.ts';
import type { Plan } from '../domain/plans.ts';
import { startScheduledRun } from '../domain/start-run.ts';
import { createMailSender } from '../mail/sender.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { Store } from '../store/index.ts';
import { projectJudge } from './answer-judge.ts';
import { createReportDigestJob } from './report-digests.ts';
import type { AnswerJudge } from './cloud-run.ts';
import { createRunExecutor, type JobLog } from './run-executor.ts';
import { cpuPartsFile } from './cpu-parts.ts';
import { createScheduler, type ProjectSchedule } from './scheduler.ts';
import { createSiteClaimsJob } from './site-claims.ts';
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
  /** What reads claims from crawled brand pages; default: the same judge model, if any. */
  claimReader?: ClaimReader | null;
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

/** The judge's model from the environment (ANSWERWATCH_JUDGE), if any: it judges answers and reads site claims. */
function judgeModelFromEnv(env: NodeJS.ProcessEnv) {
  const choice = judgeEngineFrom(env);
  return choice && createTextModel(loadCloudConfig(env), choice.engineId, choice.model ?? undefined);
}

function judgeFromEnv(store: Store, env: NodeJS.ProcessEnv, log: JobLog): AnswerJudge | null {
  const model = judgeModelFromEnv(env);
  if (!model) return null;
  const judge = createJudge(model, {
    onNoVerdict: (e) => log.warn({ judge: e.modelId, reason: e.reason }, 'no verdict from the judge'),
  });
  return projectJudge(store, judge);
}

function summarizerFromEnv(env: NodeJS.ProcessEnv, log: JobLog): ActionsSummarizer | null {
  const model = judgeModelFromEnv(env);
  if (!model) return null;
  return createActionsSummarizer(model, {
    onNoSummary: (e) => log.warn({ judge: e.modelId, reason: e.reason }, 'no actions summary from the judge'),
  });
}

function claimReaderFromEnv(env: NodeJS.ProcessEnv, log: JobLog): ClaimReader | null {
  const model = judgeModelFromEnv(env);
  if (!model) return null;
  return createClaimReader(model, {
    onNoClaims: (e) => log.warn({ judge: e.modelId, reason: e.reason }, 'no site claims from the judge'),
  });
}

/**
 * The run executor, the schedule, the webhook deliverer, the mail sender and, with a judge, the reader of site
 * claims: what runs besides the HTTP API.
 */
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
  // Where storing a run's answers spends its CPU, written at each run's end for `npm run bench` and profiling.
  const cpuParts = env.ANSWERWATCH_PROFILE_PARTS ? cpuPartsFile(env.ANSWERWATCH_PROFILE_PARTS) : undefined;
  const executor = createRunExecutor({
    store: o.store,
    clock: o.clock,
    plans: o.plans,
    engines: o.engines ?? createCloudEngines(loadCloudConfig(env)),
    judge: o.judge === undefined ? judgeFromEnv(o.store, env, o.log) : o.judge,
    summarizer: o.judge === null ? null : summarizerFromEnv(env, o.log),
    log: o.log,
    leaseMs: o.leaseMs,
    pollMs: o.pollMs,
    baseUrl: o.baseUrl,
    cpuParts,
    onRunEnded: () => {
      deliverer.kick();
      cpuParts?.write();
    },
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
  const claimReader = o.claimReader === undefined ? claimReaderFromEnv(env, o.log) : o.claimReader;
  const siteClaims =
    claimReader && createSiteClaimsJob({ store: o.store, clock: o.clock, reader: claimReader, log: o.log });
  // The digests render reports, which read through the services; made once, at the first look.
  let services: Promise<Services> | undefined;
  const digests = createReportDigestJob({
    services: () =>
      (services ??= createServices({
        store: o.store,
        clock: o.clock,
        baseUrl: o.baseUrl,
        secrets: o.secrets,
        webhooks: deliverer,
        signals,
      })),
    plans: o.plans,
    log: o.log,
    pollMs: o.pollMs,
  });
  const signals: Signals = {
    runRequested: () => executor.kick(),
    trackingChanged: () => void scheduler.refresh(),
    runEnded: () => {
      deliverer.kick();
      // A digest waiting for the project's runs to end may go now.
      digests.kick();
    },
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
  siteClaims?.start();
  digests.start();
  await scheduler.start();
  return {
    signals,
    webhooks: deliverer,
    async idle() {
      await executor.idle();
      await deliverer.idle();
      await mailer?.idle();
      await siteClaims?.idle();
      await digests.idle();
    },
    async tick() {
      executor.kick();
      digests.kick();
      await digests.idle();
      deliverer.kick();
      mailer?.kick();
      siteClaims?.kick();
      await executor.idle();
      await deliverer.idle();
      await mailer?.idle();
      await siteClaims?.idle();
    },
    async stop() {
      scheduler.stop();
      await executor.stop();
      await deliverer.stop();
      await mailer?.stop();
      await siteClaims?.stop();
      await digests.stop();
      (await services)?.reads.close();
    },
  };
}
