import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prompt } from '../../server/contract/setup.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines, variedLines } from '../support/answers.ts';
import { createProject } from '../support/fixtures.ts';

describe('prompt writes', () => {
  let h: Harness;
  let key: string;
  let accountId: string;
  let p: string;
  const send = (method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, project = p) =>
    h.write(method, `/v1/projects/${project}/prompts${path}`, key, body);
  const all = async () => (await h.get(`/v1/projects/${p}/prompts?limit=200`, key)).json().data;

  beforeAll(async () => {
    h = await createHarness();
    h.clock.set('2026-06-15T12:00:00.000Z');
    ({ key, accountId } = await h.account());
    p = (await createProject(h.store, accountId)).id;
  });
  afterAll(() => h.close());

  it('creates a prompt with the tracking engines by default; a new topic id creates the topic', async () => {
    const r = await send('POST', '', {
      text: '  Best CRM for startups?  ',
      topicIds: ['crm', 'crm', 'startups'],
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(Prompt.parse(r.json())).toMatchObject({
      text: 'Best CRM for startups?',
      topicIds: ['crm', 'startups'],
      engineIds: ['chatgpt', 'gemini'],
      status: 'active',
      createdAt: '2026-06-15T12:00:00.000Z',
    });
    const topics = (await h.get(`/v1/projects/${p}/topics`, key)).json().data;
    expect(topics).toEqual([
      { id: 'crm', label: 'crm', promptCount: 1 },
      { id: 'startups', label: 'startups', promptCount: 1 },
    ]);
    const own = await send('POST', '', {
      text: 'Cheapest CRM?',
      engineIds: ['claude', 'chatgpt-local-fetch'],
    });
    expect(own.json().engineIds).toEqual(['claude', 'chatgpt-local-fetch']);
  });

  it('refuses duplicate text (ignoring case and spacing) with 409 naming the existing prompt', async () => {
    const first = (await send('POST', '', { text: 'Which CRM has the best API?' })).json();
    const dup = await send('POST', '', { text: 'which  crm has the BEST api?' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'invalid_parameter', existingPromptId: first.id });
  });

  it('refuses bad bodies with 400 and stores nothing', async () => {
    const before = (await all()).length;
    const cases: unknown[] = [
      {},
      { text: '' },
      { text: 'x'.repeat(501) },
      { text: 'a', topicIds: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      { text: 'a', engineIds: ['ollama'] },
      { text: 'a', engineIds: ['not-an-engine'] },
      { text: 'a', status: 'active' },
    ];
    for (const body of cases)
      expect((await send('POST', '', body)).statusCode, JSON.stringify(body)).toBe(400);
    expect(await all()).toHaveLength(before);
    expect((await send('POST', '', { text: 'x'.repeat(500) })).statusCode).toBe(201);
  });

  it('updates only the fields sent; lists replace; status can only be set to active', async () => {
    const made = (
      await send('POST', '', { text: 'Original', topicIds: ['a'], engineIds: ['chatgpt'] })
    ).json();
    const r = await send('PATCH', `/${made.id}`, { topicIds: ['b', 'c'] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ text: 'Original', topicIds: ['b', 'c'], engineIds: ['chatgpt'] });
    expect(
      (await send('PATCH', `/${made.id}`, { text: 'Renamed', engineIds: ['gemini', 'grok'] })).json(),
    ).toMatchObject({
      text: 'Renamed',
      topicIds: ['b', 'c'],
      engineIds: ['gemini', 'grok'],
    });
    const paused = await send('PATCH', `/${made.id}`, { status: 'paused' });
    expect(paused.statusCode).toBe(400);
    expect(paused.json().detail).toContain('active');
    await h.store.prompts.update(p, made.id, { status: 'paused' });
    expect((await send('PATCH', `/${made.id}`, { status: 'active' })).json().status).toBe('active');
    const other = (await send('POST', '', { text: 'Another' })).json();
    expect((await send('PATCH', `/${other.id}`, { text: 'renamed' })).statusCode).toBe(409);
    expect((await send('PATCH', `/${made.id}`, { text: 'RENAMED' })).statusCode).toBe(200);
    expect((await send('PATCH', '/pmtNoSuchPrompt', { text: 'x' })).statusCode).toBe(404);
  });

  it('deletes a prompt: its answers stay readable with promptId null, and a second delete is a 404', async () => {
    const made = (await send('POST', '', { text: 'top crm tools' })).json();
    await importLines(h.store, h.clock, p, variedLines(6, '2026-06-15'));
    const linked = (await h.get(`/v1/projects/${p}/answers?promptId=${made.id}`, key)).json().data;
    expect(linked.length).toBeGreaterThan(0);
    const r = await send('DELETE', `/${made.id}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ deleted: true });
    const answers = (await h.get(`/v1/projects/${p}/answers?limit=200`, key)).json().data;
    const kept = answers.find((a: { id: string }) => a.id === linked[0].id);
    expect(kept).toMatchObject({ promptId: null, promptText: 'top crm tools' });
    expect((await send('DELETE', `/${made.id}`)).statusCode).toBe(404);
  });

  it('counts prompts against the plan and needs tracking:write', async () => {
    const reader = await h.key(accountId, ['visibility:read']);
    const denied = await h.request({
      method: 'POST',
      url: `/v1/projects/${p}/prompts`,
      headers: { authorization: `Bearer ${reader}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x' }),
    });
    expect(denied.json().code).toBe('insufficient_scope');
    const small = await createProject(h.store, accountId);
    for (let i = 0; i < 500; i++) {
      await h.store.prompts.create({
        id: `pmtFill${i}`,
        projectId: small.id,
        text: `fill ${i}`,
        status: 'active',
        engineIds: [],
        topicIds: [],
        createdAt: '2026-01-01T00:00:00.000Z',
      });
    }
    const over = await send('POST', '', { text: 'one too many' }, small.id);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'plan_limit', detail: expect.stringContaining('maxPrompts') });
  });
});
