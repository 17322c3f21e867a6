import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS, type Plan } from '../../server/domain/plans.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { call, connect, httpTransport, refusal, type Structured } from '../support/mcp.ts';

const MCP = 'http://127.0.0.1:8787/mcp';
const premium = DEFAULT_PLANS.find((p) => p.code === 'premium')!;
const twoSamples: Plan = {
  ...premium,
  code: 'two-samples',
  limits: { ...premium.limits, maxSamplesPerPrompt: 2 },
};

describe('MCP set-up and run tools', () => {
  let h: Harness;
  let key: string;
  let p: string;
  let owner: Client;
  let readOnly: Client;
  let setupOnly: Client;
  const rest = async (url: string) => (await h.get(`/v1${url}`, key)).json() as Structured;

  beforeAll(async () => {
    h = await createHarness({ plans: [...DEFAULT_PLANS, twoSamples] });
    const account = await h.account('two-samples');
    key = account.key;
    await h.store.accounts.update(account.accountId, { remainingUnits: 100, prepaidCredits: 0 });
    p = (await createProject(h.store, account.accountId)).id;
    owner = await connect(httpTransport(MCP, key, h.app));
    readOnly = await connect(httpTransport(MCP, await h.key(account.accountId, ['visibility:read']), h.app));
    setupOnly = await connect(httpTransport(MCP, await h.key(account.accountId, ['tracking:write']), h.app));
  });
  afterAll(async () => {
    await Promise.all([owner, readOnly, setupOnly].map((c) => c.close()));
    await h.close();
  });

  it('refuses every set-up tool without tracking:write, and start_run without runs:execute, changing nothing', async () => {
    const before = [await rest(`/projects/${p}/prompts`), await rest(`/projects/${p}/capabilities`)];
    const writes: [string, Record<string, unknown>][] = [
      ['create_prompt', { projectId: p, text: 'best crm?' }],
      ['update_prompt', { projectId: p, promptId: 'x', text: 'y' }],
      ['delete_prompt', { projectId: p, promptId: 'x' }],
      ['replace_competitors', { projectId: p, competitors: [] }],
      ['update_tracking', { projectId: p, cadence: 'weekly' }],
      ['start_run', { projectId: p }],
      // The scope is checked before the arguments, as the REST API checks it before the body.
      ['create_prompt', { projectId: 'not valid!' }],
    ];
    for (const [name, args] of writes) {
      const scope = name === 'start_run' ? 'runs:execute' : 'tracking:write';
      expect(await refusal(readOnly, name, args), name).toEqual({
        code: 'insufficient_scope',
        status: 403,
        detail: `This key lacks the ${scope} scope.`,
      });
    }
    expect(await refusal(setupOnly, 'start_run', { projectId: p })).toMatchObject({
      code: 'insufficient_scope',
      status: 403,
    });
    expect([await rest(`/projects/${p}/prompts`), await rest(`/projects/${p}/capabilities`)]).toEqual(before);
  });

  it('creates, updates and deletes prompts with the REST rules', async () => {
    const created = await call(setupOnly, 'create_prompt', {
      projectId: p,
      text: '  Best CRM for a small agency?  ',
      topicIds: ['crm'],
    });
    expect(created).toMatchObject({
      text: 'Best CRM for a small agency?',
      topicIds: ['crm'],
      status: 'active',
    });
    expect((await rest(`/projects/${p}/prompts`)).data).toEqual([created]);
    expect(
      await refusal(owner, 'create_prompt', { projectId: p, text: 'best crm for a  SMALL agency?' }),
    ).toEqual({
      code: 'invalid_parameter',
      status: 409,
      detail: expect.any(String),
      existingPromptId: created.id,
    });
    const updated = await call(owner, 'update_prompt', {
      projectId: p,
      promptId: created.id,
      engineIds: ['perplexity'],
    });
    expect(updated).toMatchObject({ id: created.id, engineIds: ['perplexity'], topicIds: ['crm'] });
    expect(
      await refusal(owner, 'update_prompt', { projectId: p, promptId: created.id, status: 'paused' }),
    ).toMatchObject({ code: 'invalid_parameter', detail: expect.stringContaining('status') });
    expect(await call(owner, 'delete_prompt', { projectId: p, promptId: created.id })).toEqual({
      deleted: true,
    });
    expect(await refusal(owner, 'delete_prompt', { projectId: p, promptId: created.id })).toMatchObject({
      code: 'not_found',
      status: 404,
    });
  });

  it('replaces competitors, merging names that match, within the limits', async () => {
    const r = await call(owner, 'replace_competitors', {
      projectId: p,
      competitors: [
        { name: 'Globex', domain: 'globex.com' },
        { name: 'globex', domain: 'https://www.globex.io/x' },
        { name: 'Initech' },
      ],
    });
    expect(r).toEqual({
      data: [
        { name: 'Globex', domains: ['globex.com', 'globex.io'] },
        { name: 'Initech', domains: [] },
      ],
    });
    expect(await rest(`/projects/${p}/competitors`)).toEqual(r);
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ name: `Brand ${i}` }));
    expect(await refusal(owner, 'replace_competitors', { projectId: p, competitors: tooMany })).toMatchObject(
      {
        code: 'invalid_parameter',
        detail: expect.stringContaining('competitors'),
      },
    );
  });

  it('updates tracking, refusing what the plan does not allow', async () => {
    const t = await call(owner, 'update_tracking', {
      projectId: p,
      cadence: 'weekdays',
      timeOfDay: '07:30',
      timezone: 'Europe/Berlin',
      engineIds: ['chatgpt', 'perplexity'],
    });
    expect(t).toMatchObject({
      cadence: 'weekdays',
      timeOfDay: '07:30',
      engineIds: ['chatgpt', 'perplexity'],
    });
    expect(await refusal(owner, 'update_tracking', { projectId: p, samplesPerPrompt: 3 })).toMatchObject({
      code: 'plan_limit',
      status: 409,
    });
    expect(await refusal(owner, 'update_tracking', { projectId: p, timezone: 'Mars/Olympus' })).toMatchObject(
      {
        code: 'invalid_parameter',
        detail: expect.stringContaining('timezone'),
      },
    );
    expect(await refusal(owner, 'update_tracking', { projectId: p, timeOfDay: '25:00' })).toMatchObject({
      code: 'invalid_parameter',
    });
  });

  it('starts a run once per idempotency key, and reports it with get_run_request', async () => {
    expect(await refusal(owner, 'start_run', { projectId: p })).toMatchObject({
      code: 'no_prompts',
      status: 409,
    });
    await call(owner, 'create_prompt', { projectId: p, text: 'which crm is easiest?' });
    expect(await refusal(owner, 'start_run', { projectId: p, samplesPerPrompt: 3 })).toMatchObject({
      code: 'plan_limit',
    });
    expect(await refusal(owner, 'start_run', { projectId: p, samplesPerPrompt: 9 })).toMatchObject({
      code: 'invalid_parameter',
    });
    const started = await call(owner, 'start_run', {
      projectId: p,
      samplesPerPrompt: 2,
      idempotencyKey: 'k-1',
    });
    expect(started).toMatchObject({ status: 'queued', mode: 'cloud', promptCount: 1, estimatedUnits: 4 });
    expect(started.replayed).toBeUndefined();
    const replay = await call(owner, 'start_run', {
      projectId: p,
      samplesPerPrompt: 2,
      idempotencyKey: 'k-1',
    });
    expect(replay).toEqual({ ...started, replayed: true });
    expect(
      await refusal(owner, 'start_run', { projectId: p, samplesPerPrompt: 1, idempotencyKey: 'k-1' }),
    ).toMatchObject({ code: 'invalid_parameter', status: 400 });
    expect(await refusal(owner, 'start_run', { projectId: p })).toMatchObject({
      code: 'run_in_progress',
      status: 409,
      activeRequestId: started.id,
    });
    const read = await call(readOnly, 'get_run_request', { projectId: p, requestId: started.id });
    expect(read).toEqual(await rest(`/projects/${p}/run-requests/${started.id}`));
    expect(read).toEqual(started);
  });
});
