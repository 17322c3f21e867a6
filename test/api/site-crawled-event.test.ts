import { afterEach, describe, expect, it } from 'vitest';
import { FINDING_TYPES } from '../../server/contract/site-crawl.ts';
import { SiteCrawledEvent } from '../../server/contract/site-events.ts';
import { WebhookDelivery } from '../../server/contract/webhooks.ts';
import { expireSiteCrawls } from '../../server/domain/site-crawl-expiry.ts';
import { verifySignature } from '../../server/domain/webhook-signature.ts';
import { startWebhookReceiver, testCa, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { BASE, testResolver } from '../support/api-harness.ts';
import { createRunHarness, type RunHarness } from '../support/run-harness.ts';
import { crawlSummary, sitePage } from '../support/site-crawl-result.ts';
import { siteHost, type SiteHost } from '../support/site-crawl-host.ts';

let h: RunHarness;
let receiver: WebhookReceiver;
let site: SiteHost;

async function setUp() {
  receiver = await startWebhookReceiver();
  h = await createRunHarness({
    webhookNet: { allowPrivate: true, resolve: testResolver(), ca: testCa(), timeoutMs: 1_000 },
  });
  site = await siteHost(h);
}

async function register(path: string, events?: string[]) {
  const r = await h.write('POST', `/v1/projects/${site.projectId}/webhooks`, site.key, {
    url: `${receiver.url}${path}`,
    ...(events && { events }),
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { id: string; secret: string };
}

const noFindings = () => Object.fromEntries(FINDING_TYPES.map((t) => [t, 0]));
const links = (crawlId: string) => ({
  site: `${BASE}/projects/${site.projectId}/site`,
  pages: `${BASE}/projects/${site.projectId}/site/pages`,
  crawl: `${BASE}/projects/${site.projectId}/site/crawls/${crawlId}`,
});
const crawl = async (id: string) =>
  (await h.get(`/v1/projects/${site.projectId}/site/crawls/${id}`, site.key)).json();

afterEach(async () => {
  await h?.close();
  await receiver?.close();
});

describe('site.crawled', () => {
  it('is sent, signed, when a crawl completes, to the webhooks that subscribed to it and no other', async () => {
    await setUp();
    const hook = await register('/site', ['site.crawled']);
    await register('/runs');
    await register('/alerts', ['visibility.dropped', 'run.completed']);
    const crawlId = (await site.claimedCrawl()).crawlId;
    const gone = 'https://acme.example/gone';
    await site.finish(
      crawlId,
      [sitePage('https://acme.example/', { source: 'home' }), sitePage(gone, { status: 404, title: null })],
      {
        findings: [
          { type: 'cited_page_error', pages: [gone], count: 1, agent: null, detail: '404' },
          { type: 'missing_title', pages: [gone], count: 1, agent: null, detail: null },
          {
            type: 'ai_agent_blocked',
            pages: ['https://acme.example/'],
            count: 1,
            agent: 'GPTBot',
            detail: null,
          },
          {
            type: 'ai_agent_blocked',
            pages: ['https://acme.example/'],
            count: 1,
            agent: 'CCBot',
            detail: null,
          },
        ],
      },
    );
    // Finishing again (its answer was lost) ends nothing twice, so no second event.
    const again = await site.hostCall(`/site-crawls/${crawlId}/finish`, {
      result: crawlSummary(crawlId),
      pageCount: 2,
    });
    expect(again.json()).toEqual({ crawlId, state: 'completed' });
    await h.jobs.tick();
    await receiver.waitFor(1);

    const [got, ...others] = receiver.received;
    expect(others).toEqual([]);
    expect(got!.path).toBe('/site');
    expect(got!.headers['x-service-event']).toBe('site.crawled');
    const raw = got!.rawBody.toString('utf8');
    const signature = String(got!.headers['x-service-signature']);
    expect(verifySignature(raw, signature, hook.secret, 300, h.clock.now().getTime())).toBe(true);
    expect(verifySignature(`${raw} `, signature, hook.secret, 300, h.clock.now().getTime())).toBe(false);

    const ended = await crawl(crawlId);
    expect(SiteCrawledEvent.parse(JSON.parse(raw))).toEqual({
      id: expect.stringMatching(/^evt/),
      event: 'site.crawled',
      createdAt: ended.finishedAt,
      data: {
        projectId: site.projectId,
        crawlId,
        state: 'completed',
        trigger: 'manual',
        startedAt: ended.startedAt,
        finishedAt: ended.finishedAt,
        error: null,
        counts: {
          pages: 2,
          findings: { ...noFindings(), cited_page_error: 1, missing_title: 1, ai_agent_blocked: 2 },
        },
        links: links(crawlId),
      },
    });
    const [delivery] = (
      await h.get(`/v1/projects/${site.projectId}/webhooks/${hook.id}/deliveries`, site.key)
    ).json().data;
    expect(WebhookDelivery.parse(delivery)).toMatchObject({
      id: got!.headers['x-service-delivery'],
      event: 'site.crawled',
      status: 'delivered',
      runId: null,
      requestId: null,
    });
  });

  it('is sent for a failed crawl with its error, and for a crawl no host ended within 24 hours', async () => {
    await setUp();
    await register('/site', ['site.crawled', 'run.failed']);
    const crawlId = (await site.claimedCrawl()).crawlId;
    const error = { code: 'site_unreachable' as const, message: 'acme.example did not answer' };
    await site.finish(crawlId, [], { outcome: 'failed', error, llmsTxt: null, agents: [] });
    await h.jobs.tick();
    await receiver.waitFor(1);
    expect(receiver.receivedAt('/site')[0]!.event.data).toMatchObject({
      crawlId,
      state: 'failed',
      error,
      counts: { pages: 0, findings: noFindings() },
    });

    const requested = await h.write('POST', `/v1/projects/${site.projectId}/site/crawl`, site.key);
    const waiting = requested.json().id as string;
    h.clock.advance(24 * 3_600_000 + 60_000);
    await expireSiteCrawls(h.store, h.clock, BASE);
    await h.jobs.tick();
    await receiver.waitFor(2);
    const [, expired] = receiver.receivedAt('/site');
    expect(SiteCrawledEvent.parse(expired!.event).data).toEqual({
      projectId: site.projectId,
      crawlId: waiting,
      state: 'failed',
      trigger: 'manual',
      startedAt: null,
      finishedAt: (await crawl(waiting)).finishedAt,
      error: { code: 'host_unavailable', message: expect.stringMatching(/did not start the crawl/) },
      counts: { pages: 0, findings: noFindings() },
      links: links(waiting),
    });
    expect(receiver.received).toHaveLength(2);
  });

  it('is not among the default events, and can be subscribed to by changing a webhook', async () => {
    await setUp();
    const hook = await register('/hook');
    expect((await h.get(`/v1/projects/${site.projectId}/webhooks`, site.key)).json().data[0].events).toEqual([
      'run.completed',
      'run.failed',
    ]);
    await site.finish((await site.claimedCrawl()).crawlId, []);
    await h.jobs.tick();
    expect(receiver.received).toEqual([]);

    const changed = await h.write('PATCH', `/v1/projects/${site.projectId}/webhooks/${hook.id}`, site.key, {
      events: ['run.completed', 'site.crawled'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await site.finish((await site.claimedCrawl()).crawlId, []);
    await h.jobs.tick();
    await receiver.waitFor(1);
    expect(receiver.receivedAt('/hook').map((r) => r.event.event)).toEqual(['site.crawled']);
  });
});
