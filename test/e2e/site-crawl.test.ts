import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_SITE } from '../fakes/site/pages.ts';
import { startFakeSite, type FakeSite } from '../fakes/site/server.ts';
import { accountWithKey, apiClient, cli, until, type Call } from '../support/e2e.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

const CA = fileURLToPath(new URL('../fakes/certs/ca.pem', import.meta.url));

/** The agent as its own process, crawling the local HTTPS site (its test CA trusted, private addresses allowed). */
function startAgent(serverUrl: string, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['server/cli/bin.js', 'agent', '--server', serverUrl, '--data', dataDir], {
    env: {
      ...process.env,
      ANSWERWATCH_AGENT_CHECKIN_MS: '300',
      ANSWERWATCH_CRAWL_ALLOW_PRIVATE: '1',
      NODE_EXTRA_CA_CERTS: CA,
      // No page is rendered: the site's certificate is not one Chromium trusts.
      ANSWERWATCH_CHROME: '/nonexistent/chromium',
      ANSWERWATCH_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const exited = (agent: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (agent.exitCode !== null || agent.signalCode !== null) return resolve();
    agent.once('exit', () => resolve());
    agent.kill(signal);
  });

describe('the site crawl through the service and its host computer (a paired agent, start), as real processes', () => {
  let dir: string;
  let db: string;
  let site: FakeSite;
  let server: ServerProcess;
  let call: Call;
  let serverUrl: string;
  let projectId: string;
  const agentData = () => join(dir, 'agent');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-site-'));
    db = join(dir, 'service.db');
    site = await startFakeSite(BRAND_SITE, undefined, 'localhost');
    server = await startServer(db, { ANSWERWATCH_LOG_LEVEL: 'warn' }, 'serve');
    const { accountId, key } = await accountWithKey(db);
    call = apiClient(() => server.baseUrl, key);
    serverUrl = server.baseUrl.replace(/\/v1$/, '');
    const { code } = await cli('hosts', 'pair-code', '--account', accountId, '--db', db);
    await cli(
      'agent',
      'pair',
      '--server',
      serverUrl,
      '--code',
      code,
      '--label',
      'e2e host',
      '--data',
      agentData(),
    );
    const project = await call('/projects', 'POST', { name: 'Acme', websiteUrl: `${site.origin}/` });
    projectId = project.body.id;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await site?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('crawls on request; killed mid-crawl (kill -9) the agent resumes it, reading each page once', async () => {
    const requested = await call(`/projects/${projectId}/site/crawl`, 'POST');
    expect(requested.status).toBe(202);
    // Pairing counts as being seen: the host is online for a few minutes, so the crawl is queued.
    expect(requested.body).toMatchObject({ state: 'queued', warning: null });

    const first = startAgent(serverUrl, agentData());
    try {
      // robots.txt asks for a second between requests: a few pages in, the agent is killed outright.
      await until(
        'a few pages read',
        async () => site.requests.length,
        (n) => n >= 7,
      );
    } finally {
      await exited(first, 'SIGKILL');
    }
    const killedAt = site.requests.length;
    const stopped = await call(`/projects/${projectId}/site`);
    expect(stopped.body).toMatchObject({ state: 'running', pages: 0 });

    const second = startAgent(serverUrl, agentData());
    try {
      const done = await until(
        'the crawl to end',
        async () => (await call(`/projects/${projectId}/site`)).body,
        (s) => s.state === 'completed' || s.state === 'failed',
      );
      expect(done).toMatchObject({
        state: 'completed',
        lastCrawl: { id: requested.body.id, trigger: 'manual' },
        llmsTxt: { present: true },
      });
      expect(done.pages).toBeGreaterThan(5);
      expect(done.agents.find((a: { agent: string }) => a.agent === 'GPTBot').home).toBe(false);
      expect(done.findingCounts.ai_agent_blocked).toBeGreaterThan(0);
      const pages = (await call(`/projects/${projectId}/site/pages?limit=200`)).body.data;
      expect(pages).toHaveLength(done.pages);
      const noindex = (await call(`/projects/${projectId}/site/pages?limit=200`)).body.data.find(
        (p: { url: string }) => p.url === `${site.origin}/noindex`,
      );
      expect(noindex).toMatchObject({ noindex: true, citations: { total: 0, engines: {} } });
    } finally {
      await exited(second, 'SIGTERM');
    }
    // Each path once, but the one being read when the agent was killed, which is asked again.
    const counts = new Map<string, number>();
    for (const r of site.requests) counts.set(r.path, (counts.get(r.path) ?? 0) + 1);
    const again = [...counts].filter(([, n]) => n > 1).map(([path]) => path);
    expect(again.length).toBeLessThanOrEqual(1);
    if (again.length === 1) expect(again[0]).toBe(site.requests[killedAt - 1]!.path);
  }, 180_000);

  it('is crawled by start’s own host too', async () => {
    const startDb = join(dir, 'start', 'answerwatch.db');
    const started = await startServer(
      startDb,
      {
        ANSWERWATCH_LOG_LEVEL: 'warn',
        ANSWERWATCH_AGENT_CHECKIN_MS: '300',
        ANSWERWATCH_CRAWL_ALLOW_PRIVATE: '1',
        NODE_EXTRA_CA_CERTS: CA,
        ANSWERWATCH_CHROME: '/nonexistent/chromium',
      },
      'start',
    );
    try {
      const { key } = await accountWithKey(startDb);
      const own = apiClient(() => started.baseUrl, key);
      const project = (await own('/projects', 'POST', { name: 'Acme', websiteUrl: `${site.origin}/` })).body;
      await until(
        'this computer to host the project',
        async () => (await own(`/projects/${project.id}/capabilities`)).body.host,
        (host) => host?.online === true,
      );
      const crawl = await own(`/projects/${project.id}/site/crawl`, 'POST');
      expect(crawl.status).toBe(202);
      const done = await until(
        'the crawl to end',
        async () => (await own(`/projects/${project.id}/site`)).body,
        (s) => s.state === 'completed' || s.state === 'failed',
      );
      expect(done).toMatchObject({
        state: 'completed',
        lastCrawl: { id: crawl.body.id },
        llmsTxt: { present: true },
      });
      const pages = (await own(`/projects/${project.id}/site/pages?limit=200`)).body.data;
      expect(pages).toHaveLength(done.pages);
      expect(pages.map((p: { url: string }) => p.url)).toContain(`${site.origin}/pricing`);
    } finally {
      await started.stop();
    }
  }, 180_000);
});
