/** What the pages share: the chosen account, and small caches of a project's descriptions. */
import { api, local, seg, signedInAsPerson } from './api.ts';
import type {
  Capabilities,
  Engine,
  LocalAccount,
  Page,
  Project,
  ProjectWithHost,
  Readiness,
} from './types.ts';

export const state = {
  accounts: [] as LocalAccount[],
  accountId: null as string | null,
};

const projects = new Map<string, Project>();
const brands = new Map<string, ProjectWithHost>();
const engines = new Map<string, Engine[]>();

export function resetCaches(): void {
  projects.clear();
  brands.clear();
  engines.clear();
}

export async function getProject(projectId: string, fresh = false): Promise<Project> {
  const cached = projects.get(projectId);
  if (cached && !fresh) return cached;
  const project = await api.get<Project>(`/projects/${seg(projectId)}`);
  projects.set(projectId, project);
  return project;
}

export function rememberProject(project: Project): void {
  projects.set(project.id, project);
}

/**
 * The project with its brand terms and domains: from the owner endpoint on `start`, from /v1 (where they are an
 * extension of the project) for a signed-in person.
 */
export async function getBrand(projectId: string, fresh = false): Promise<ProjectWithHost> {
  const cached = brands.get(projectId);
  if (cached && !fresh) return cached;
  const project = signedInAsPerson()
    ? await api.get<ProjectWithHost>(`/projects/${seg(projectId)}`)
    : await local.get<ProjectWithHost>(`/accounts/${seg(state.accountId ?? '')}/projects/${seg(projectId)}`);
  brands.set(projectId, project);
  projects.set(projectId, project);
  return project;
}

export function rememberBrand(project: ProjectWithHost): void {
  brands.set(project.id, project);
  projects.set(project.id, project);
}

/** The brand's names as answers are scored with them: the project name and its brand terms. */
export function brandNames(project: Pick<ProjectWithHost, 'name' | 'brandTerms'>): string[] {
  return [project.name, ...(project.brandTerms ?? [])];
}

export async function getEngines(projectId: string, fresh = false): Promise<Engine[]> {
  const cached = engines.get(projectId);
  if (cached && !fresh) return cached;
  const list = (await api.get<Page<Engine>>(`/projects/${seg(projectId)}/engines`)).data;
  engines.set(projectId, list);
  return list;
}

export function engineLabels(list: readonly { id: string; label: string }[]): Map<string, string> {
  return new Map(list.map((e) => [e.id, e.label]));
}

export function getCapabilities(projectId: string): Promise<Capabilities> {
  return api.get<Capabilities>(`/projects/${seg(projectId)}/capabilities`);
}

/** Which engines a run started now would ask (extension read), and what the others need. */
export function getReadiness(projectId: string, signal?: AbortSignal): Promise<Readiness> {
  return api.get<Readiness>(`/projects/${seg(projectId)}/readiness`, undefined, signal);
}

export const isLocalFetch = (engineId: string) => engineId.endsWith('-local-fetch');
