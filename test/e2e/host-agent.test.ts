import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatPages, type ChatPages } from '../fakes/chat-pages/index.ts';
import { requireBrowser } from '../support/browser.ts';
import { accountWithKey, apiClient, cli, until, type Call } from '../support/e2e.ts';
import { rawDb } from '../support/raw-db.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

const browser = requireBrowser();

/** The agent as its own process, as a user runs it: `answerwatch agent --server URL --data DIR`. */
function startAgent(serverUrl: string, dataDir: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['server/cli/bin.js', 'agent', '--server', serverUrl, '--data', dataDir], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Stops the agent as a service manager (SIGTERM) or a person at its terminal (SIGINT) does; its exit code. */
const stopAgent = (agent: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<number | null>((resolve) => {
    if (agent.exitCode !== null || agent.signalCode !== null) return resolve(agent.exitCode);
    agent.once('exit', (code) => resolve(code));
    agent.kill(signal);
  });

describe.skipIf(browser === null)('the host agent and the service as real processes', () => {
  let dir: string;
  let db: string;
  let pages: ChatPages;
  let server: ServerProcess;
  let call: Call;
  let accountId: string;
  let projectId: string;
  let agentEnv: Record<string, string>;
  const agentData = () => join(dir, 'agent');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-host-'));
    db = join(dir, 'service.db');
    pages = await startChatPages({
      answer: (_engine, prompt) => ({
        text: `For "${prompt}", Acme is the best choice; Globex is a good alternative.`,
        sources: [{ url: 'https://acme.example/crm?utm_source=chatgpt.com', title: 'Acme CRM' }],
      }),
    });
    server = await startServer(db, { ANSWERWATCH_LOG_LEVEL: 'warn' }, 'serve');
    let key: string;
    ({ accountId, key } = await accountWithKey(db));
    call = apiClient(() => server.baseUrl, key);
    agentEnv = {
      ANSWERWATCH_AGENT_CHECKIN_MS: '300',
      ANSWERWATCH_BROWSER_BASE_URLS: JSON.stringify(pages.baseUrls),
      ANSWERWATCH_CHROME: browser!,
      ANSWERWATCH_LOG_LEVEL: 'warn',
    };
  });
  afterAll(async () => {
    await server.stop();
    await pages.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('pairs, follows the host online and offline, and runs a local-fetch engine in real Chromium', async () => {
    const { code } = await cli('hosts', 'pair-code', '--account', accountId, '--db', db);
    const serverUrl = server.baseUrl.replace(/\/v1$/, '');
    const paired = await cli(
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
    expect(paired).toMatchObject({ accountId });

    const project = await call('/projects', 'POST', { name: 'Acme', websiteUrl: 'https://acme.example' });
    projectId = project.body.id;
    expect(project.body.host).toMatchObject({ configured: true, deviceLabel: 'e2e host' });
    await call(`/projects/${projectId}/tracking`, 'PUT', { engineIds: ['chatgpt-local-fetch'] });
    await call(`/projects/${projectId}/prompts`, 'POST', { text: 'Which CRM is best for small teams?' });

    const agent = startAgent(serverUrl, agentData(), agentEnv);
    try {
      await until(
        'the host to be online',
        async () => (await call(`/projects/${projectId}/capabilities`)).body.host,
        (host) => host?.online === true,
      );
      const request = (await call(`/projects/${projectId}/run-requests`, 'POST')).body;
      expect(request).toMatchObject({ mode: 'host', estimatedUnits: 0 });
      const ended = await until(
        'the host run to end',
        async () => (await call(`/projects/${projectId}/run-requests/${request.id}`)).body,
        (r) => r.status === 'completed' || r.status === 'failed',
      );
      expect(ended).toMatchObject({ status: 'completed', error: null });
      const answers = (await call(`/projects/${projectId}/answers?runId=${ended.runIds[0]}`)).body.data;
      expect(answers).toHaveLength(1);
      expect(answers[0]).toMatchObject({
        engineId: 'chatgpt-local-fetch',
        promptText: 'Which CRM is best for small teams?',
        mentioned: true,
        cited: true,
        position: 1,
        sourceUrls: ['https://acme.example/crm'],
      });
      expect(pages.prompts('chatgpt-local-fetch')).toEqual(['Which CRM is best for small teams?']);
    } finally {
      await stopAgent(agent);
    }

    // The agent is gone; three minutes of silence are written straight to the database rather than waited for.
    const stale = rawDb(db);
    await stale
      .updateTable('hosts')
      .set({ last_seen_at: new Date(Date.now() - 4 * 60_000).toISOString() })
      .execute();
    await stale.destroy();
    expect((await call(`/projects/${projectId}/capabilities`)).body.host.online).toBe(false);
  });

  it('keeps a run requested while the host is off waiting, and runs it once the host is back', async () => {
    const request = (await call(`/projects/${projectId}/run-requests`, 'POST')).body;
    expect(request).toMatchObject({ status: 'waiting_for_host', warning: expect.stringContaining('off') });
    const serverUrl = server.baseUrl.replace(/\/v1$/, '');
    const agent = startAgent(serverUrl, agentData(), agentEnv);
    try {
      const ended = await until(
        'the waiting run to end',
        async () => (await call(`/projects/${projectId}/run-requests/${request.id}`)).body,
        (r) => r.status === 'completed' || r.status === 'failed',
      );
      expect(ended.status).toBe('completed');
      expect((await call(`/projects/${projectId}/capabilities`)).body.host.online).toBe(true);
      expect((await call(`/projects/${projectId}/answers?runId=${ended.runIds[0]}`)).body.data).toHaveLength(
        1,
      );
    } finally {
      await stopAgent(agent);
    }
  });

  it('completes with the engine that answered and names the one behind a login wall, with the fix', async () => {
    const LF = 'chatgpt-local-fetch';
    const PX = 'perplexity-local-fetch';
    pages.setMode(PX, 'login');
    await call(`/projects/${projectId}/tracking`, 'PUT', { engineIds: [LF, PX] });
    await call(`/projects/${projectId}/prompts`, 'POST', {
      text: 'Which CRM is cheapest?',
      engineIds: [LF, PX],
    });
    const serverUrl = server.baseUrl.replace(/\/v1$/, '');
    const agent = startAgent(serverUrl, agentData(), agentEnv);
    try {
      await until(
        'the host to be online',
        async () => (await call(`/projects/${projectId}/capabilities`)).body.host,
        (host) => host?.online === true,
      );
      const request = (await call(`/projects/${projectId}/run-requests`, 'POST')).body;
      const ended = await until(
        'the run with a login wall to end',
        async () => (await call(`/projects/${projectId}/run-requests/${request.id}`)).body,
        (r) => r.status === 'completed' || r.status === 'failed',
      );
      expect(ended).toMatchObject({
        status: 'completed',
        error: null,
        warning: expect.stringMatching(
          /^Perplexity \(signed-in browser\) failed every answer \(1\): The browser on the host computer is not signed in to Perplexity\. .*`npx answerwatch agent login perplexity-local-fetch`/,
        ),
      });
      const answers = (await call(`/projects/${projectId}/answers?runId=${ended.runIds[0]}`)).body.data;
      expect(answers.map((a: { engineId: string }) => a.engineId)).toEqual([LF, LF]);
      // The wall came before the prompt box: Perplexity was never asked.
      expect(pages.prompts(PX)).toEqual([]);
    } finally {
      await stopAgent(agent);
    }
  });

  it('ends cleanly on Ctrl+C while Chromium is asking, the browser closed by its own stop', async () => {
    const LF = 'chatgpt-local-fetch';
    pages.setMode(LF, 'stall');
    await call(`/projects/${projectId}/tracking`, 'PUT', { engineIds: [LF] });
    const serverUrl = server.baseUrl.replace(/\/v1$/, '');
    const agent = startAgent(serverUrl, agentData(), agentEnv);
    try {
      await until(
        'the host to be online',
        async () => (await call(`/projects/${projectId}/capabilities`)).body.host,
        (host) => host?.online === true,
      );
      const asked = pages.prompts(LF).length;
      await call(`/projects/${projectId}/run-requests`, 'POST');
      await until(
        'Chromium to ask',
        async () => pages.prompts(LF).length,
        (n) => n > asked,
      );
      // Playwright's own SIGINT handler, left on, ended the process with 130 before the agent's stop had run.
      expect(await stopAgent(agent, 'SIGINT')).toBe(0);
    } finally {
      pages.setMode(LF, 'normal');
      await stopAgent(agent);
    }
  });
});
