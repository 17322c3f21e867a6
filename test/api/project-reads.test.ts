import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Capabilities } from '../../server/contract/tracking.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines, variedLines } from '../support/answers.ts';
import { createProject } from '../support/fixtures.ts';
import { rawDb } from '../support/raw-db.ts';

describe('project, setup, run and webhook reads', () => {
  let h: Harness;
  let key: string;
  let accountId: string;
  let p: string;
  const json = async (url: string) => {
    const r = await h.get(url, key);
    expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
    return r.json();
  };

  beforeAll(async () => {
    h = await createHarness();
    h.clock.set('2026-06-15T12:00:00.000Z');
    ({ key, accountId } = await h.account());
    p = (await createProject(h.store, accountId, { createdAt: '2026-01-01T00:00:00.000Z' })).id;
    await h.store.topics.ensure(
      p,
      [
        { id: 'pricing', label: 'Pricing' },
        { id: 'support', label: 'Support' },
      ],
      '2026-01-02T00:00:00.000Z',
    );
    for (let i = 0; i < 5; i++) {
      await h.store.prompts.create({
        id: `pmt${i}`,
        projectId: p,
        text: `prompt ${i}`,
        status: i === 4 ? 'paused' : 'active',
        engineIds: i === 0 ? ['claude'] : ['chatgpt'],
        topicIds: i < 3 ? ['pricing'] : ['support'],
        createdAt: `2026-02-0${i + 1}T00:00:00.000Z`,
      });
    }
    await h.store.competitors.replace(p, [{ name: 'Globex', domains: ['globex.com', 'globex.io'] }]);
    await importLines(h.store, h.clock, p, variedLines(20, '2026-06-15'));
  });
  afterAll(() => h.close());

  it('projects: newest first, paged, with visibility figures', async () => {
    const older = await createProject(h.store, accountId, {
      createdAt: '2025-01-01T00:00:00.000Z',
      name: 'Old',
    });
    const newer = await createProject(h.store, accountId, {
      createdAt: '2026-05-01T00:00:00.000Z',
      name: 'New',
    });
    const first = await json('/v1/projects?limit=2');
    expect(first.data.map((x: { id: string }) => x.id)).toEqual([newer.id, p]);
    const second = await json(`/v1/projects?limit=2&cursor=${first.nextCursor}`);
    expect(second).toEqual({ data: [expect.objectContaining({ id: older.id })], nextCursor: null });
    expect(await json(`/v1/projects/${p}`)).toEqual({
      id: p,
      name: 'Acme',
      websiteUrl: 'https://acme.com',
      visibility: {
        trackedPrompts: 4,
        engines: ['chatgpt', 'gemini'],
        latestRunAt: null,
        firstAnswerDate: '2026-06-06',
        latestAnswerDate: '2026-06-15',
      },
      // Extensions: the brand's other names and domains, for whoever may read the project.
      brandTerms: ['Acme Corp'],
      brandDomains: ['acme.io'],
    });
    // The list keeps the contract's project alone.
    expect(first.data[1]).not.toHaveProperty('brandTerms');
  });

  it('engines: tracked ones, and those with stored answers listed as not tracked', async () => {
    const { data } = await json(`/v1/projects/${p}/engines`);
    const byId = Object.fromEntries(data.map((e: { id: string; tracked: boolean }) => [e.id, e.tracked]));
    expect(byId).toEqual({ chatgpt: true, gemini: true, claude: true, perplexity: false });
    expect(data.find((e: { id: string }) => e.id === 'perplexity').label).toBe('Perplexity');
  });

  it('topics: paged with the count of tracked prompts', async () => {
    const first = await json(`/v1/projects/${p}/topics?limit=1`);
    expect(first.data).toEqual([{ id: 'pricing', label: 'Pricing', promptCount: 3 }]);
    const rest = await json(`/v1/projects/${p}/topics?limit=1&cursor=${first.nextCursor}`);
    expect(rest).toEqual({ data: [{ id: 'support', label: 'Support', promptCount: 1 }], nextCursor: null });
  });

  it('prompts: newest first, with topic and status filters', async () => {
    const all = await json(`/v1/projects/${p}/prompts`);
    expect(all.data.map((x: { id: string }) => x.id)).toEqual(['pmt4', 'pmt3', 'pmt2', 'pmt1', 'pmt0']);
    expect(all.data[4]).toEqual({
      id: 'pmt0',
      text: 'prompt 0',
      topicIds: ['pricing'],
      engineIds: ['claude'],
      status: 'active',
      createdAt: '2026-02-01T00:00:00.000Z',
    });
    const paused = await json(`/v1/projects/${p}/prompts?status=paused`);
    expect(paused.data.map((x: { id: string }) => x.id)).toEqual(['pmt4']);
    const support = await json(`/v1/projects/${p}/prompts?topicId=support&status=active`);
    expect(support.data.map((x: { id: string }) => x.id)).toEqual(['pmt3']);
    const paged = await json(`/v1/projects/${p}/prompts?limit=2&status=active`);
    const next = await json(`/v1/projects/${p}/prompts?limit=2&status=active&cursor=${paged.nextCursor}`);
    expect([...paged.data, ...next.data].map((x: { id: string }) => x.id)).toEqual([
      'pmt3',
      'pmt2',
      'pmt1',
      'pmt0',
    ]);
    expect(
      (await h.get(`/v1/projects/${p}/prompts?limit=2&status=paused&cursor=${paged.nextCursor}`, key))
        .statusCode,
    ).toBe(400);
  });

  it('competitors: the tracked list with domain arrays', async () => {
    expect(await json(`/v1/projects/${p}/competitors`)).toEqual({
      data: [{ name: 'Globex', domains: ['globex.com', 'globex.io'] }],
    });
  });

  it('capabilities: every field from the plan, the tracking settings and the host', async () => {
    const body = Capabilities.parse(await json(`/v1/projects/${p}/capabilities`));
    expect(body).toMatchObject({
      plan: 'premium',
      accessMode: 'managed',
      cadences: ['manual', 'daily', 'weekdays', 'weekly'],
      limits: {
        maxPrompts: 500,
        maxProjects: 25,
        maxCompetitors: 50,
        maxSamplesPerPrompt: 5,
        runRequestsPerDay: 24,
      },
      allowance: { remainingUnits: 20_000, prepaidCreditsRemaining: 0, estimatedUnitsPerRun: 4 },
      tracking: {
        engineIds: ['chatgpt', 'gemini'],
        cadence: 'daily',
        timeOfDay: '09:00',
        weeklyDay: 'monday',
        timezone: 'UTC',
        samplesPerPrompt: 1,
        promptCount: 4,
        writable: true,
      },
      host: null,
      runs: {
        canStartCloudRun: true,
        canStartHostRun: false,
        hostOnline: false,
        activeRequestId: null,
        usedToday: 0,
      },
    });
    expect(body.engines.find((e) => e.id === 'chatgpt-local-fetch')).toEqual({
      id: 'chatgpt-local-fetch',
      label: 'ChatGPT (signed-in browser)',
      runsOn: 'host',
    });
    const byok = await h.account('byok');
    const bp = (await createProject(h.store, byok.accountId)).id;
    const b = (await h.get(`/v1/projects/${bp}/capabilities`, byok.key)).json();
    expect(b).toMatchObject({ accessMode: 'byok-local', allowance: null, tracking: { writable: false } });
    expect(b.engines.every((e: { runsOn: string }) => e.runsOn === 'host')).toBe(true);
  });

  it('runs, run requests, webhooks and deliveries: real shapes, newest first, real 404s', async () => {
    const db = rawDb(h.dbPath);
    try {
      await db
        .insertInto('run_requests')
        .values([
          {
            id: 'rrq1',
            project_id: p,
            status: 'completed',
            mode: 'cloud',
            idempotency_key: null,
            samples_per_prompt: 1,
            prompt_count: 4,
            estimated_units: 4,
            warning: null,
            error_code: null,
            error_message: null,
            created_at: '2026-06-10T00:00:00.000Z',
            updated_at: '2026-06-10T00:05:00.000Z',
            completed_at: '2026-06-10T00:05:00.000Z',
          },
          {
            id: 'rrq2',
            project_id: p,
            status: 'failed',
            mode: 'host',
            idempotency_key: 'k',
            samples_per_prompt: 1,
            prompt_count: 4,
            estimated_units: 0,
            warning: 'The host computer is off.',
            error_code: 'host_unavailable',
            error_message: 'The host computer did not come back within 24 hours.',
            created_at: '2026-06-11T00:00:00.000Z',
            updated_at: '2026-06-12T00:00:00.000Z',
            completed_at: '2026-06-12T00:00:00.000Z',
          },
        ])
        .execute();
      await db
        .insertInto('runs')
        .values([
          {
            id: 'run1',
            project_id: p,
            request_id: 'rrq1',
            status: 'completed',
            trigger: 'manual',
            mode: 'cloud',
            started_at: '2026-06-10T00:00:01.000Z',
            completed_at: '2026-06-10T00:05:00.000Z',
            prompt_count: 4,
            answer_count: 8,
            error: null,
            created_at: '2026-06-10T00:00:01.000Z',
          },
          {
            id: 'run2',
            project_id: p,
            request_id: null,
            status: 'failed',
            trigger: 'scheduled',
            mode: 'cloud',
            started_at: '2026-06-14T09:00:00.000Z',
            completed_at: '2026-06-14T09:01:00.000Z',
            prompt_count: 4,
            answer_count: 0,
            error: 'every engine failed',
            created_at: '2026-06-14T09:00:00.000Z',
          },
        ])
        .execute();
      await db
        .insertInto('webhooks')
        .values({
          id: 'whk1',
          project_id: p,
          url: 'https://hooks.example.com/aw',
          events: '["run.completed"]',
          description: 'CRM sync',
          secret_sealed: 'sealed',
          active: 1,
          created_at: '2026-06-01T00:00:00.000Z',
          last_delivery_at: null,
          last_delivery_status: null,
          consecutive_failures: 0,
        })
        .execute();
      for (let i = 0; i < 55; i++) {
        await db
          .insertInto('webhook_deliveries')
          .values({
            id: `dlv${i}`,
            webhook_id: 'whk1',
            project_id: p,
            event_id: `evt${i}`,
            event: 'ping',
            payload: '{}',
            status: 'delivered',
            run_id: null,
            request_id: null,
            created_at: '2026-06-01T00:00:00.000Z',
            delivered_at: '2026-06-01T00:00:01.000Z',
            next_attempt_at: null,
            attempt_count: 1,
            attempts: '[{"at":"2026-06-01T00:00:00.500Z","httpStatus":200,"error":null,"durationMs":12}]',
            lease_until: null,
          })
          .execute();
      }
    } finally {
      await db.destroy();
    }
    const runs = await json(`/v1/projects/${p}/runs`);
    expect(runs.data.map((r: { id: string }) => r.id)).toEqual(['run2', 'run1']);
    expect(runs.data[1]).toEqual({
      id: 'run1',
      status: 'completed',
      trigger: 'manual',
      startedAt: '2026-06-10T00:00:01.000Z',
      completedAt: '2026-06-10T00:05:00.000Z',
      promptCount: 4,
      answerCount: 8,
    });
    expect(
      (await json(`/v1/projects/${p}/runs?status=failed`)).data.map((r: { id: string }) => r.id),
    ).toEqual(['run2']);
    expect((await json(`/v1/projects/${p}/runs?from=2026-06-11&to=2026-06-13`)).data).toEqual([]);

    const requests = await json(`/v1/projects/${p}/run-requests`);
    expect(requests.data.map((r: { id: string }) => r.id)).toEqual(['rrq2', 'rrq1']);
    expect(requests.data[1]).toMatchObject({ runIds: ['run1'], host: null, error: null, estimatedUnits: 4 });
    expect(await json(`/v1/projects/${p}/run-requests/rrq2`)).toMatchObject({
      status: 'failed',
      mode: 'host',
      warning: 'The host computer is off.',
      error: { code: 'host_unavailable', message: 'The host computer did not come back within 24 hours.' },
      host: { online: false, lastSeenAt: null },
    });
    expect((await h.get(`/v1/projects/${p}/run-requests/rrq9`, key)).statusCode).toBe(404);

    const hooks = await json(`/v1/projects/${p}/webhooks`);
    expect(hooks.data).toEqual([
      {
        id: 'whk1',
        url: 'https://hooks.example.com/aw',
        events: ['run.completed'],
        description: 'CRM sync',
        active: true,
        createdAt: '2026-06-01T00:00:00.000Z',
        lastDeliveryAt: null,
        lastDeliveryStatus: null,
        consecutiveFailures: 0,
      },
    ]);
    expect(JSON.stringify(hooks)).not.toContain('sealed');
    const deliveries = await json(`/v1/projects/${p}/webhooks/whk1/deliveries`);
    expect(deliveries.data).toHaveLength(50);
    expect(deliveries.data[0]).toMatchObject({
      id: 'dlv54',
      event: 'ping',
      status: 'delivered',
      attemptCount: 1,
      attempts: [{ httpStatus: 200, durationMs: 12 }],
    });
    expect((await h.get(`/v1/projects/${p}/webhooks/whk9/deliveries`, key)).json().code).toBe('not_found');
  });
});
