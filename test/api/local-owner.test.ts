import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHostPort } from '../../server/routes/local-owner.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';

const TOKEN = `awl_${'T'.repeat(40)}`;

describe('the local owner of answerwatch start', () => {
  let h: Harness;
  let premium: string;
  let free: string;
  const engineKeys = new Map<string, string>();
  const signIns: string[] = [];
  const hosts: LocalHostPort = {
    engineKeys: async () =>
      ['chatgpt', 'claude'].map((engineId) => ({ engineId, hasKey: engineKeys.has(engineId) })),
    setEngineKey: async (_a, engineId, key) => void engineKeys.set(engineId, key),
    removeEngineKey: async (_a, engineId) => void engineKeys.delete(engineId),
    signIn: async (_a, engineId) => void signIns.push(engineId),
    hostAccount: () => {},
  };
  const owner = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, account?: string, body?: unknown) =>
    h.request({
      method,
      url,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        ...(account && { 'x-answerwatch-account': account }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });

  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-ui-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Answerwatch</title>');
    writeFileSync(join(dir, 'assets', 'main.js'), 'console.log(1)');
    h = await createHarness({ localOwner: { token: TOKEN, hosts }, webUiDir: dir });
    premium = (await h.account('premium')).accountId;
    free = (await h.account('free')).accountId;
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uses the whole API for one of the machine’s accounts, free plans included', async () => {
    const project = await createProject(h.store, free, { name: 'Free brand' });
    const r = await owner('GET', '/v1/projects', free);
    expect(r.statusCode).toBe(200);
    expect(r.json().data.map((p: { id: string }) => p.id)).toEqual([project.id]);
    expect(
      (await owner('POST', '/v1/projects', premium, { name: 'P', websiteUrl: 'https://p.example' }))
        .statusCode,
    ).toBe(201);
    expect((await owner('GET', '/v1/projects')).json().code).toBe('invalid_parameter');
    expect((await owner('GET', '/v1/projects', 'accNope')).statusCode).toBe(400);
  });

  it('refuses a wrong token, and the owner token from another machine', async () => {
    const wrong = await h.get('/v1/projects', `awl_${'X'.repeat(40)}`, { 'x-answerwatch-account': premium });
    expect(wrong.statusCode).toBe(401);
    const remote = await h.request({
      method: 'GET',
      url: '/v1/projects',
      remoteAddress: '192.168.1.20',
      headers: { authorization: `Bearer ${TOKEN}`, 'x-answerwatch-account': premium },
    });
    expect(remote.statusCode).toBe(401);
    expect((await h.get('/local/v1/accounts')).statusCode).toBe(401);
  });

  it('manages API keys at /v1/account/keys, and this computer’s engine keys and sign-in under /local/v1', async () => {
    const accounts = (await owner('GET', '/local/v1/accounts')).json().data;
    expect(accounts.map((a: { id: string }) => a.id).sort()).toEqual([premium, free].sort());
    const created = await owner('POST', '/v1/account/keys', premium, {
      label: 'BI',
      scopes: ['visibility:read', 'runs:execute'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().key).toMatch(/^aw_live_/);
    const listed = (await owner('GET', '/v1/account/keys', premium)).json().data;
    expect(listed.find((k: { keyId: string }) => k.keyId === created.json().keyId)).not.toHaveProperty('key');
    expect((await owner('DELETE', `/v1/account/keys/${created.json().keyId}`, free)).statusCode).toBe(404);
    expect((await owner('DELETE', `/v1/account/keys/${created.json().keyId}`, premium)).json()).toEqual({
      revoked: true,
    });
    expect((await h.get('/v1/me', created.json().key)).statusCode).toBe(401);
    // This machine's owner reads the account's audit log: the key made and revoked from its web UI.
    const audit = await owner('GET', '/v1/account/audit-log', premium);
    expect(audit.statusCode, audit.body).toBe(200);
    const localOwner = { type: 'operator', id: null, label: 'Local owner (web UI)' };
    expect(audit.json().data.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'key_revoked', actor: localOwner, target: created.json().keyId }),
      expect.objectContaining({ kind: 'key_created', actor: localOwner, address: '127.0.0.1' }),
    ]);

    expect(
      (await owner('PUT', `/local/v1/accounts/${premium}/engine-keys/claude`, undefined, { key: 'sk-ant-1' }))
        .statusCode,
    ).toBe(204);
    expect((await owner('GET', `/local/v1/accounts/${premium}/engine-keys`)).json().data).toEqual([
      { engineId: 'chatgpt', hasKey: false },
      { engineId: 'claude', hasKey: true },
    ]);
    expect((await owner('DELETE', `/local/v1/accounts/${premium}/engine-keys/claude`)).statusCode).toBe(204);
    expect(
      (await owner('PUT', `/local/v1/accounts/${premium}/engine-keys/nope`, undefined, { key: 'k' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await owner('POST', `/local/v1/accounts/${premium}/sign-in/chatgpt-local-fetch`)).statusCode,
    ).toBe(202);
    expect(signIns).toEqual(['chatgpt-local-fetch']);
  });

  it('creates a key restricted to projects and with an expiry', async () => {
    const mine = await createProject(h.store, premium, { name: 'Mine' });
    const hidden = await createProject(h.store, premium, { name: 'Hidden' });
    const expiresAt = new Date(h.clock.now().getTime() + 86_400_000).toISOString();
    const created = await owner('POST', '/v1/account/keys', premium, {
      label: 'one project',
      projectIds: [mine.id],
      expiresAt,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ projects: [mine.id], expiresAt });
    const key = created.json().key;
    expect((await h.get(`/v1/projects/${mine.id}`, key)).statusCode).toBe(200);
    expect((await h.get(`/v1/projects/${hidden.id}`, key)).statusCode).toBe(404);
    h.clock.advance(86_400_000);
    expect((await h.get('/v1/me', key)).json().code).toBe('key_expired');
    const refused = await owner('POST', '/v1/account/keys', premium, {
      label: 'past',
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(refused.statusCode).toBe(400);
    const foreign = await owner('POST', '/v1/account/keys', free, {
      label: 'foreign',
      projectIds: [mine.id],
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('serves the built web UI at /app with a strict Content-Security-Policy', async () => {
    const r = await h.get('/app/');
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<title>Answerwatch</title>');
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.headers['content-security-policy']).toContain("object-src 'none'");
    expect((await h.get('/app/assets/main.js')).headers['content-type']).toBe(
      'text/javascript; charset=utf-8',
    );
    expect((await h.get('/app/projects/deep-link')).body).toContain('<title>Answerwatch</title>');
    expect((await h.get('/app/assets/missing.js')).statusCode).toBe(404);
    expect((await h.get('/app/..%2F..%2Fpackage.json')).body).not.toContain('"dependencies"');
    expect((await h.get('/app')).statusCode).toBe(302);
  });

  it('says how to build the UI when it is not built', async () => {
    const bare = await createHarness({ webUiDir: join(dir, 'nothing-here') });
    try {
      const r = await bare.get('/app/');
      expect(r.statusCode).toBe(503);
      expect(r.body).toContain('npm run build:ui');
    } finally {
      await bare.close();
    }
  });
});
