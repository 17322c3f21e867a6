/**
 * The opt-in `crawler.blocked` event on both stores: raised in the transaction that stores a batch of log lines
 * (a shipper's POST or a file import) when an AI agent that got a page starts getting 4xx/5xx on it, once per agent
 * and page, to the webhooks that subscribed to it and no other.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CrawlerBlockedEvent } from '../../server/contract/traffic-events.ts';
import { WebhookDelivery } from '../../server/contract/webhooks.ts';
import { verifySignature } from '../../server/domain/webhook-signature.ts';
import { importTraffic } from '../../server/traffic/import-traffic.ts';
import { startWebhookReceiver, testCa, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { BASE, testResolver } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { createRunHarness, type RunHarness } from '../support/run-harness.ts';
import { shippedAddress } from '../support/shipped-ranges.ts';

const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const CLAUDEBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** In GPTBot's published range (the shipped snapshot); 203.0.113.0/24 is in no operator's. */
const OPENAI_IP = shippedAddress('openai-gptbot', 10);
const ELSEWHERE = '203.0.113.66';

let h: RunHarness;
let receiver: WebhookReceiver;
let key: string;
let shipper: string;
let projectId: string;

/** A line of our JSON format `hoursAgo` hours before the harness's clock. */
function hit(hoursAgo: number, path: string, status: number, userAgent = GPTBOT, ip = OPENAI_IP): string {
  const time = new Date(h.clock.now().getTime() - hoursAgo * 3_600_000).toISOString();
  return JSON.stringify({ time, ip, method: 'GET', url: path, status, bytes: 10, referer: null, userAgent });
}
const at = (hoursAgo: number) => new Date(h.clock.now().getTime() - hoursAgo * 3_600_000).toISOString();

async function setUp() {
  receiver = await startWebhookReceiver();
  h = await createRunHarness({
    webhookNet: { allowPrivate: true, resolve: testResolver(), ca: testCa(), timeoutMs: 1_000 },
  });
  const account = await h.account('premium');
  key = account.key;
  projectId = (await createProject(h.store, account.accountId, { websiteUrl: 'https://acme.com' })).id;
  shipper = await h.key(account.accountId, ['visibility:read', 'traffic:write']);
}

