import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CitationEvent, OvertakeEvent, VisibilityEvent } from '../../server/contract/alerts.ts';
import { RunEvent } from '../../server/contract/webhooks.ts';
import { wilson } from '../../server/domain/intervals.ts';
import { verifySignature } from '../../server/domain/webhook-signature.ts';
import { startWebhookReceiver, testCa, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { ALERT_ENGINES, ALERT_PROMPTS, alertScenario, SITE } from '../support/alert-scenario.ts';
import { BASE, testResolver } from '../support/api-harness.ts';
import { createProject, manualTracking } from '../support/fixtures.ts';
import { createRunHarness, type RunHarness } from '../support/run-harness.ts';

const ALERTS = [
  'visibility.dropped',
  'visibility.rose',
  'citation.lost',
  'citation.gained',
  'competitor.overtook',
];

/** A rate of a run as the events give it. */
const figure = (part: number, answers: number) => {
  const e = wilson(part, answers);
  return { value: e.value, low: e.low, high: e.high, answers };
};

describe('alert events', () => {
  let h: RunHarness;
  let receiver: WebhookReceiver;
  let key: string;
  let projectId: string;
  const scenario = alertScenario();
  const hooks: Record<string, { id: string; secret: string }> = {};

  const register = async (name: string, body: Record<string, unknown>) => {
    const r = await h.write('POST', `/v1/projects/${projectId}/webhooks`, key, {
      url: `${receiver.url}/${name}`,
      ...body,
    });
    expect(r.statusCode, r.body).toBe(201);
    hooks[name] = r.json();
    return r.json();
  };
  const run = async () => {
    const accepted = await h.write('POST', `/v1/projects/${projectId}/run-requests`, key);
    expect(accepted.statusCode, accepted.body).toBe(202);
    await h.jobs.idle();
    const request = (await h.get(`/v1/projects/${projectId}/run-requests/${accepted.json().id}`, key)).json();
    expect(request.status).toBe('completed');
    return request.runIds[0] as string;
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    h = await createRunHarness({
      fakes: { answer: scenario.answer },
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
        tracking: manualTracking(ALERT_ENGINES),
      })
    ).id;
    await h.write('PUT', `/v1/projects/${projectId}/competitors`, key, [
      { name: 'Globex', domain: 'globex.example' },
      { name: 'Initech', domain: null },
    ]);
    for (const text of ALERT_PROMPTS) {
      expect(
        (await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text, engineIds: ALERT_ENGINES }))
          .statusCode,
      ).toBe(201);
    }
  });
  afterAll(async () => {
    await h?.close();
    await receiver?.close();
  });

  it('are opt-in: a webhook names them in events, with optional thresholds shown once it does', async () => {
    const plain = await register('plain', {});
    expect(plain.events).toEqual(['run.completed', 'run.failed']);
    expect(plain).not.toHaveProperty('thresholds');
    const all = await register('all', { events: ['run.completed', ...ALERTS] });
    expect(all.thresholds).toEqual({ mentionRateChange: 0.1, citationRateChange: 0.1, shareOfVoiceLead: 0 });
    const strict = await register('strict', {
      events: ['visibility.dropped', 'visibility.rose', 'competitor.overtook'],
      thresholds: { mentionRateChange: 0.9, citationRateChange: 0.5, shareOfVoiceLead: 0.5 },
    });
    expect(strict.thresholds).toEqual({
      mentionRateChange: 0.9,
      citationRateChange: 0.5,
      shareOfVoiceLead: 0.5,
    });
    const listed = (await h.get(`/v1/projects/${projectId}/webhooks`, key)).json().data;
    expect(listed.find((w: { id: string }) => w.id === plain.id)).not.toHaveProperty('thresholds');
    expect(listed.find((w: { id: string }) => w.id === strict.id).thresholds.mentionRateChange).toBe(0.9);
  });

  it('refuses thresholds without an alert event, out of range or unknown, and unknown events', async () => {
    for (const body of [
      { thresholds: { mentionRateChange: 0.2 } },
      { events: ['run.completed'], thresholds: { mentionRateChange: 0.2 } },
      { events: ['citation.lost'], thresholds: { mentionRateChange: 1.5 } },
      { events: ['citation.lost'], thresholds: { positionChange: 1 } },
      { events: ['visibility.fell'] },
    ]) {
      const r = await h.write('POST', `/v1/projects/${projectId}/webhooks`, key, {
        url: `${receiver.url}/x`,
        ...body,
      });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().code).toBe('invalid_parameter');
    }
  });

  it('a first run raises none: there is no previous comparable run', async () => {
    await run();
    await receiver.waitFor(2);
    await h.jobs.idle();
    expect(receiver.receivedAt('/all').map((r) => r.event.event)).toEqual(['run.completed']);
    expect(receiver.receivedAt('/plain').map((r) => r.event.event)).toEqual(['run.completed']);
    expect(receiver.receivedAt('/strict')).toEqual([]);
  });

  it('the next run raises each alert once against it, with the figures behind it, signed like run events', async () => {
    const previousRunId = (await h.get(`/v1/projects/${projectId}/runs`, key)).json().data[0].id;
    h.clock.advance(86_400_000);
    scenario.change();
    const runId = await run();
    // plain: run.completed; all: run.completed and the five alerts; strict: visibility.rose and competitor.overtook.
    await receiver.waitFor(2 + 6 + 2, 20_000);
    await h.jobs.idle();
    expect(receiver.receivedAt('/plain').map((r) => r.event.event)).toEqual([
      'run.completed',
      'run.completed',
    ]);
    const all = receiver.receivedAt('/all').slice(1);
    expect(all.map((r) => r.event.event).sort()).toEqual(['run.completed', ...ALERTS].sort());
    for (const r of all) {
      const signature = String(r.headers['x-service-signature']);
      expect(verifySignature(r.raw, signature, hooks.all!.secret, 300, h.clock.now().getTime())).toBe(true);
      expect(r.headers['x-service-event']).toBe(r.event.event);
    }
    const byName = Object.fromEntries(all.map((r) => [r.event.event, r.event]));
    RunEvent.parse(byName['run.completed']);
    const project = `${BASE}/projects/${projectId}`;
    const common = { projectId, runId, previousRunId, requestId: expect.any(String) };
    const range = 'from=2026-06-15&to=2026-06-16';
    const links = {
      answers: `${project}/answers?runId=${runId}`,
      previousAnswers: `${project}/answers?runId=${previousRunId}`,
      trends: `${project}/stats/trends?${range}`,
      prompts: `${project}/stats/prompts?${range}`,
      sources: `${project}/stats/sources?${range}&groupBy=url`,
    };

    const dropped = VisibilityEvent.parse(byName['visibility.dropped']);
    expect(dropped.data).toEqual({
      ...common,
      changes: [
        {
          metric: 'mentionRate',
          engineId: 'chatgpt',
          previous: figure(12, 12),
          current: figure(2, 12),
          change: 2 / 12 - 1,
          threshold: 0.1,
        },
        {
          metric: 'citationRate',
          engineId: 'chatgpt',
          previous: figure(6, 12),
          current: figure(1, 12),
          change: 1 / 12 - 0.5,
          threshold: 0.1,
        },
        {
          metric: 'citationRate',
          engineId: null,
          previous: figure(6, 24),
          current: figure(1, 24),
          change: 1 / 24 - 0.25,
          threshold: 0.1,
        },
      ],
      links,
    });
    const rose = VisibilityEvent.parse(byName['visibility.rose']);
    expect(rose.data.changes).toEqual([
      {
        metric: 'mentionRate',
        engineId: 'perplexity',
        previous: figure(0, 12),
        current: figure(12, 12),
        change: 1,
        threshold: 0.1,
      },
    ]);
    const lost = CitationEvent.parse(byName['citation.lost']);
    expect(lost.data.total).toBe(6);
    expect(lost.data.citations.map((c) => [c.promptText, c.engineId, c.url])).toEqual(
      ALERT_PROMPTS.slice(0, 6).map((text) => [text, 'chatgpt', `${SITE}/pricing`]),
    );
    const gained = CitationEvent.parse(byName['citation.gained']);
    expect(gained.data).toMatchObject({
      total: 1,
      citations: [{ promptText: ALERT_PROMPTS[6], engineId: 'chatgpt', url: `${SITE}/features` }],
    });
    const overtook = OvertakeEvent.parse(byName['competitor.overtook']);
    expect(overtook.data.overtakes).toEqual([
      {
        engineId: 'chatgpt',
        competitor: 'Globex',
        previous: { brandShare: 1, competitorShare: 0, answers: 12 },
        current: { brandShare: 2 / 12, competitorShare: 1, answers: 12 },
        threshold: 0,
      },
      {
        engineId: null,
        competitor: 'Globex',
        previous: { brandShare: 0.5, competitorShare: 0.5, answers: 24 },
        current: { brandShare: 14 / 24, competitorShare: 1, answers: 24 },
        threshold: 0,
      },
    ]);

    // The strict webhook's thresholds leave only what passes them.
    const strict = Object.fromEntries(receiver.receivedAt('/strict').map((r) => [r.event.event, r.event]));
    expect(Object.keys(strict).sort()).toEqual(['competitor.overtook', 'visibility.rose']);
    expect(strict['visibility.rose'].data.changes).toEqual([{ ...rose.data.changes[0], threshold: 0.9 }]);
    expect(strict['competitor.overtook'].data.overtakes).toEqual([
      { ...overtook.data.overtakes[0], threshold: 0.5 },
    ]);
    expect(strict['visibility.rose'].id).not.toBe(rose.id);

    // Recorded like run events: the deliveries list shows them with the run.
    const deliveries = (
      await h.get(`/v1/projects/${projectId}/webhooks/${hooks.all!.id}/deliveries`, key)
    ).json().data;
    expect(
      deliveries
        .filter((d: { runId: string }) => d.runId === runId)
        .map((d: { event: string; status: string }) => [d.event, d.status])
        .sort(),
    ).toEqual(['run.completed', ...ALERTS].sort().map((e) => [e, 'delivered']));
  });

  it('compares only runs that asked the same prompts on the same engines', async () => {
    h.clock.advance(86_400_000);
    const before = receiver.received.length;
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, {
      text: 'a new question',
      engineIds: ALERT_ENGINES,
    });
    await run();
    await receiver.waitFor(before + 2);
    await h.jobs.idle();
    expect(receiver.received.slice(before).map((r) => JSON.parse(r.rawBody.toString('utf8')).event)).toEqual([
      'run.completed',
      'run.completed',
    ]);
  });
});
