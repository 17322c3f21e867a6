import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type Operation } from '../../server/contract/operations.ts';
import { hashKey } from '../../server/domain/api-keys.ts';
import { ALL_SCOPES, createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';

/** A body each write accepts, so that what answers is the key and the project, not the body's validation. */
const VALID_BODIES: Record<string, unknown> = {
  createProject: { name: 'Auth matrix', websiteUrl: 'https://auth.example' },
  replaceCompetitors: [],
  replaceSourceTypes: [],
  updateAction: { status: 'done' },
  updateReportDigest: { cadence: 'off', recipients: [] },
  sendReportDigest: { from: '2026-06-08', to: '2026-06-14' },
  createPrompt: { text: 'Auth matrix prompt' },
  updateTracking: { cadence: 'daily' },
  createWebhook: { url: 'https://hooks.acme.com/answerwatch' },
  createApiKey: { label: 'Auth matrix key' },
};

const CHALLENGE = 'Bearer realm="answerwatch", error="invalid_token"';

describe('authentication and authorisation', () => {
  let h: Harness;
  let accountId: string;
  let projectId: string;
  let mounted: Operation[];
  const url = (op: Operation, project = projectId) =>
    `/v1${op.path.replace('{projectId}', project).replace(/\{\w+\}/g, 'x1')}`;
  const call = (op: Operation, key?: string, project?: string) =>
    h.request({
      method: op.method,
      url: url(op, project),
      headers: key ? { authorization: `Bearer ${key}` } : {},
      ...(op.body ? { payload: VALID_BODIES[op.operationId] ?? {} } : {}),
    });

  beforeAll(async () => {
    h = await createHarness();
    // A share link's period and expiry are checked against the service's clock.
    const now = h.clock.now().getTime();
    const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
    VALID_BODIES.createReportLink = {
      from: day(-7),
      to: day(-1),
      expiresAt: new Date(now + 7 * 86_400_000).toISOString(),
    };
    const a = await h.account();
    accountId = a.accountId;
    projectId = (await createProject(h.store, accountId)).id;
    mounted = operations.filter((op) =>
      h.app.hasRoute({ method: op.method, url: `/v1${op.path.replace(/\{(\w+)\}/g, ':$1')}` }),
    );
  });
  afterAll(() => h.close());

  it('mounts every read operation of the contract and of its extensions', () => {
    const reads = operations.filter((o) => o.scope === 'visibility:read').map((o) => o.operationId);
    expect(mounted.map((o) => o.operationId)).toEqual(expect.arrayContaining(reads));
    expect(operations.filter((o) => o.scope === 'visibility:read' && !o.extension)).toHaveLength(17);
  });

  it('answers 401 invalid_key with the Bearer challenge for a missing, malformed or unknown key', async () => {
    const unknown = `aw_live_${'A'.repeat(40)}`;
    for (const op of mounted) {
      for (const key of [undefined, 'not-a-key', unknown, `${unknown}x`]) {
        const r = await call(op, key);
        expect(r.statusCode, `${op.operationId} ${key}`).toBe(401);
        expect(r.headers['www-authenticate']).toBe(CHALLENGE);
        expect(r.json().code).toBe('invalid_key');
      }
    }
    const lowercaseScheme = await h.get('/v1/me', undefined, { authorization: `bearer ${unknown}` });
    expect(lowercaseScheme.json().code).toBe('invalid_key');
  });

  it('answers 401 key_revoked for a revoked key and key_expired for an expired one', async () => {
    const revoked = await h.key(accountId);
    const keyId = (await h.store.apiKeys.findByHash(hashKey(revoked)))!.id;
    await h.store.apiKeys.revoke(keyId, h.clock.now().toISOString());
    const expiring = await h.key(
      accountId,
      undefined,
      undefined,
      new Date(h.clock.now().getTime() + 60_000).toISOString(),
    );
    expect((await h.get('/v1/me', expiring)).statusCode).toBe(200);
    h.clock.advance(60_000);
    for (const op of mounted) {
      const r1 = await call(op, revoked);
      expect(r1.statusCode).toBe(401);
      expect(r1.json().code).toBe('key_revoked');
      expect(r1.headers['www-authenticate']).toBe(CHALLENGE);
      const r2 = await call(op, expiring);
      expect(r2.statusCode).toBe(401);
      expect(r2.json().code).toBe('key_expired');
    }
  });

  it('answers 403 plan_required on every endpoint for a free account', async () => {
    const free = await h.account('free');
    const freeProject = (await createProject(h.store, free.accountId)).id;
    for (const op of mounted) {
      const r = await call(op, free.key, freeProject);
      expect(r.statusCode, op.operationId).toBe(403);
      expect(r.json().code).toBe('plan_required');
    }
    // Refused for its plan, the key was never used: its settings must not say it was.
    expect((await h.store.apiKeys.get(free.keyId))?.lastUsedAt).toBeNull();
    const paid = await h.account('premium');
    expect((await h.get('/v1/me', paid.key)).statusCode).toBe(200);
    expect((await h.store.apiKeys.get(paid.keyId))?.lastUsedAt).toBe(h.clock.now().toISOString());
  });

  it('checks each operation against the key scopes', async () => {
    const scopeSets = [
      ['visibility:read'],
      ['visibility:read', 'tracking:write'],
      ['visibility:read', 'runs:execute'],
    ];
    for (const scopes of scopeSets) {
      const key = await h.key(accountId, scopes);
      for (const op of mounted) {
        const r = await call(op, key);
        // The account's administration (its plan, keys, computers, audit log) is for its people signed in: no key
        // reaches it, whatever its scopes.
        if (op.operationId === 'getAccountBrand') {
          // What the account's reports are shown under (a name, a logo, a colour) is read by any caller of it.
          expect(r.statusCode, `${op.operationId} with ${scopes}`).toBe(200);
        } else if (op.path.startsWith('/account')) {
          expect(r.statusCode, `${op.operationId} with ${scopes}`).toBe(403);
          expect(r.json().code).toBe('insufficient_scope');
        } else if (scopes.includes(op.scope)) {
          expect(r.statusCode, `${op.operationId} with ${scopes}`).not.toBe(403);
        } else {
          expect(r.statusCode, `${op.operationId} with ${scopes}`).toBe(403);
          expect(r.json().code).toBe('insufficient_scope');
        }
      }
    }
  });

  it('answers a project the key cannot read exactly like one that does not exist', async () => {
    const other = await createProject(h.store, accountId, { name: 'Other' });
    const scoped = await h.key(accountId, [...ALL_SCOPES, 'traffic:write'], [projectId]);
    const stranger = await h.account('premium', [...ALL_SCOPES, 'traffic:write']);
    const missing = 'prjDoesNotExist0000000';
    for (const op of mounted.filter((o) => o.path.includes('{projectId}'))) {
      const bodies = [];
      for (const [key, project] of [
        [scoped, other.id],
        [stranger.key, projectId],
        [scoped, missing],
      ] as const) {
        const r = await call(op, key, project);
        expect(r.statusCode, `${op.operationId} ${project}`).toBe(404);
        const { requestId: _requestId, instance: _instance, ...rest } = r.json();
        bodies.push(rest);
      }
      expect(bodies[0]).toEqual(bodies[2]);
      expect(bodies[1]).toEqual(bodies[2]);
    }
    const me = (await h.get('/v1/me', scoped)).json();
    expect(me.projects).toEqual([projectId]);
    const list = (await h.get('/v1/projects', scoped)).json();
    expect(list.data.map((p: { id: string }) => p.id)).toEqual([projectId]);
  });

  it('describes the calling key on /me', async () => {
    const a = await h.account('byok', ['visibility:read', 'runs:execute']);
    const p = await createProject(h.store, a.accountId);
    const r = await h.get('/v1/me', a.key);
    expect(r.json()).toEqual({
      keyId: a.keyId,
      label: 'test',
      scopes: ['visibility:read', 'runs:execute'],
      createdAt: h.clock.now().toISOString(),
      expiresAt: null,
      account: { plan: 'byok' },
      projects: [p.id],
    });
  });
});
