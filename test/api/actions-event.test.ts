import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionsUpdatedEvent } from '../../server/contract/actions-event.ts';
import { verifySignature } from '../../server/domain/webhook-signature.ts';
import type { AnswerFn } from '../fakes/engines/answer.ts';
import { startWebhookReceiver, testCa, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { BASE, testResolver } from '../support/api-harness.ts';
import { createProject, manualTracking } from '../support/fixtures.ts';
import { createRunHarness, type RunHarness } from '../support/run-harness.ts';

const ENGINES = ['chatgpt', 'perplexity'];
const PROMPTS = ['best crm for startups', 'top crm tools', 'cheapest crm'];
const SITE = 'https://acme.example';
const G2 = { url: 'https://www.g2.com/categories/crm', title: 'G2' };
const LIST = { url: 'https://crmweekly.net/best-crm-tools-2026', title: 'Best CRM tools' };

/**
 * ChatGPT lists g2.com beside Globex and never beside Acme; Perplexity names Acme. From `widen()` on, ChatGPT also
 * lists a page of best CRM tools, which makes two new actions.
 */
function scenario() {
  let wide = false;
  const answer: AnswerFn = (engineId) =>
    engineId === 'chatgpt'
      ? { text: 'Globex is the best choice for this.', sources: wide ? [G2, LIST] : [G2] }
      : { text: 'Acme is the best choice for this.', sources: [{ url: `${SITE}/crm`, title: 'Acme' }] };
  return { answer, widen: () => (wide = true) };
}

describe('the actions.updated event', () => {
  let h: RunHarness;
  let receiver: WebhookReceiver;
  let key: string;
  let projectId: string;
  let secret: string;
  const s = scenario();

  const run = async () => {
    const accepted = await h.write('POST', `/v1/projects/${projectId}/run-requests`, key);
    expect(accepted.statusCode, accepted.body).toBe(202);
    await h.jobs.idle();
    const request = (await h.get(`/v1/projects/${projectId}/run-requests/${accepted.json().id}`, key)).json();
    expect(request.status).toBe('completed');
    return request.runIds[0] as string;
  };
  const topIds = async () =>
    ((await h.get(`/v1/projects/${projectId}/actions?limit=10`, key)).json().data as { id: string }[]).map(
      (a) => a.id,
    );
  const events = (path: string) => receiver.receivedAt(path).map((r) => r.event.event);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    h = await createRunHarness({
      fakes: { answer: s.answer },
      webhookNet: { allowPrivate: true, resolve: testResolver(), ca: testCa(), timeoutMs: 2_000 },
    });
    let accountId: string;
    ({ key, accountId } = await h.account('premium'));
    await h.store.accounts.update(accountId, { remainingUnits: 1000 });
    projectId = (
      await createProject(h.store, accountId, {
        websiteUrl: SITE,
        brandTerms: [],
        brandDomains: [],
        tracking: manualTracking(ENGINES),
      })
    ).id;
    await h.write('PUT', `/v1/projects/${projectId}/competitors`, key, [
      { name: 'Globex', domain: 'globex.example' },
    ]);
    for (const text of PROMPTS)
      expect(
        (await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text, engineIds: ENGINES }))
          .statusCode,
      ).toBe(201);
    const subscribed = await h.write('POST', `/v1/projects/${projectId}/webhooks`, key, {
      url: `${receiver.url}/actions`,
      events: ['run.completed', 'actions.updated'],
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    secret = subscribed.json().secret;
    const plain = await h.write('POST', `/v1/projects/${projectId}/webhooks`, key, {
      url: `${receiver.url}/plain`,
    });
    expect(plain.json().events).toEqual(['run.completed', 'run.failed']);
  });
  afterAll(async () => {
    await h?.close();
    await receiver?.close();
  });

  it('is sent after a run that makes the top ten, only to webhooks that subscribe to it, signed and linked', async () => {
    const runId = await run();
    await receiver.waitFor(3, 20_000);
    await h.jobs.idle();
    expect(events('/plain')).toEqual(['run.completed']);
    expect(events('/actions').sort()).toEqual(['actions.updated', 'run.completed']);
    const received = receiver.receivedAt('/actions').find((r) => r.event.event === 'actions.updated')!;
    expect(
      verifySignature(
        received.raw,
        String(received.headers['x-service-signature']),
        secret,
        300,
        h.clock.now().getTime(),
      ),
    ).toBe(true);
    const event = ActionsUpdatedEvent.parse(received.event);
    expect(event.data).toEqual({
      projectId,
      runId,
      actions: (await h.get(`/v1/projects/${projectId}/actions?limit=10`, key))
        .json()
        .data.map((a: { id: string; kind: string; title: string }) => ({
          id: a.id,
          kind: a.kind,
          title: a.title,
        })),
      previousIds: [],
      links: { actions: `${BASE}/projects/${projectId}/actions` },
    });
    expect(event.data.actions.map((a) => a.title)).toContain(
      'Get reviewed on g2.com: listed in 3 answers (3 naming a competitor), never in one naming you',
    );
  });

  it('is not sent when a run leaves the top ten as it was, and is sent again when one changes it', async () => {
    const before = await topIds();
    h.clock.advance(86_400_000);
    await run();
    await receiver.waitFor(5, 20_000);
    await h.jobs.idle();
    expect(await topIds()).toEqual(before);
    expect(events('/actions').filter((e) => e === 'actions.updated')).toHaveLength(1);

    h.clock.advance(86_400_000);
    s.widen();
    await run();
    await receiver.waitFor(8, 20_000);
    await h.jobs.idle();
    const updates = receiver.receivedAt('/actions').filter((r) => r.event.event === 'actions.updated');
    expect(updates).toHaveLength(2);
    const event = ActionsUpdatedEvent.parse(updates[1]!.event);
    expect(event.data.previousIds).toEqual(before);
    expect(event.data.actions.map((a) => a.id)).toEqual(await topIds());
    expect(event.data.actions.map((a) => a.title).join('\n')).toContain(LIST.url);
  });
});
