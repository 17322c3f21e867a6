import { newId } from '../../server/domain/ids.ts';
import type { Store } from '../../server/store/index.ts';
import type { ProjectRecord } from '../../server/store/repositories/projects.ts';

/** A project written straight through the repositories, for tests that read. */
export async function createProject(
  store: Store,
  accountId: string,
  over: Partial<ProjectRecord> & { createdAt?: string } = {},
): Promise<ProjectRecord> {
  const project: ProjectRecord = {
    id: newId('prj'),
    accountId,
    name: 'Acme',
    websiteUrl: 'https://acme.com',
    brandTerms: ['Acme Corp'],
    brandDomains: ['acme.io'],
    hostId: null,
    tracking: {
      engineIds: ['chatgpt', 'gemini'],
      cadence: 'daily',
      timeOfDay: '09:00',
      weeklyDay: 'monday',
      timezone: 'UTC',
      samplesPerPrompt: 1,
    },
    latestRunAt: null,
    createdAt: new Date().toISOString(),
    ...over,
  };
  await store.projects.create(project);
  return project;
}
