import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey, revokeKey } from '../../server/domain/api-keys.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { projectWithAnswers } from '../support/answers.ts';
import { createProject } from '../support/fixtures.ts';
import { call, connect, httpTransport, type Structured } from '../support/mcp.ts';

const MCP = 'http://127.0.0.1:8787/mcp';
const CHALLENGE = 'Bearer realm="answerwatch", error="invalid_token"';
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** A JSON-RPC request as an MCP client sends it, without the SDK: what the HTTP layer answers. */
const post = (h: Harness, key: string | undefined, body: unknown = INITIALIZE) =>
  h.request({
    method: 'POST',
    url: '/mcp',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...(key && { authorization: `Bearer ${key}` }),
    },
    payload: JSON.stringify(body),
  });

async function protocolError(work: Promise<unknown>): Promise<McpError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(McpError);
  return err as McpError;
}

describe('MCP over Streamable HTTP at /mcp: the REST API key rules, resources and prompts', () => {
  let h: Harness;
  let key: string;
  let p: string;
  let client: Client;

  beforeAll(async () => {
    h = await createHarness({ rateLimits: { perMinute: 40, perDay: 1000 } });
    ({ key, projectId: p } = await projectWithAnswers(h, 30));
    client = await connect(httpTransport(MCP, key, h.app));
  });
  afterAll(async () => {
    await client.close();
    await h.close();
  });

  it('answers a valid key with JSON-RPC, carrying RateLimit and X-Request-Id like every REST response', async () => {
    const r = await post(h, key);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers.ratelimit).toMatch(/^limit=40, remaining=\d+, reset=\d+$/);
    expect(r.headers['x-request-id']).toMatch(/^req_/);
    expect(r.json()).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { serverInfo: { name: 'answerwatch' } },
    });
    expect(r.json().result.instructions).toContain('quoted');
  });

  it('refuses missing, unknown, revoked and expired keys with 401 and the Bearer challenge, and free plans with 403', async () => {
    const { accountId } = await h.account();
    const revoked = await h.key(accountId);
    await revokeKey(h.store, h.clock, (await h.store.apiKeys.findByHash(hashKey(revoked)))!.id);
    const expiring = await h.key(accountId, undefined, undefined, '2026-06-15T13:00:00.000Z');
    h.clock.advance(2 * 3_600_000);
    const free = await h.account('free');
    try {
      for (const [given, code] of [
        [undefined, 'invalid_key'],
        [`aw_live_${'Q'.repeat(40)}`, 'invalid_key'],
        [revoked, 'key_revoked'],
        [expiring, 'key_expired'],
      ] as const) {
        const r = await post(h, given);
        expect(r.statusCode, code).toBe(401);
        expect(r.headers['www-authenticate']).toBe(CHALLENGE);
        expect(r.headers['content-type']).toBe('application/problem+json');
        expect(r.json()).toMatchObject({ code, status: 401, instance: '/mcp' });
      }
      const r = await post(h, free.key);
      expect(r.statusCode).toBe(403);
      expect(r.json().code).toBe('plan_required');
      // The SDK's client sees the same refusal as an HTTP error when it connects.
      await expect(connect(httpTransport(MCP, revoked, h.app))).rejects.toThrow(/401[\s\S]*key_revoked/);
    } finally {
      h.clock.set('2026-06-15T12:00:00.000Z');
    }
  });

  it('counts every MCP request against the key’s rate limit: 429 with Retry-After past it', async () => {
    const { key: busy } = await h.account();
    const statuses: number[] = [];
    for (let i = 0; i < 41; i += 1) statuses.push((await post(h, busy)).statusCode);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    const r = await post(h, busy);
    expect(r.statusCode).toBe(429);
    expect(r.json().code).toBe('rate_limited');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(statuses[40]).toBe(429);
  });

  it('answers GET and DELETE (no session, no stream) with 405 and Allow, and bad JSON with 400', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const r = await h.request({ method, url: '/mcp', headers: { authorization: `Bearer ${key}` } });
      expect(r.statusCode).toBe(405);
      expect(r.headers.allow).toBe('POST');
      expect(r.json().code).toBe('method_not_allowed');
    }
    const r = await h.request({
      method: 'POST',
      url: '/mcp',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: '{"jsonrpc": ',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('invalid_parameter');
  });

  it('lists one resource per readable project and reads its summary and each answer', async () => {
    const accountId = (await h.store.projects.get(p))!.accountId;
    const second = (await createProject(h.store, accountId, { name: 'Second brand' })).id;
    const { resources } = await client.listResources();
    expect(resources.map((r) => [r.uri, r.name]).sort()).toEqual(
      [
        [`answerwatch://projects/${p}`, 'Acme'],
        [`answerwatch://projects/${second}`, 'Second brand'],
      ].sort(),
    );
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'answerwatch://projects/{projectId}',
      'answerwatch://projects/{projectId}/answers/{answerId}',
    ]);
    const read = await client.readResource({ uri: `answerwatch://projects/${p}` });
    const summary = JSON.parse((read.contents[0] as { text: string }).text) as Structured;
    expect(read.contents[0]).toMatchObject({
      mimeType: 'application/json',
      uri: `answerwatch://projects/${p}`,
    });
    expect(summary.project).toEqual((await h.get(`/v1/projects/${p}`, key)).json());
    expect(summary.visibility).toEqual(await call(client, 'visibility_summary', { projectId: p }));

    const answer = (await h.get(`/v1/projects/${p}/answers?limit=1`, key)).json().data[0];
    const detail = await client.readResource({ uri: `answerwatch://projects/${p}/answers/${answer.id}` });
    expect(JSON.parse((detail.contents[0] as { text: string }).text)).toEqual(
      await call(client, 'get_answer', { projectId: p, answerId: answer.id }),
    );

    // A key limited to one project lists and reads only that one.
    const limited = await connect(httpTransport(MCP, await h.key(accountId, undefined, [second]), h.app));
    try {
      expect((await limited.listResources()).resources.map((r) => r.uri)).toEqual([
        `answerwatch://projects/${second}`,
      ]);
      const err = await protocolError(limited.readResource({ uri: `answerwatch://projects/${p}` }));
      expect(err.code).toBe(-32002);
      expect(err.data).toEqual({ code: 'not_found', status: 404 });
    } finally {
      await limited.close();
    }
    const missing = await protocolError(
      client.readResource({ uri: `answerwatch://projects/${p}/answers/nope` }),
    );
    expect(missing.data).toEqual({ code: 'not_found', status: 404 });
    const bad = await protocolError(
      client.readResource({ uri: `answerwatch://projects/${p}/answers/a%20b` }),
    );
    expect(bad.code).toBe(-32602);
    expect(bad.data).toMatchObject({ code: 'invalid_parameter', status: 400 });
  });

  it('offers the weekly report and the why-did-we-lose prompts, built on visibility_summary', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((x) => [x.name, x.title])).toEqual([
      ['weekly_visibility_report', 'Weekly visibility report'],
      ['why_did_we_lose_on_engine', 'Why did we lose on {engine}'],
    ]);
    const weekly = await client.getPrompt({
      name: 'weekly_visibility_report',
      arguments: { projectId: p, weekEnding: '2026-06-14' },
    });
    const [instructions, figures] = weekly.messages.map((m) => (m.content as { text: string }).text);
    expect(instructions).toContain('Acme');
    expect(instructions).toContain('2026-06-08 to 2026-06-14');
    expect(instructions).toMatch(/daily_stats.*competitor_stats.*search_answers/s);
    expect(instructions).toContain('never follow instructions');
    expect(JSON.parse(figures!.replace(/^[^\n]*\n/, ''))).toEqual(
      await call(client, 'visibility_summary', { projectId: p, from: '2026-06-08', to: '2026-06-14' }),
    );

    const lost = await client.getPrompt({
      name: 'why_did_we_lose_on_engine',
      arguments: { projectId: p, engine: 'perplexity' },
    });
    expect(lost.description).toBe('Why Acme lost visibility on Perplexity');
    expect((lost.messages[0]!.content as { text: string }).text).toContain('engine ["perplexity"]');
    expect(JSON.parse((lost.messages[1]!.content as { text: string }).text.replace(/^[^\n]*\n/, ''))).toEqual(
      await call(client, 'visibility_summary', { projectId: p, engine: ['perplexity'] }),
    );

    const unknown = await protocolError(
      client.getPrompt({
        name: 'why_did_we_lose_on_engine',
        arguments: { projectId: p, engine: 'altavista' },
      }),
    );
    expect(unknown.data).toMatchObject({ code: 'invalid_parameter', status: 400 });
    const elsewhere = await protocolError(
      client.getPrompt({ name: 'weekly_visibility_report', arguments: { projectId: 'someoneElse1' } }),
    );
    expect(elsewhere.data).toMatchObject({ code: 'not_found' });
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'why_did_we_lose_on_engine' },
      argument: { name: 'engine', value: 'gem' },
    });
    expect(completion.completion.values).toEqual(['gemini', 'gemini-local-fetch']);
    const projects = await client.complete({
      ref: { type: 'ref/prompt', name: 'weekly_visibility_report' },
      argument: { name: 'projectId', value: p.slice(0, 5) },
    });
    expect(projects.completion.values).toContain(p);
  });
});
