/** Shared by the site crawl API tests: an account with a paired host computer, its project, and host sync calls. */
import { expect } from 'vitest';
import { HostRun, Paired } from '../../server/contract/host-sync.ts';
import { HostCrawl } from '../../server/contract/host-site-crawls.ts';
import type { SiteCrawl, SitePage } from '../../server/contract/site-crawl.ts';
import { SiteCrawlResource } from '../../server/contract/site.ts';
import { createPairCode } from '../../server/domain/host-pairing.ts';
import { createProject, manualTracking } from './fixtures.ts';
import { createRunHarness, type RunHarness } from './run-harness.ts';
import { crawlSummary } from './site-crawl-result.ts';

export interface SiteHost {
  h: RunHarness;
  key: string;
  accountId: string;
  projectId: string;
  token: string;
  hostCall(url: string, body?: unknown, bearer?: string): ReturnType<RunHarness['request']>;
  checkIn(siteSchedule?: unknown): ReturnType<RunHarness['request']>;
  /** Answers through the host's own run, citing these pages (as engines write them: tracking tags and all). */
  storeAnswers(sources: { engineId: string; urls: string[] }[]): Promise<void>;
  requestCrawl(key?: string): ReturnType<RunHarness['request']>;
  claimedCrawl(): Promise<HostCrawl>;
  /** A crawl requested, claimed, given these pages and finished completed. */
  completedCrawl(pages: SitePage[], over?: Partial<SiteCrawl>): Promise<string>;
}

type HostCrawl = ReturnType<typeof HostCrawl.parse>;

export async function siteHost(opts: Parameters<typeof createRunHarness>[0] = {}): Promise<SiteHost> {
  const h = await createRunHarness(opts);
  const { key, accountId } = await h.account('premium');
  const projectId = (
    await createProject(h.store, accountId, {
      name: 'Acme',
      websiteUrl: 'https://acme.example',
      brandDomains: ['acme.io'],
      tracking: manualTracking(['chatgpt-local-fetch']),
    })
  ).id;
  const { code } = await createPairCode(h.store, h.clock, accountId);
  const paired = await h.request({
    method: 'POST',
    url: '/host/v1/pair',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ code, deviceLabel: 'Ada’s laptop', agentVersion: '1.0.0', engineIds: [] }),
  });
  const token = Paired.parse(paired.json()).token;

  const hostCall = (url: string, body?: unknown, bearer = token) =>
    h.request({
      method: 'POST',
      url: `/host/v1${url}`,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
  const requestCrawl = (k = key) => h.write('POST', `/v1/projects/${projectId}/site/crawl`, k);
  let runs = 0;

  const self: SiteHost = {
    h,
    key,
    accountId,
    projectId,
    token,
    hostCall,
    requestCrawl,
    checkIn: (siteSchedule?: unknown) =>
      hostCall('/check-in', {
        agentVersion: '1.0.1',
        engineIds: ['chatgpt-local-fetch'],
        ...(siteSchedule !== undefined && { siteSchedule }),
      }),
    async storeAnswers(sources) {
      const run = HostRun.parse(
        (
          await hostCall(`/projects/${projectId}/runs`, {
            clientRunId: `local-run-${Date.now()}-${runs++}`,
            startedAt: h.clock.now().toISOString(),
            samplesPerPrompt: 1,
          })
        ).json(),
      );
      const answers = sources.map((a, n) => ({
        key: `${run.runId}:p:${a.engineId}:${n}`,
        promptId: null,
        promptText: 'best crm?',
        topicId: null,
        engineId: a.engineId,
        observedAt: h.clock.now().toISOString(),
        text: `Acme is a CRM, answer ${n}.`,
        sources: a.urls.map((url) => ({ url, title: null })),
      }));
      expect((await hostCall(`/runs/${run.runId}/answers`, { answers })).statusCode).toBe(200);
      expect((await hostCall(`/runs/${run.runId}/finish`, { status: 'completed' })).statusCode).toBe(200);
    },
    async claimedCrawl() {
      const crawl = SiteCrawlResource.parse((await requestCrawl()).json());
      const r = await hostCall(`/site-crawls/${crawl.id}/claim`);
      expect(r.statusCode).toBe(200);
      return HostCrawl.parse(r.json());
    },
    async completedCrawl(pages, over = {}) {
      const { crawlId } = await self.claimedCrawl();
      for (let i = 0; i < pages.length; i += 100) {
        const r = await hostCall(`/site-crawls/${crawlId}/pages`, { pages: pages.slice(i, i + 100) });
        expect(r.statusCode).toBe(200);
      }
      const finish = await hostCall(`/site-crawls/${crawlId}/finish`, {
        result: crawlSummary(crawlId, over),
        pageCount: pages.length,
      });
      expect(finish.json()).toEqual({ crawlId, state: 'completed' });
      return crawlId;
    },
  };
  return self;
}
