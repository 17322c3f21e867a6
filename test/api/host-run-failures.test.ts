/** A host’s engines that failed every answer: named, with why and the fix, in warnings, errors and webhooks. */
import { describe, expect, it } from 'vitest';
import { HostRun } from '../../server/contract/host-sync.ts';
import { RunEvent } from '../../server/contract/webhooks.ts';
import { h, receiver, key, projectId, hostCall, pair, answer, setUp } from '../support/host-sync.ts';

describe('host engines that failed every answer', () => {
  const LF = 'chatgpt-local-fetch';
  const PX = 'perplexity-local-fetch';
  const signInFix = (app: string, id: string) =>
    `On that computer, sign the browser in with “Sign in to ${app}” on the Engines page (desktop app or web ` +
    `UI) or \`npx answerwatch agent login ${id}\`, then close its window.`;

  /** A request the host claimed, with its prompts' ids. */
  async function claimed(token: string, prompts: string[]) {
    const ids = [];
    for (const text of prompts)
      ids.push((await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text })).json().id);
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    const run = HostRun.parse((await hostCall(`/run-requests/${request.id}/claim`, token)).json());
    return { request, run, promptIds: ids as string[] };
  }
  const requestOf = async (id: string) =>
    (await h.get(`/v1/projects/${projectId}/run-requests/${id}`, key)).json();

  it('completes with the others and names the engine, why and the fix, in the warning and run.completed', async () => {
    await setUp('premium', [LF, PX], true);
    const hook = await h.write('POST', `/v1/projects/${projectId}/webhooks`, key, {
      url: `${receiver!.url}/hook`,
    });
    expect(hook.statusCode).toBe(201);
    const paired = await pair();
    const { request, run, promptIds } = await claimed(paired.token, ['best crm?', 'cheapest crm?']);
    const answers = promptIds.map((id) => answer(run.runId, id, 1, LF));
    await hostCall(`/runs/${run.runId}/answers`, paired.token, { answers });
    const finished = await hostCall(`/runs/${run.runId}/finish`, paired.token, {
      status: 'completed',
      failures: [
        { engineId: PX, code: 'login_required', message: 'sign in again: the page shows a wall', count: 2 },
        // Failed once but answered twice: not named.
        { engineId: LF, code: 'timeout', message: 'no complete answer within 180 s', count: 1 },
        // Not an engine this host asks on the plan: left out.
        { engineId: 'chatgpt', code: 'auth', message: 'refused', count: 2 },
      ],
    });
    expect(finished.json()).toMatchObject({ status: 'completed', requestStatus: 'completed' });

    const reason = 'The browser on the host computer is not signed in to Perplexity.';
    const fix = signInFix('Perplexity', PX);
    const warning = `Perplexity (signed-in browser) failed every answer (2): ${reason} ${fix}`;
    expect(await requestOf(request.id)).toMatchObject({ status: 'completed', error: null, warning });
    await h.jobs.idle();
    await receiver!.waitFor(1);
    const event = RunEvent.parse(JSON.parse(receiver!.received[0]!.rawBody.toString('utf8')));
    expect(event.event).toBe('run.completed');
    expect(event.data).toMatchObject({
      runId: run.runId,
      answerCount: 2,
      error: null,
      warning,
      failedEngines: [
        { engineId: PX, engineLabel: 'Perplexity (signed-in browser)', failedAnswers: 2, reason, fix },
      ],
    });
  });

  it('fails a run whose engines all failed with each engine, why and the fix in the error', async () => {
    await setUp('premium', [LF, PX]);
    const paired = await pair();
    const { request, run } = await claimed(paired.token, ['best crm?']);
    await hostCall(`/runs/${run.runId}/finish`, paired.token, {
      status: 'failed',
      error: 'All 2 answers failed. …',
      code: null,
      failures: [
        { engineId: PX, code: 'captcha', message: 'a CAPTCHA is in the way', count: 1 },
        { engineId: LF, code: 'browser_unavailable', message: 'no display', count: 1 },
      ],
    });
    expect(await requestOf(request.id)).toMatchObject({
      status: 'failed',
      warning: null,
      error: {
        code: 'host_run_failed',
        message:
          'Every answer failed (2). Perplexity (signed-in browser) failed every answer (1): A CAPTCHA stopped ' +
          'Perplexity in the browser on the host computer. On that computer, open the browser with “Sign in to ' +
          'Perplexity” on the Engines page (desktop app or web UI) or `npx answerwatch agent login ' +
          'perplexity-local-fetch`, solve it, and run again. ChatGPT (signed-in browser) failed every answer ' +
          '(1): The browser for ChatGPT (signed-in browser) did not start on the host computer (no display). ' +
          'Install Chrome or Chromium on that computer, or set ANSWERWATCH_CHROME to its path.',
      },
    });
  });

  it('names a key missing on the host and Ollama not answering, the key fix the readiness check’s', async () => {
    await setUp('byok', ['claude', 'gemini', 'ollama']);
    const paired = await pair();
    await hostCall('/check-in', paired.token, { agentVersion: '1.0.1', engineIds: ['gemini', 'ollama'] });
    const { request, run, promptIds } = await claimed(paired.token, ['best crm?']);
    await hostCall(`/runs/${run.runId}/answers`, paired.token, {
      answers: [answer(run.runId, promptIds[0]!, 1, 'gemini')],
    });
    await hostCall(`/runs/${run.runId}/finish`, paired.token, {
      status: 'completed',
      failures: [
        { engineId: 'claude', code: 'no_key', message: 'no key for claude on this computer', count: 1 },
        { engineId: 'ollama', code: 'network', message: 'ollama: network error (ECONNREFUSED)', count: 1 },
      ],
    });
    const keyFix =
      'Add your Claude key on the Engines page, or with `npx answerwatch agent keys set claude` on that computer.';
    expect((await requestOf(request.id)).warning).toBe(
      `Claude failed every answer (1): The host computer has no API key for Claude. ${keyFix} ` +
        'Ollama (local model) failed every answer (1): Ollama did not answer on the host computer ' +
        '(ollama: network error (ECONNREFUSED)). Start Ollama on that computer (`ollama serve`), or set ' +
        'OLLAMA_HOST for the agent to where it runs.',
    );
    const readiness = (await h.get(`/v1/projects/${projectId}/readiness`, key)).json();
    expect(readiness.engines.find((e: { id: string }) => e.id === 'claude').problem.fix).toBe(keyFix);
  });

  it('names a host engine in the warning of a mixed request whose cloud part completed', async () => {
    await setUp('premium', ['chatgpt', LF]);
    const paired = await pair();
    const { request, run } = await claimed(paired.token, ['best crm?']);
    await h.jobs.idle();
    await hostCall(`/runs/${run.runId}/finish`, paired.token, {
      status: 'failed',
      code: 'login_required',
      failures: [{ engineId: LF, code: 'login_required', message: 'sign in again', count: 1 }],
    });
    expect(await requestOf(request.id)).toMatchObject({
      status: 'completed',
      error: null,
      warning:
        'ChatGPT (signed-in browser) failed every answer (1): The browser on the host computer is not signed ' +
        `in to ChatGPT. ${signInFix('ChatGPT', LF)}`,
    });
  });
});
