import { rawDb } from './raw-db.ts';
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

/** A host computer of the account, last seen at `lastSeenAt` (null: never), written straight to the database. */
export async function createHost(
  dbPath: string,
  accountId: string,
  lastSeenAt: string | null,
  id = newId('hst'),
): Promise<string> {
  const db = rawDb(dbPath);
  try {
    await db
      .insertInto('hosts')
      .values({
        id,
        account_id: accountId,
        device_label: 'Ada’s laptop',
        token_hash: null,
        agent_version: '1.0.0',
        engine_ids: '[]',
        last_seen_at: lastSeenAt,
        created_at: new Date().toISOString(),
      })
      .execute();
  } finally {
    await db.destroy();
  }
  return id;
}

/** Tracking of these engines with the schedule off, so that a test's runs are the only ones. */
export const manualTracking = (engineIds: string[]): ProjectRecord['tracking'] => ({
  engineIds,
  cadence: 'manual',
  timeOfDay: '09:00',
  weeklyDay: 'monday',
  timezone: 'UTC',
  samplesPerPrompt: 1,
});
