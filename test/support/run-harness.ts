import { createCloudEngines, LimiterRegistry, loadCloudConfig } from '../../engines/cloud/index.ts';
import { randomBytes } from 'node:crypto';
import { NO_SIGNALS, type Signals, type WebhookPort } from '../../server/domain/context.ts';
import { createSecretBox } from '../../server/domain/secret-box.ts';
import type { WebhookNetOptions } from '../../server/jobs/webhook-network.ts';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import { startBackgroundJobs, type BackgroundJobs } from '../../server/jobs/background.ts';
import type { JobLog } from '../../server/jobs/run-executor.ts';
import { startFakeEngines, type FakeEngineOptions, type FakeEngines } from '../fakes/engines/index.ts';
import type { TestClock } from './api-harness.ts';
import { BASE, createHarness, testResolver, type Harness } from './api-harness.ts';

export interface RunHarness extends Harness {
  fakes: FakeEngines;
  jobs: BackgroundJobs;
  logged: { level: string; msg: string; obj: object }[];
}

/**
 * The API in-process with its background jobs (run executor and schedule), the real cloud adapters pointed at
 * fake engines on 127.0.0.1, and fast retries. `env` adds settings such as ANSWERWATCH_JUDGE.
 */
export async function createRunHarness(
  opts: {
    fakes?: FakeEngineOptions;
    env?: Record<string, string>;
    clock?: TestClock;
    webhookNet?: WebhookNetOptions;
  } = {},
): Promise<RunHarness> {
  const fakes = await startFakeEngines(opts.fakes);
  const env = { ANSWERWATCH_JUDGE: 'off', ANSWERWATCH_ENGINE_TIMEOUT_MS: '5000', ...fakes.env, ...opts.env };
  // The app is built before the jobs it signals; these forward to the jobs once they exist.
  const late: { signals: Signals; webhooks?: WebhookPort } = { signals: NO_SIGNALS };
  const signals: Signals = {
    runRequested: () => late.signals.runRequested(),
    trackingChanged: () => late.signals.trackingChanged(),
    runEnded: () => late.signals.runEnded(),
    mailQueued: () => late.signals.mailQueued(),
  };
  const webhooks: WebhookPort = {
    vetUrl: (url) => late.webhooks!.vetUrl(url),
    deliverNow: (id) => late.webhooks!.deliverNow(id),
  };
  const secrets = createSecretBox(randomBytes(32));
  const webhookNet = opts.webhookNet ?? { allowPrivate: false, resolve: testResolver() };
  const h = await createHarness({ signals, clock: opts.clock, secrets, webhooks });
  const logged: RunHarness['logged'] = [];
  const record =
    (level: string) =>
    (obj: object, msg: string): void => {
      logged.push({ level, msg, obj });
    };
  const log: JobLog = { info: record('info'), warn: record('warn'), error: record('error') };
  const jobs = await startBackgroundJobs({
    store: h.store,
    clock: h.clock,
    plans: DEFAULT_PLANS,
    log,
    env,
    engines: createCloudEngines(loadCloudConfig(env), {
      limiters: new LimiterRegistry(),
      backoffBaseMs: 5,
      backoffMaxMs: 20,
      maxRetryAfterMs: 50,
    }),
    pollMs: 50,
    baseUrl: BASE,
    secrets,
    webhookNet,
  });
  late.signals = jobs.signals;
  late.webhooks = jobs.webhooks;
  return {
    ...h,
    fakes,
    jobs,
    logged,
    async close() {
      await jobs.stop();
      await h.close();
      await fakes.close();
    },
  };
}
