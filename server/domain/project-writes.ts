import type { ProjectRecord } from '../store/repositories/projects.ts';
import { readableProject } from './access.ts';
import type { Caller, Services } from './context.ts';
import { cleanDomain } from './domain-names.ts';
import { AppError, notFound } from './errors.ts';
import { hostView } from './host-view.ts';
import { newId } from './ids.ts';
import { projectResource } from './projects.ts';

export interface ProjectInput {
  name?: string;
  websiteUrl?: string;
  brandTerms?: string[];
  brandDomains?: string[];
}

/** What a new project tracks until its owner chooses: the three most asked answer engines the plan allows. */
const DEFAULT_ENGINES = ['chatgpt', 'gemini', 'perplexity'];

const NO_HOST_WARNING =
  'No host computer could be copied from another project: pair one before tracking local-fetch engines.';

const cleanDomains = (list: readonly string[]) => [
  ...new Set(list.map((raw) => cleanDomain('brandDomains', raw))),
];

const cleanTerms = (list: readonly string[]) => [...new Set(list.map((t) => t.trim()))];

/** The project as create and update answer it: with its host and its brand terms and domains. */
export async function withHost(s: Services, project: ProjectRecord, warning: string | null) {
  const view = await s.store.projects.getView(project.id);
  if (!view) throw notFound('project');
  const host = project.hostId ? await s.store.hosts.get(project.hostId) : undefined;
  return {
    ...projectResource(view),
    host: hostView(host, s.clock.now()),
    warning,
    brandTerms: view.brandTerms,
    brandDomains: view.brandDomains,
  };
}

/** A new project's record, not yet stored: tracking `engineIds` (default: the plan's first cloud engines), manual. */
export function newProjectRecord(
  s: Pick<Services, 'clock'>,
  caller: Pick<Caller, 'accountId' | 'plan'>,
  input: Required<Pick<ProjectInput, 'name' | 'websiteUrl'>> & ProjectInput,
  hostId: string | null,
  engineIds = DEFAULT_ENGINES.filter((id) => caller.plan.engineIds.includes(id)),
): ProjectRecord {
  return {
    id: newId('prj'),
    accountId: caller.accountId,
    name: input.name,
    websiteUrl: input.websiteUrl,
    brandTerms: cleanTerms(input.brandTerms ?? []),
    brandDomains: cleanDomains(input.brandDomains ?? []),
    hostId,
    tracking: {
      engineIds,
      cadence: 'manual',
      timeOfDay: '09:00',
      weeklyDay: 'monday',
      timezone: 'UTC',
      samplesPerPrompt: 1,
    },
    latestRunAt: null,
    createdAt: s.clock.now().toISOString(),
  };
}

/**
 * A new project starts with the account's host device when another project has one (else a warning says so),
 * the plan's first cloud engines, and the schedule off until someone sets one. No site crawl is started.
 */
export async function createProject(
  s: Services,
  caller: Caller,
  input: Required<Pick<ProjectInput, 'name' | 'websiteUrl'>> & ProjectInput,
) {
  const { maxProjects } = caller.plan.limits;
  if (maxProjects !== null && (await s.store.projects.countByAccount(caller.accountId)) >= maxProjects) {
    throw new AppError(
      'plan_limit',
      `The ${caller.plan.code} plan allows at most ${maxProjects} projects (maxProjects).`,
    );
  }
  const hostId = await s.store.projects.latestHostId(caller.accountId);
  const project = newProjectRecord(s, caller, input, hostId);
  await s.store.transaction(async (tx) => {
    await tx.projects.create(project);
    // A key limited to some projects can read the projects it creates.
    if (caller.projectIds) await tx.apiKeys.addProject(caller.keyId, project.id);
  });
  return withHost(s, project, hostId ? null : NO_HOST_WARNING);
}

/** Only the fields sent change; brand terms and domains sent replace the whole list. */
export async function updateProject(s: Services, caller: Caller, projectId: string, input: ProjectInput) {
  const project = await readableProject(s, caller, projectId);
  await s.store.projects.update(projectId, {
    name: input.name,
    websiteUrl: input.websiteUrl,
    brandTerms: input.brandTerms && cleanTerms(input.brandTerms),
    brandDomains: input.brandDomains && cleanDomains(input.brandDomains),
  });
  return withHost(s, project, null);
}
