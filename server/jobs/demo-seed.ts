/**
 * The whole demo: a project with its imported history (createDemoProject), then a week of its daily scheduled
 * runs worked through the real run path (the demo engines answer, the real judge judges with the demo's model,
 * each run ends as any run does), so its run history, failures, drift verdicts and alerts are the ones that path
 * makes. A demo webhook subscribes to the alert events first, as alerts are raised for subscribers only.
 */
import { SUBSCRIBABLE_EVENTS } from '../contract/webhooks.ts';
import { addDays, isoDay, type Clock } from '../domain/clock.ts';
import { createDemoProject, type DemoOptions, type DemoProject } from '../domain/demo-data.ts';
import type { Services } from '../domain/context.ts';
import { demoEngines } from '../domain/demo-engines.ts';
import { demoJudge } from '../domain/demo-judge.ts';
import { newId } from '../domain/ids.ts';
import { importAnswers } from '../domain/import-answers.ts';
import { DEFAULT_PLANS, findPlan, type Plan } from '../domain/plans.ts';
import { createDemoAccount, scheduleOff } from '../domain/first-run.ts';
import { beginCloudRun, finishRun, runAnswerGroups } from '../domain/run-lifecycle.ts';
import type { SecretBox } from '../domain/secret-box.ts';
import { newWebhookSecret } from '../domain/webhook-signature.ts';
import type { Store } from '../store/index.ts';
import { projectJudge } from './answer-judge.ts';
import { executeCloudRun } from './cloud-run.ts';

/** Days of daily runs at the end of the period, when the period is long enough to have history before them. */
export const DEMO_RUN_DAYS = 7;
/** Share of answers with a signed-in browser twin in `answerwatch demo seed` (the API vs app page). */
export const DEMO_BROWSER_TWINS = 0.15;
/** The runs' scheduled time of day (the demo's tracking settings say 06:00 UTC). */
const RUN_TIME = 'T06:00:00.000Z';
/** Each reading of a run's clock moves it on, as a run takes time. */
const STEP_MS = 750;
/** How long the seeder holds a demo run it is working: far longer than one takes. */
const RUN_LEASE_MS = 10 * 60_000;
/** A run is seeded only once this long past its start, so none of its answers is later than now. */
const RUN_MS = 15 * 60_000;

export const DEMO_WEBHOOK = {
  url: 'https://hooks.example.com/answerwatch-demo',
  description:
    "The demo's webhook: it subscribed to every event so the demo's runs raised their alerts. Its address is an " +
    'example, so it is turned off and sends nothing: register your own receiver to get events.',
  /** Above the defaults: a run of the demo asks each engine about 17 times, and smaller moves are mostly noise. */
  thresholds: { mentionRateChange: 0.25, citationRateChange: 0.2, shareOfVoiceLead: 0.2 },
};

export interface DemoSeedOptions extends DemoOptions {
  /** Seals the demo webhook's signing secret; without it there is no demo webhook, so the runs raise no alerts. */
  secrets: SecretBox | null;
  /** Public base address ending in /v1, for the links in run and alert events. */
  baseUrl: string;
}

export interface DemoSeed {
  projectId: string;
  /** Answers stored: imported ones and the runs'. */
  answers: number;
  runs: { completed: number; failed: number };
  /** The demo webhook that receives the runs' alerts, or null when no sealing key was given. */
  webhookId: string | null;
}

/** A clock that starts at `at` and moves on STEP_MS at each reading. */
function runClock(at: string): Clock {
  let t = Date.parse(at);
  return { now: () => new Date((t += STEP_MS) - STEP_MS) };
}

async function createDemoWebhook(store: Store, projectId: string, secrets: SecretBox, at: string) {
  const id = newId('whk');
  await store.webhooks.create({
    id,
    projectId,
    url: DEMO_WEBHOOK.url,
    events: JSON.stringify(SUBSCRIBABLE_EVENTS),
    description: DEMO_WEBHOOK.description,
    thresholds: JSON.stringify(DEMO_WEBHOOK.thresholds),
    secretSealed: secrets.seal(newWebhookSecret()),
    createdAt: at,
  });
  return id;
}

