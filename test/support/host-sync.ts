/**
 * Shared set-up of the host sync tests (test/api/host-*.test.ts): a run harness with one account and project, a
 * paired host calling /host/v1, and what the host sends. The harness and ids are live bindings, set by setUp.
 */
import { afterEach, expect } from 'vitest';
import { Paired } from '../../server/contract/host-sync.ts';
import { createPairCode } from '../../server/domain/host-pairing.ts';
import { startWebhookReceiver, testCa, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { testResolver } from './api-harness.ts';
import { createProject, manualTracking } from './fixtures.ts';
import { createRunHarness, type RunHarness } from './run-harness.ts';

export let h: RunHarness;
export let receiver: WebhookReceiver | undefined;
export let key: string;
export let accountId: string;
export let projectId: string;

export const hostCall = (url: string, token: string | null, body?: unknown) =>
  h.request({
    method: 'POST',
    url: `/host/v1${url}`,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });

export async function pair(label = 'Ada’s laptop') {
  const { code } = await createPairCode(h.store, h.clock, accountId);
  const r = await hostCall('/pair', null, {
    code: code.toLowerCase(),
    deviceLabel: label,
    agentVersion: '1.0.0',
    engineIds: ['chatgpt-local-fetch'],
  });
  expect(r.statusCode).toBe(201);
  return Paired.parse(r.json());
}

export const checkIn = (token: string, settings?: unknown) =>
  hostCall('/check-in', token, {
    agentVersion: '1.0.1',
    engineIds: ['chatgpt-local-fetch', 'perplexity-local-fetch'],
    ...(settings !== undefined && { settings }),
  });
export const capabilities = async () => (await h.get(`/v1/projects/${projectId}/capabilities`, key)).json();
export const answer = (runId: string, promptId: string, n: number, engineId = 'chatgpt-local-fetch') => ({
  key: `${runId}:${promptId}:${engineId}:${n}`,
  promptId,
  promptText: 'best crm?',
  topicId: null,
  engineId,
  observedAt: h.clock.now().toISOString(),
  text: `Acme is the best CRM, answer ${n}.`,
  sources: [{ url: 'https://acme.example/crm?utm_source=x', title: 'Acme' }],
});

export async function setUp(plan = 'premium', engineIds = ['chatgpt-local-fetch'], webhooks = false) {
  receiver = webhooks ? await startWebhookReceiver() : undefined;
  h = await createRunHarness(
    webhooks
      ? { webhookNet: { allowPrivate: true, resolve: testResolver(), ca: testCa(), timeoutMs: 1_000 } }
      : {},
  );
  ({ key, accountId } = await h.account(plan));
  await h.store.accounts.update(accountId, { remainingUnits: 100 });
  projectId = (
    await createProject(h.store, accountId, {
      name: 'Acme',
      websiteUrl: 'https://acme.example',
      tracking: manualTracking(engineIds),
    })
  ).id;
}

// Registered by each test file that imports this one.
afterEach(async () => {
  await h?.close();
  await receiver?.close();
});