async function register(path: string, events?: string[]) {
  const r = await h.write('POST', `/v1/projects/${projectId}/webhooks`, key, {
    url: `${receiver.url}${path}`,
    ...(events && { events }),
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { id: string; secret: string };
}

async function ship(lines: string[]) {
  const r = await h.request({
    method: 'POST',
    url: `/v1/projects/${projectId}/traffic`,
    headers: { authorization: `Bearer ${shipper}`, 'content-type': 'application/x-ndjson' },
    payload: lines.join('\n'),
  });
  expect(r.statusCode, r.body).toBe(202);
  expect(r.json().refused.count).toBe(0);
}

const links = () => ({
  unreachable: `${BASE}/projects/${projectId}/stats/pages?problem=unreachable`,
  crawlers: `${BASE}/projects/${projectId}/stats/crawlers`,
});

afterEach(async () => {
  await h?.close();
  await receiver?.close();
});

describe('crawler.blocked', () => {
  it('is sent once, signed, when GPTBot that got /pricing gets 403 on it, to the subscribed webhook only', async () => {
    await setUp();
    const hook = await register('/blocked', ['crawler.blocked']);
    await register('/runs');
    await ship([
      hit(30, '/pricing', 200),
      hit(29, '/about', 200),
      hit(28, '/start', 404),
      // Googlebot is no AI agent: its 200 then 500 below raises nothing.
      hit(27, '/pricing', 200, GOOGLEBOT, shippedAddress('google-googlebot', 1)),
    ]);
    await h.jobs.tick();
    expect(receiver.received).toEqual([]);

    await ship([
      hit(5, '/pricing', 403),
      hit(4, '/pricing', 403),
      hit(3, '/pricing', 403),
      // A spoofed GPTBot's 403 on a page the real one got: not GPTBot, so nothing.
      hit(3, '/about', 403, GPTBOT, ELSEWHERE),
      // Never 2xx for GPTBot: nothing, whether it failed before or is new.
      hit(3, '/start', 404),
      hit(3, '/new', 500),
      hit(2, '/pricing', 500, GOOGLEBOT, shippedAddress('google-googlebot', 1)),
    ]);
    await h.jobs.tick();
    await receiver.waitFor(1);
    // Another batch still failing raises nothing more: the transition was reported.
    await ship([hit(1, '/pricing', 403)]);
    await h.jobs.tick();

    const [got, ...others] = receiver.received;
    expect(others).toEqual([]);
    expect(got!.path).toBe('/blocked');
    expect(got!.headers['x-service-event']).toBe('crawler.blocked');
    const raw = got!.rawBody.toString('utf8');
    const signature = String(got!.headers['x-service-signature']);
    expect(verifySignature(raw, signature, hook.secret, 300, h.clock.now().getTime())).toBe(true);
    expect(CrawlerBlockedEvent.parse(JSON.parse(raw))).toEqual({
      id: expect.stringMatching(/^evt/),
      event: 'crawler.blocked',
      createdAt: h.clock.now().toISOString(),
      data: {
        projectId,
        agent: 'GPTBot',
        operator: 'OpenAI',
        purpose: 'training',
        verification: 'verified',
        page: '/pricing',
        previous: { statusClass: '2xx', at: at(30) },
        current: { statusClass: '4xx', at: at(5) },
        links: links(),
      },
    });
    const [delivery] = (await h.get(`/v1/projects/${projectId}/webhooks/${hook.id}/deliveries`, key)).json()
      .data;
    expect(WebhookDelivery.parse(delivery)).toMatchObject({
      id: got!.headers['x-service-delivery'],
      event: 'crawler.blocked',
      status: 'delivered',
      runId: null,
      requestId: null,
    });
  });

  it('is raised by a file import too, again after a recovery, and within one batch that shows both', async () => {
    await setUp();
    await register('/blocked', ['crawler.blocked', 'run.completed']);
    const file = (lines: string[]) =>
      importTraffic(h.store, h.clock, projectId, lines, { baseUrl: BASE, identity: 'first-line' });
    // ClaudeBot (claimed: Anthropic publishes no ranges) gets /docs, then 500 in the same file. On /same a 500 and
    // a 200 in the same second tell no order: nothing.
    await file([
      hit(10, '/docs', 200, CLAUDEBOT, ELSEWHERE),
      hit(9, '/docs', 500, CLAUDEBOT, ELSEWHERE),
      hit(9, '/same', 500, CLAUDEBOT, ELSEWHERE),
      hit(9, '/same', 200, CLAUDEBOT, ELSEWHERE),
    ]);
    // It recovers, then fails again: a second transition, a second event.
    await file([hit(8, '/docs', 200, CLAUDEBOT, ELSEWHERE), hit(7, '/docs', 404, CLAUDEBOT, ELSEWHERE)]);
    // It recovers and stays well: nothing.
    await file([hit(6, '/docs', 200, CLAUDEBOT, ELSEWHERE)]);
    await h.jobs.tick();
    await receiver.waitFor(2);
    await h.jobs.tick();
    const events = receiver.receivedAt('/blocked').map((r) => CrawlerBlockedEvent.parse(r.event).data);
    expect(events).toEqual([
      expect.objectContaining({
        agent: 'ClaudeBot',
        operator: 'Anthropic',
        verification: 'claimed',
        page: '/docs',
        previous: { statusClass: '2xx', at: at(10) },
        current: { statusClass: '5xx', at: at(9) },
      }),
      expect.objectContaining({
        agent: 'ClaudeBot',
        previous: { statusClass: '2xx', at: at(8) },
        current: { statusClass: '4xx', at: at(7) },
      }),
    ]);
  });

  it('is not among the default events', async () => {
    await setUp();
    const hook = await register('/hook');
    expect((await h.get(`/v1/projects/${projectId}/webhooks`, key)).json().data[0]).toMatchObject({
      id: hook.id,
      events: ['run.completed', 'run.failed'],
    });
    await ship([hit(3, '/pricing', 200), hit(2, '/pricing', 403)]);
    await h.jobs.tick();
    expect(receiver.received).toEqual([]);
  });
});
