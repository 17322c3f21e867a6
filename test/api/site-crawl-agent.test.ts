import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, type Agent } from '../../app/agent/agent.ts';
import { fixedEngines } from '../../app/agent/engine-factory.ts';
import { openLocalStore, type LocalStore } from '../../app/agent/local-store.ts';
import { pair } from '../../app/agent/pair.ts';
import { createSyncClient, type SyncClient } from '../../app/agent/sync-client.ts';
import { SitePageList, SiteStatus } from '../../server/contract/site.ts';
import { createPairCode } from '../../server/domain/host-pairing.ts';
import { BRAND_SITE } from '../fakes/site/pages.ts';
import { startFakeSite, toLoopback, type FakeSite } from '../fakes/site/server.ts';
import { testCa } from '../fakes/webhook-receiver.ts';
import { createProject, manualTracking } from '../support/fixtures.ts';
import { createRunHarness, type RunHarness } from '../support/run-harness.ts';
import { memoryLog } from '../unit/agent/harness.ts';
import { virtualClock, type VirtualClock } from '../unit/crawl/harness.ts';

/**
 * The site crawl end to end in one process: the service over HTTP, a paired agent with the real sync client and
 * crawler, and the local HTTPS brand site (test/fakes/site/); crawl pacing on a virtual clock.
 */
let h: RunHarness;
let site: FakeSite;
let store: LocalStore;
const clients: SyncClient[] = [];
const agents: Agent[] = [];
let key: string;
let projectId: string;
let serverUrl: string;

async function setUp() {
  h = await createRunHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  site = await startFakeSite(BRAND_SITE);
  let accountId: string;
  ({ key, accountId } = await h.account('premium'));
  projectId = (
    await createProject(h.store, accountId, {
      name: 'Acme',
      websiteUrl: `${site.origin}/`,
      brandDomains: [],
      tracking: { ...manualTracking(['chatgpt-local-fetch']), timezone: 'Europe/Berlin' },
    })
  ).id;
  store = await openLocalStore(':memory:', { env: {} });
  const { code } = await createPairCode(h.store, h.clock, accountId);
  await pair({ store, serverUrl, code, deviceLabel: 'Test host', engines: fixedEngines([]) });
}

async function startAgent(clock: VirtualClock = virtualClock()): Promise<Agent> {
  const client = createSyncClient({ serverUrl, token: (await store.pairing())!.token });
  clients.push(client);
  const agent = createAgent({
    store,
    client,
    engines: fixedEngines([]),
    log: memoryLog(),
    clock: h.clock,
    checkInMs: 3_600_000,
    schedule: false,
    siteCrawls: {
      settings: { maxPages: 500, allowPrivate: true },
      docsUrl: 'https://answerwatch.test/docs',
      crawlExtras: { resolve: toLoopback, ca: testCa(), clock },
    },
  });
  agents.push(agent);
  await agent.start();
  await agent.idle();
  return agent;
}

afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.stop();
  for (const client of clients.splice(0)) await client.close();
  await store?.close();
  await site?.close();
  await h?.close();
});

const siteStatus = async () => SiteStatus.parse((await h.get(`/v1/projects/${projectId}/site`, key)).json());
const pages = async (query = '') =>
  SitePageList.parse((await h.get(`/v1/projects/${projectId}/site/pages?limit=200${query}`, key)).json())
    .data;

describe('a paired agent crawls the site', () => {
  it('runs a requested crawl and uploads it: the reads show its pages, findings and AI agents', async () => {
    await setUp();
    const agent = await startAgent();
    const crawl = (await h.write('POST', `/v1/projects/${projectId}/site/crawl`, key)).json();
    expect(crawl.state).toBe('queued');
    await agent.checkIn();
    await agent.idle();

    const status = await siteStatus();
    expect(status).toMatchObject({
      state: 'completed',
      lastCrawl: { id: crawl.id, state: 'completed', trigger: 'manual' },
      llmsTxt: { present: true },
    });
    expect(status.nextCrawlAt).not.toBeNull();
    expect(status.agents.find((a) => a.agent === 'GPTBot')?.home).toBe(false);
    expect(status.findingCounts.ai_agent_blocked).toBeGreaterThan(0);
    const all = await pages();
    expect(all.length).toBe(status.pages);
    expect(all.map((p) => p.url)).toContain(`${site.origin}/pricing`);
    expect((await pages('&status=200')).every((p) => p.status === 200)).toBe(true);
    // Its progress and result are gone from the host once the service has them.
    expect(await store.crawlJobs()).toEqual([]);
  });

  it('resumes a crawl the agent was stopped in, reading each page once', async () => {
    await setUp();
    const clock = virtualClock();
    const first = await startAgent(clock);
    await h.write('POST', `/v1/projects/${projectId}/site/crawl`, key);
    let stopping: Promise<void> | undefined;
    clock.onSleep = () => {
      if (site.requests.length >= 6 && !stopping) stopping = first.stop();
    };
    await first.checkIn();
    await first.idle();
    await stopping;
    expect((await siteStatus()).state).toBe('running');
    expect((await store.crawlJobs()).length).toBe(1);

    clock.onSleep = undefined;
    await startAgent(clock);
    const status = await siteStatus();
    expect(status.state).toBe('completed');
    const counts = new Map<string, number>();
    for (const r of site.requests) counts.set(r.path, (counts.get(r.path) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1).map(([path]) => path);
    expect(twice).toEqual([]);
    expect((await pages()).length).toBe(status.pages);
  });

  it('makes its first crawl within the hour after it first sees the project, on its own', async () => {
    await setUp();
    const agent = await startAgent();
    await agent.checkIn();
    await agent.idle();
    const planned = await siteStatus();
    expect(planned.state).toBe('never_crawled');
    const due = Date.parse(planned.nextCrawlAt!) - h.clock.now().getTime();
    expect(due).toBeGreaterThan(0);
    expect(due).toBeLessThanOrEqual(3_600_000);
    h.clock.advance(3_600_000);
    await agent.checkIn();
    await agent.idle();
    // The next check-in reports the weekly crawl that comes next.
    await agent.checkIn();
    const crawled = await siteStatus();
    expect(crawled).toMatchObject({ state: 'completed', lastCrawl: { trigger: 'scheduled' } });
    // Then weekly, at the quiet hour (03:00-03:59) of the project's time zone.
    const next = new Date(crawled.nextCrawlAt!);
    const berlinHour = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
    }).format(next);
    expect(berlinHour).toBe('03');
    expect(next.getTime() - h.clock.now().getTime()).toBeGreaterThan(24 * 3_600_000);
    expect(next.getTime() - h.clock.now().getTime()).toBeLessThanOrEqual(8 * 24 * 3_600_000);
  });
});
