import { expect } from 'vitest';
import type { FakeEngineOptions } from '../fakes/engines/index.ts';
import { createProject, manualTracking } from './fixtures.ts';
import { createRunHarness, type RunHarness } from './run-harness.ts';

/**
 * The run executor's tests (run-executor.test.ts, run-judge.test.ts): a premium account with 1,000 units, the
 * project Acme tracking the given engines, one competitor, and `prompts` prompts in the topic `tools`. The bindings
 * are live: read them after `setUp`.
 */
export let h: RunHarness;
export let key: string;
export let accountId: string;
export let projectId: string;

export async function setUp(
  engineIds: string[],
  prompts = 2,
  opts: { fakes?: FakeEngineOptions; env?: Record<string, string> } = {},
) {
  h = await createRunHarness(opts);
  ({ key, accountId } = await h.account('premium'));
  await h.store.accounts.update(accountId, { remainingUnits: 1000, prepaidCredits: 0 });
  projectId = (
    await createProject(h.store, accountId, {
      name: 'Acme',
      websiteUrl: 'https://acme.example',
      brandTerms: [],
      brandDomains: [],
      tracking: manualTracking(engineIds),
    })
  ).id;
  const competitors = await h.write('PUT', `/v1/projects/${projectId}/competitors`, key, [
    { name: 'Globex', domain: 'globex.example' },
  ]);
  expect(competitors.statusCode).toBe(200);
  for (let i = 0; i < prompts; i += 1) {
    const r = await h.write('POST', `/v1/projects/${projectId}/prompts`, key, {
      text: `best project tool number ${i}`,
      engineIds,
      topicIds: ['tools'],
    });
    expect(r.statusCode).toBe(201);
  }
}

export const json = async (url: string) => (await h.get(url, key)).json();
export const startRun = (body?: unknown) =>
  h.write('POST', `/v1/projects/${projectId}/run-requests`, key, body);
export const balance = async () => (await h.store.accounts.get(accountId))!.remainingUnits;
