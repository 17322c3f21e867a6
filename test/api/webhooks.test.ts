import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Webhook, WebhookWithSecret } from '../../server/contract/webhooks.ts';
import { createHarness, testResolver, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { rawDb } from '../support/raw-db.ts';

let h: Harness;
let key: string;
let projectId: string;

const create = (body: unknown, project = projectId) =>
  h.write('POST', `/v1/projects/${project}/webhooks`, key, body);
const list = async () => (await h.get(`/v1/projects/${projectId}/webhooks`, key)).json().data;

beforeEach(async () => {
  h = await createHarness({
    webhookNet: {
      allowPrivate: false,
      resolve: testResolver({
        'private.acme.com': ['10.1.2.3'],
        'mixed.acme.com': ['93.184.216.34', '127.0.0.1'],
        'mapped.acme.com': ['::ffff:192.168.1.1'],
      }),
    },
  });
  let accountId: string;
  ({ key, accountId } = await h.account('premium'));
  projectId = (await createProject(h.store, accountId)).id;
});
afterEach(() => h.close());

describe('webhook endpoints', () => {
  it('registers a webhook: 201 with its whsec_ secret once, both events by default', async () => {
    const r = await create({ url: 'https://hooks.acme.com/answerwatch', description: 'Slack relay' });
    expect(r.statusCode).toBe(201);
    const body = WebhookWithSecret.parse(r.json());
    expect(body).toMatchObject({
      url: 'https://hooks.acme.com/answerwatch',
      events: ['run.completed', 'run.failed'],
      description: 'Slack relay',
      active: true,
      lastDeliveryAt: null,
      lastDeliveryStatus: null,
      consecutiveFailures: 0,
      createdAt: h.clock.now().toISOString(),
    });
    // whsec_ and at least 32 bytes of randomness.
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43,}$/);
    const listed = await list();
    expect(listed).toHaveLength(1);
    expect(Webhook.parse(listed[0])).not.toHaveProperty('secret');
    // Stored sealed: the secret appears nowhere in the database.
    const db = rawDb(h.dbPath);
    try {
      const rows = await db.selectFrom('webhooks').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(body.secret.slice(6));
    } finally {
      await db.destroy();
    }
  });

  it('subscribes to the events given', async () => {
    const r = await create({ url: 'https://hooks.acme.com/failed', events: ['run.failed'] });
    expect(r.json().events).toEqual(['run.failed']);
    for (const events of [[], ['ping'], ['run.started']]) {
      expect((await create({ url: 'https://hooks.acme.com/x', events })).statusCode).toBe(400);
    }
  });

  it('refuses URLs that are not public https, naming the problem, and stores nothing', async () => {
    const refused: [string, RegExp][] = [
      ['http://hooks.acme.com/h', /https/],
      ['https://localhost/h', /local/],
      ['https://api.localhost/h', /local/],
      ['https://127.0.0.1/h', /IP address/],
      ['https://127.1/h', /IP address/],
      ['https://2130706433/h', /IP address/],
      ['https://0x7f.1/h', /IP address/],
      ['https://[::ffff:127.0.0.1]/h', /IP address/],
      ['https://private.acme.com/h', /10\.1\.2\.3.*private/],
      ['https://mixed.acme.com/h', /127\.0\.0\.1/],
      ['https://mapped.acme.com/h', /192\.168\.1\.1|private/],
      ['https://unknown.acme.com/h', /does not resolve/],
      ['https://user:pw@hooks.acme.com/h', /username or password/],
      ['not a url', /url/],
    ];
    for (const [url, detail] of refused) {
      const r = await create({ url });
      expect(r.statusCode, url).toBe(400);
      expect(r.json().code, url).toBe('invalid_parameter');
      expect(r.json().detail, url).toMatch(detail);
    }
    expect(await list()).toEqual([]);
  });

  it('limits the description to 120 characters and a project to 5 webhooks (409 plan_limit)', async () => {
    expect((await create({ url: 'https://hooks.acme.com/d', description: 'd'.repeat(121) })).statusCode).toBe(
      400,
    );
    for (let i = 0; i < 5; i += 1) {
      expect((await create({ url: `https://hooks.acme.com/${i}` })).statusCode).toBe(201);
    }
    const sixth = await create({ url: 'https://hooks.acme.com/6' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().code).toBe('plan_limit');
  });

  it('deletes a webhook with its pending deliveries; a second delete is a 404', async () => {
    const id = (await create({ url: 'https://hooks.acme.com/del' })).json().id;
    await h.store.webhooks.enqueue(
      [
        {
          id: 'dlvPending',
          webhookId: id,
          projectId,
          eventId: 'evt1',
          event: 'run.completed',
          payload: '{}',
          runId: null,
          requestId: null,
          createdAt: h.clock.now().toISOString(),
        },
      ],
      h.clock.now().toISOString(),
    );
    const r = await h.write('DELETE', `/v1/projects/${projectId}/webhooks/${id}`, key);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ deleted: true });
    expect(await h.store.webhooks.delivery('dlvPending')).toBeUndefined();
    expect((await h.write('DELETE', `/v1/projects/${projectId}/webhooks/${id}`, key)).statusCode).toBe(404);
    expect((await h.get(`/v1/projects/${projectId}/webhooks/${id}/deliveries`, key)).statusCode).toBe(404);
    expect((await h.write('POST', `/v1/projects/${projectId}/webhooks/${id}/test`, key)).statusCode).toBe(
      404,
    );
  });
});
