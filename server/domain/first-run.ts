import { ENGINES, engineLabel, isLocalFetch } from '../../engines/catalog.ts';
import { promptTextKey } from '../store/repositories/prompts.ts';
import { newAccountRecord } from './accounts.ts';
import { mergeCompetitors } from './competitor-writes.ts';
import type { Services } from './context.ts';
import { allowedEngineIds, checkEngineIds } from './engine-filter.ts';
import { AppError, invalid } from './errors.ts';
import { findPlan, runsOnFor, type Plan } from './plans.ts';
import { newProjectRecord } from './project-writes.ts';
import { newPromptRecord } from './prompt-writes.ts';
import { engineProblem, type EngineSupply } from './readiness.ts';

export interface FirstRunInput {
  plan: string;
  accountName?: string;
  name: string;
  websiteUrl: string;
  brandTerms?: string[];
  brandDomains?: string[];
  competitors?: { name: string; domain?: string | null }[];
  prompts: string[];
  engineIds: string[];
}

/** What a new project tracks when nothing on this machine can run yet: the most asked engines of the plan. */
const USUAL_ENGINES = ['chatgpt', 'gemini', 'perplexity'];

/** The plans a person picks from on a fresh machine: those with API access (a free plan's owner has no keys). */
const offered = (plans: readonly Plan[]) => plans.filter((p) => p.apiAccess);

/** Managed plans run in this service: the first such plan is what a person gets without choosing. */
function defaultPlan(plans: readonly Plan[]): Plan {
  const choice = offered(plans);
  const pick = choice.find((p) => p.code === 'premium') ?? choice[0] ?? plans[0];
  if (!pick) throw new AppError('internal', 'The plan catalogue is empty.');
  return pick;
}

/** Where an engine would run on a new project of the plan, and whether it could run now, in a sentence. */
function engineReadiness(plan: Plan, supply: EngineSupply, id: string, now: Date) {
  const runsOn = runsOnFor(plan, id);
  if (runsOn === 'cloud') {
    const problem = engineProblem(id, plan, supply, undefined, now);
    return {
      runsOn,
      ready: problem === null,
      note: problem ? problem.fix : 'The service has its key.',
    };
  }
  const note = isLocalFetch(id)
    ? 'Runs in a browser on this computer: sign in to it once on the Engines page.'
    : id === 'ollama'
      ? 'Runs on a local Ollama model on this computer.'
      : 'Runs on this computer with your own key: add it on the Engines page.';
  return { runsOn, ready: false, note };
}

/**
 * The plans a fresh machine offers, each with its engines, where they run and whether they could run now; the
 * engines suggested for a first project are those ready now, else the usual three.
 */
export function firstRunPlans(s: Pick<Services, 'clock'>, plans: readonly Plan[], supply: EngineSupply) {
  const now = s.clock.now();
  const data = offered(plans).map((plan) => {
    const engines = ENGINES.filter((e) => plan.engineIds.includes(e.id)).map((e) => ({
      id: e.id,
      label: engineLabel(e.id),
      ...engineReadiness(plan, supply, e.id, now),
    }));
    const ready = engines.filter((e) => e.ready).map((e) => e.id);
    return {
      code: plan.code,
      accessMode: plan.accessMode,
      unitsPerPeriod: plan.unitsPerPeriod,
      engines,
      suggestedEngineIds:
        ready.length > 0 ? ready : USUAL_ENGINES.filter((id) => plan.engineIds.includes(id)),
    };
  });
  return { data, defaultPlan: defaultPlan(plans).code };
}

/** Prompts as typed, each once: the same text ignoring case and spacing is the same prompt, as the API says. */
function distinctPrompts(texts: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const text of texts) if (!seen.has(promptTextKey(text))) seen.set(promptTextKey(text), text.trim());
  return [...seen.values()];
}

/**
 * A fresh machine's first account and first project (brand, competitors, prompts, engines), checked whole before
 * anything is written and written in one transaction: a refusal leaves nothing behind.
 */
export async function firstRun(s: Services, plans: readonly Plan[], input: FirstRunInput) {
  const account = newAccountRecord(s.clock, { plan: input.plan, name: input.accountName }, plans);
  const plan = findPlan(account.plan, plans)!;
  if (!plan.apiAccess) throw invalid(`plan: the ${plan.code} plan is not offered here`);
  const engineIds = allowedEngineIds(plan, 'engineIds', checkEngineIds(input.engineIds) ?? []);
  const prompts = distinctPrompts(input.prompts);
  const { maxPrompts } = plan.limits;
  if (maxPrompts !== null && prompts.length > maxPrompts) {
    throw new AppError(
      'plan_limit',
      `The ${plan.code} plan allows at most ${maxPrompts} prompts a project (maxPrompts).`,
    );
  }
  const caller = { accountId: account.id, plan };
  const project = newProjectRecord(s, caller, input, null, engineIds);
  const competitors = mergeCompetitors(plan, input.competitors ?? []);
  await s.store.transaction(async (tx) => {
    await tx.accounts.create(account);
    await tx.projects.create(project);
    await tx.competitors.replace(project.id, competitors);
    for (const text of prompts) {
      await tx.prompts.create(newPromptRecord(project.id, text, engineIds, [], project.createdAt));
    }
  });
  return { accountId: account.id, projectId: project.id };
}

/** The account a one-click demo is seeded into: named Demo, on the default plan. */
export async function createDemoAccount(s: Services, plans: readonly Plan[]): Promise<string> {
  const account = newAccountRecord(s.clock, { plan: defaultPlan(plans).code, name: 'Demo' }, plans);
  await s.store.accounts.create(account);
  return account.id;
}

/**
 * A demo made with one click asks no engine by itself (the seeder schedules its project daily, as a real one
 * would be): with keys in the environment that would spend them on made-up prompts. Run now still works.
 */
export async function scheduleOff(s: Services, projectId: string): Promise<void> {
  const { tracking } = (await s.store.projects.get(projectId))!;
  await s.store.projects.updateTracking(projectId, { ...tracking, cadence: 'manual' });
  s.signals.trackingChanged();
}