/** One scheduled run of the demo at `at`, from its request to its end; answers its status and answers. */
async function demoRun(
  store: Store,
  demo: DemoProject,
  o: { days: number; lastDay: string; baseUrl: string; now: Date },
  at: string,
) {
  // The demo's runs ask its engines as a managed plan does, all in the cloud; they hold and charge no units.
  const plan = findPlan('premium', DEFAULT_PLANS)!;
  const clock = runClock(at);
  const requestId = newId('rrq');
  const prompts = await store.prompts.activeForRun(demo.projectId);
  await store.runRequests.create({
    id: requestId,
    projectId: demo.projectId,
    source: 'schedule',
    trigger: 'scheduled',
    status: 'queued',
    mode: 'cloud',
    idempotencyKey: null,
    bodyHash: null,
    samplesPerPrompt: 1,
    promptCount: prompts.length,
    estimatedUnits: 0,
    heldPeriodUnits: 0,
    heldPrepaidUnits: 0,
    warning: null,
    createdAt: clock.now().toISOString(),
    cloudNeeded: true,
    hostNeeded: false,
    scheduleSlot: at,
    // A service running on the same database must not take the demo's run to its own (real) engines.
    lease: { owner: 'demo-seed', until: new Date(o.now.getTime() + RUN_LEASE_MS).toISOString() },
  });
  const request = (await store.runRequests.byId(requestId))!;
  const started = (await beginCloudRun(store, clock, request, plan))!;
  const engines = demoEngines(plan.engineIds, { ...demo, ...o, clock });
  const judge = projectJudge(store, demoJudge());
  const deps = { store, clock, engines, judge, answers: runAnswerGroups(store) };
  const outcome = await executeCloudRun(deps, request, started, plan, new AbortController().signal);
  const run = await finishRun(store, clock, o.baseUrl, request, 'cloud', started.run.id, outcome);
  return { status: run.status, answers: run.answer_count };
}

/**
 * Seeds the demo into the account: the project and its imported answers, then (when the period has more than a
 * week) its daily runs of the last week up to now; a run due later today has not run yet.
 */
export async function seedDemoProject(
  store: Store,
  clock: Clock,
  options: DemoSeedOptions,
): Promise<DemoSeed> {
  const days = options.days ?? 30;
  const runDays = days > DEMO_RUN_DAYS ? DEMO_RUN_DAYS : 0;
  const demo = await createDemoProject(store, clock, { ...options, trackedDays: runDays });
  const now = clock.now();
  const lastDay = isoDay(now);
  // Registered the day before the first run, which it then hears about.
  const registered = runDays > 0 ? `${addDays(lastDay, -runDays)}T12:00:00.000Z` : now.toISOString();
  const webhookId = options.secrets
    ? await createDemoWebhook(store, demo.projectId, options.secrets, registered)
    : null;
  const imported = await importAnswers(store, clock, demo.projectId, demo.lines);
  const seed: DemoSeed = {
    projectId: demo.projectId,
    answers: imported.imported,
    runs: { completed: 0, failed: 0 },
    webhookId,
  };
  for (let daysLeft = runDays - 1; daysLeft >= 0; daysLeft--) {
    const at = `${addDays(lastDay, -daysLeft)}${RUN_TIME}`;
    if (Date.parse(at) + RUN_MS > now.getTime()) break;
    const run = await demoRun(store, demo, { days, lastDay, baseUrl: options.baseUrl, now }, at);
    seed.answers += run.answers;
    if (run.status === 'completed') seed.runs.completed++;
    else seed.runs.failed++;
  }
  // Its address is an example: turned off once the runs raised their alerts, so no service ever tries to reach it.
  if (webhookId) await turnOffDemoWebhook(store, webhookId);
  return seed;
}

async function turnOffDemoWebhook(store: Store, webhookId: string): Promise<void> {
  await store.transaction(async (tx) => {
    await tx.webhooks.turnOff(webhookId);
    await tx.webhooks.failPending(webhookId);
  });
}

/** The web UI's one-click demo: an account named Demo with the whole demo seeded into it, its schedule off. */
export async function seedDemoAccount(
  s: Services,
  plans: readonly Plan[],
): Promise<{ accountId: string; projectId: string }> {
  const accountId = await createDemoAccount(s, plans);
  const { projectId } = await seedDemoProject(s.store, s.clock, {
    accountId,
    browserTwins: DEMO_BROWSER_TWINS,
    secrets: s.secrets,
    baseUrl: s.baseUrl,
  });
  await scheduleOff(s, projectId);
  return { accountId, projectId };
}
