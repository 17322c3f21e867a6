import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines, variedLines } from '../support/answers.ts';
import { createProject } from '../support/fixtures.ts';
import { testSecrets } from '../support/mail.ts';
import { call, connect, headerTransport, httpTransport, refusal } from '../support/mcp.ts';
import { peopleOf, SAME_ORIGIN } from '../support/people.ts';

const MCP = 'http://127.0.0.1:8787/mcp';

/** A JSON-RPC call to /mcp without the SDK, as a page or a script would send it, with the given headers. */
const rawPost = (h: Harness, headers: Record<string, string>, body: unknown) =>
  h.request({
    method: 'POST',
    url: '/mcp',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...headers,
    },
    payload: JSON.stringify(body),
  });

const createPromptCall = (projectId: string, text: string) => ({
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'create_prompt', arguments: { projectId, text } },
});

/** Every write tool with arguments that would succeed for a caller with the scope, and the scope it needs. */
const writes = (projectId: string, promptId: string): [string, Record<string, unknown>, string][] => [
  ['create_prompt', { projectId, text: 'which crm do agencies use?' }, 'tracking:write'],
  ['update_prompt', { projectId, promptId, text: 'which crm is cheapest?' }, 'tracking:write'],
  ['delete_prompt', { projectId, promptId }, 'tracking:write'],
  ['replace_competitors', { projectId, competitors: [{ name: 'Hooli' }] }, 'tracking:write'],
  ['update_tracking', { projectId, samplesPerPrompt: 2 }, 'tracking:write'],
  ['start_run', { projectId }, 'runs:execute'],
];

