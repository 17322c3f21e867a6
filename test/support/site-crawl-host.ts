/**
 * A project with a paired host computer, for tests of what the service does with site crawls: request a crawl
 * through the API, then play the host's part through host sync (claim, upload pages, finish).
 */
import { expect } from 'vitest';
import type { z } from 'zod';
import type { SiteCrawl, SitePage } from '../../server/contract/site-crawl.ts';
import { HostCrawl } from '../../server/contract/host-site-crawls.ts';
import { HostRun, Paired } from '../../server/contract/host-sync.ts';
import { SiteCrawlResource } from '../../server/contract/site.ts';
import { createPairCode } from '../../server/domain/host-pairing.ts';
import { createProject, manualTracking } from './fixtures.ts';
import type { Harness } from './api-harness.ts';
import { crawlSummary } from './site-crawl-result.ts';

export interface SiteHost {
  key: string;
  accountId: string;
  projectId: string;
  /** A host sync call as the paired computer (or with another bearer token). */
  hostCall(url: string, body?: unknown, bearer?: string): ReturnType<Harness['request']>;
  /** POST site/crawl through the API, then the host claims it: what the claim answers. */
  claimedCrawl(): Promise<z.infer<typeof HostCrawl>>;
  /** The host uploads the pages and finishes the crawl with this result (its `crawlId` set). */
  finish(crawlId: string, pages: SitePage[], result?: Partial<SiteCrawl>): Promise<void>;
  /** A crawl requested, claimed, given these pages and finished: its id. */
  completedCrawl(pages: SitePage[], result?: Partial<SiteCrawl>): Promise<string>;
  /** Answers through the host's own run, citing these pages (as engines write them: tracking tags and all). */
  storeAnswers(sources: { engineId: string; urls: string[] }[]): Promise<void>;
}

export async function siteHost(h: Harness, o: { brandDomains?: string[] } = {}): Promise<SiteHost> {
  const { key, accountId } = await h.account('premium');
  const projectId = (
    await createProject(h.store, accountId, {
      name: 'Acme',
      websiteUrl: 'https://acme.example',
      brandDomains: o.brandDomains ?? [],
      tracking: manualTracking(['chatgpt-local-fetch']),
    })
  ).id;
  const { code } = await createPairCode(h.store, h.clock, accountId);
  const paired = await h.request({
    method: 'POST',
    url: '/host/v1/pair',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ code, deviceLabel: 'Test host', agentVersion: '1.0.0', engineIds: [] }),
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
  let runs = 0;
  const self: SiteHost = {
    key,
    accountId,
    projectId,
    hostCall,
    async claimedCrawl() {
      const requested = await h.write('POST', `/v1/projects/${projectId}/site/crawl`, key);
      expect(requested.statusCode, requested.body).toBe(202);
      const crawl = SiteCrawlResource.parse(requested.json());
      const claimed = await hostCall(`/site-crawls/${crawl.id}/claim`);
      expect(claimed.statusCode, claimed.body).toBe(200);
      return HostCrawl.parse(claimed.json());
    },
    async finish(crawlId, pages, result = {}) {
      for (let i = 0; i < pages.length; i += 100) {
        const r = await hostCall(`/site-crawls/${crawlId}/pages`, { pages: pages.slice(i, i + 100) });
        expect(r.statusCode, r.body).toBe(200);
      }
      const done = await hostCall(`/site-crawls/${crawlId}/finish`, {
        result: crawlSummary(crawlId, result),
        pageCount: pages.length,
      });
      expect(done.statusCode, done.body).toBe(200);
    },
    async completedCrawl(pages, result = {}) {
      const { crawlId } = await self.claimedCrawl();
      await self.finish(crawlId, pages, result);
      return crawlId;
    },
    async storeAnswers(sources) {
      const started = await hostCall(`/projects/${projectId}/runs`, {
        clientRunId: `local-run-${++runs}-${h.clock.now().getTime()}`,
        startedAt: h.clock.now().toISOString(),
        samplesPerPrompt: 1,
      });
      const run = HostRun.parse(started.json());
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
  };
  return self;
}