describe('MCP at /mcp through a person’s session: the same caller, scopes and isolation as /v1', () => {
  let h: Harness;
  let p: ReturnType<typeof peopleOf>;
  const secrets = testSecrets();
  const clients: Client[] = [];
  let alice: string;
  let accountA: string;
  let projectA: string;
  let projectB: string;
  let answerB: string;
  let promptB: string;

  /** The SDK's client with a person's cookie, from the service's own page, as the web UI would call it. */
  async function personClient(cookie: string, headers: Record<string, string> = {}): Promise<Client> {
    const client = await connect(headerTransport(MCP, { cookie, ...SAME_ORIGIN, ...headers }, h.app));
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    h = await createHarness({ secrets, signUp: { mode: 'open', plan: 'premium' } });
    p = peopleOf(h, secrets);
    alice = await p.signUp('alice@example.com');
    accountA = await p.accountOf(alice);
    projectA = (await createProject(h.store, accountA)).id;
    await importLines(h.store, h.clock, projectA, variedLines(8, '2026-06-15'));

    const bob = await p.signUp('bob@example.com');
    projectB = (await createProject(h.store, await p.accountOf(bob))).id;
    await importLines(h.store, h.clock, projectB, variedLines(8, '2026-06-15'));
    // B's own ids, read and made the way B does: through MCP with B's session.
    const asBob = await personClient(bob);
    answerB = (await call(asBob, 'search_answers', { projectId: projectB })).data[0].id;
    promptB = (await call(asBob, 'create_prompt', { projectId: projectB, text: 'best crm for bob?' })).id;
    await call(await personClient(alice), 'create_prompt', {
      projectId: projectA,
      text: 'best crm for alice?',
    });
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await h.close();
  });

  it('lists and reads only the person’s own account, and answers every id of another account not_found', async () => {
    const asAlice = await personClient(alice);
    const projects = await call(asAlice, 'list_projects');
    expect(projects.data.map((x: { id: string }) => x.id)).toEqual([projectA]);
    expect((await call(asAlice, 'visibility_summary', { projectId: projectA })).current.answers).toBe(8);
    expect((await call(asAlice, 'search_answers', { projectId: projectA })).data).toHaveLength(8);
    const listed = await asAlice.listResources();
    expect(listed.resources.map((r) => r.uri)).toEqual([`answerwatch://projects/${projectA}`]);

    const reads: [string, Record<string, unknown>][] = [
      ['visibility_summary', { projectId: projectB }],
      ['search_answers', { projectId: projectB }],
      ['get_answer', { projectId: projectB, answerId: answerB }],
      ['daily_stats', { projectId: projectB }],
      ['competitor_stats', { projectId: projectB }],
      ['list_prompts', { projectId: projectB }],
      ['list_competitors', { projectId: projectB }],
      ['get_capabilities', { projectId: projectB }],
      ['source_stats', { projectId: projectB }],
      ['trends', { projectId: projectB }],
    ];
    // Alice owns her account, so she has every scope: B's project is refused for being B's, not for her role.
    for (const [name, args] of [...reads, ...writes(projectB, promptB)]) {
      expect(await refusal(asAlice, name, args), name).toMatchObject({ code: 'not_found', status: 404 });
    }
    const resource = await asAlice.readResource({ uri: `answerwatch://projects/${projectB}` }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(resource).toBeInstanceOf(McpError);
    expect((resource as McpError).data).toMatchObject({ code: 'not_found', status: 404 });
    expect((await call(asAlice, 'list_prompts', { projectId: projectA })).data).toMatchObject([
      { text: 'best crm for alice?' },
    ]);
  });

  it('answers 404 not_found when the person names an account that is not theirs in X-Answerwatch-Account', async () => {
    const bobAccount = (await h.store.projects.get(projectB))!.accountId;
    const r = await rawPost(
      h,
      { cookie: alice, ...SAME_ORIGIN, 'x-answerwatch-account': bobAccount },
      createPromptCall(projectB, 'named the other account'),
    );
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('not_found');
  });

  it('lets a viewer read through MCP and refuses each write tool with insufficient_scope, changing nothing', async () => {
    const viewer = await p.join(alice, accountA, 'vera@example.com', 'viewer');
    const asViewer = await personClient(viewer.cookie);
    expect((await call(asViewer, 'list_projects')).data.map((x: { id: string }) => x.id)).toEqual([projectA]);
    const prompts = await call(asViewer, 'list_prompts', { projectId: projectA });
    const before = await call(asViewer, 'list_competitors', { projectId: projectA });
    for (const [name, args] of writes(projectA, prompts.data[0].id)) {
      const error = await refusal(asViewer, name, args);
      expect(error, name).toMatchObject({ code: 'insufficient_scope', status: 403 });
      // A person is told their role, not a key's missing scope.
      expect(error.detail, name).toContain('(viewer) only reads');
    }
    expect(await call(asViewer, 'list_prompts', { projectId: projectA })).toEqual(prompts);
    expect(await call(asViewer, 'list_competitors', { projectId: projectA })).toEqual(before);
    expect(await h.store.runRequests.list(projectA, null, 10)).toEqual([]);

    // The refusal is the role's: a member of the same account makes the same write.
    const member = await p.join(alice, accountA, 'max@example.com', 'member');
    const asMember = await personClient(member.cookie);
    const made = await call(asMember, 'create_prompt', {
      projectId: projectA,
      text: 'which crm do agencies use?',
    });
    expect(made.text).toBe('which crm do agencies use?');
  });

  it('refuses a cookie POST to /mcp that is not from the service’s own pages, before any tool runs', async () => {
    const before = (await h.store.prompts.all(projectA)).length;
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
      {},
    ];
    for (const headers of crossSite) {
      const r = await rawPost(h, { cookie: alice, ...headers }, createPromptCall(projectA, 'sent by evil'));
      expect(r.statusCode, JSON.stringify(headers)).toBe(403);
      expect(r.json().code).toBe('insufficient_scope');
      expect(r.json().detail).toContain('same origin');
    }
    expect(await h.store.prompts.all(projectA)).toHaveLength(before);
    const same = await rawPost(
      h,
      { cookie: alice, ...SAME_ORIGIN },
      createPromptCall(projectA, 'sent by alice'),
    );
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().result.isError).toBeFalsy();
    expect(await h.store.prompts.all(projectA)).toHaveLength(before + 1);
  });

  it('answers an ended session 401 with the Bearer challenge, and keeps keys as they were, winning over a cookie', async () => {
    const carol = await p.signUp('carol@example.com');
    const out = await p.post('/auth/sign-out', {}, carol);
    expect(out.statusCode).toBe(200);
    const ended = await rawPost(
      h,
      { cookie: carol, ...SAME_ORIGIN },
      createPromptCall(projectA, 'after sign-out'),
    );
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('invalid_key');
    expect(ended.headers['www-authenticate']).toMatch(/^Bearer /);

    const { key, accountId } = await h.account('premium');
    const keyProject = (await createProject(h.store, accountId)).id;
    const withBoth = await connect(
      headerTransport(MCP, { authorization: `Bearer ${key}`, cookie: alice, ...SAME_ORIGIN }, h.app),
    );
    const keyOnly = await connect(httpTransport(MCP, key, h.app));
    clients.push(withBoth, keyOnly);
    for (const client of [withBoth, keyOnly]) {
      expect((await call(client, 'list_projects')).data.map((x: { id: string }) => x.id)).toEqual([
        keyProject,
      ]);
      expect(await refusal(client, 'list_prompts', { projectId: projectA })).toMatchObject({
        code: 'not_found',
      });
    }
  });
});
