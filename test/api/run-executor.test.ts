import { afterEach, describe, expect, it } from 'vitest';
import { cancelRunRequest } from '../../server/domain/cancel-run.ts';
import { startScheduledRun } from '../../server/domain/start-run.ts';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import { balance, h, json, projectId, setUp, startRun } from '../support/run-executor-setup.ts';

const CLOUD = ['chatgpt', 'claude', 'gemini', 'perplexity', 'grok', 'google-ai-mode'];

afterEach(() => h?.close());

describe('the run executor', () => {
  it('stores the pages Gemini’s redirect links point at, so Gemini answers cite, reading each link once a run', async () => {
    await setUp(['gemini'], 2);
    await startRun({ samplesPerPrompt: 2 });
    await h.jobs.idle();
    const answers = (await json(`/v1/projects/${projectId}/answers?engine=gemini&limit=50`)).data;
    expect(answers).toHaveLength(4);
    const urls = answers.flatMap((a: { sourceUrls: string[] }) => a.sourceUrls);
    expect(urls.some((u: string) => u.includes('vertexaisearch'))).toBe(false);
    // The fake cites acme.example when Acme leads: those answers now count as citing the brand.
    const citing = answers.filter((a: { cited: boolean }) => a.cited);
    expect(citing.length).toBeGreaterThan(0);
    for (const a of citing) expect(a.citationUrl).toMatch(/^https:\/\/www\.acme\.example\/guides\//);
    // 2 prompts x 3 sources, each asked by 2 samples: 6 distinct links, each read once.
    const reads = h.fakes.requests.gemini.filter((r) => r.method === 'GET').map((r) => r.path);
    expect(reads).toHaveLength(6);
    expect(new Set(reads).size).toBe(6);
  });

  it('asks every prompt on every engine, scores and stores each answer, and completes run and request', async () => {
    await setUp(CLOUD, 2);
    const accepted = await startRun({ samplesPerPrompt: 2 });
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json().estimatedUnits).toBe(24);
    await h.jobs.idle();

    const request = await json(`/v1/projects/${projectId}/run-requests/${accepted.json().id}`);
    expect(request).toMatchObject({ status: 'completed', error: null, completedAt: expect.any(String) });
    expect(request.runIds).toHaveLength(1);
    const runs = (await json(`/v1/projects/${projectId}/runs`)).data;
    expect(runs).toEqual([
      {
        id: request.runIds[0],
        status: 'completed',
        trigger: 'manual',
        startedAt: expect.any(String),
        completedAt: expect.any(String),
        promptCount: 2,
        answerCount: 24,
      },
    ]);
    const answers = (await json(`/v1/projects/${projectId}/answers?runId=${runs[0].id}&limit=200`)).data;
    expect(answers).toHaveLength(24);
    for (const engineId of CLOUD) {
      expect(answers.filter((a: { engineId: string }) => a.engineId === engineId)).toHaveLength(4);
    }
    for (const a of answers) {
      expect(a.date).toBe(a.observedAt.slice(0, 10));
      expect(a.topicId).toBe('tools');
      expect(a.runId).toBe(runs[0].id);
    }
    // Scored on arrival: the fake names Acme in some answers and cites acme.example when it leads.
    const mentioned = answers.filter((a: { mentioned: boolean }) => a.mentioned);
    expect(mentioned.length).toBeGreaterThan(0);
    expect(mentioned.every((a: { position: number | null }) => a.position !== null)).toBe(true);

    const day = answers[0].date;
    const stats = await json(`/v1/projects/${projectId}/stats/daily?from=${day}&to=${day}`);
    expect(stats.incompleteDays).toBe(0);
    expect(stats.data.reduce((n: number, r: { answers: number }) => n + r.answers, 0)).toBe(24);
    expect(stats.data.reduce((n: number, r: { mentioned: number }) => n + r.mentioned, 0)).toBe(
      mentioned.length,
    );
    expect(await balance()).toBe(1000 - 24);
    expect((await json(`/v1/projects/${projectId}`)).visibility.latestRunAt).toBe(runs[0].completedAt);
  });

  it('keeps Run status and counts right while the run goes, with the day marked incomplete until it ends', async () => {
    await setUp(['chatgpt', 'gemini'], 3, { fakes: { latencyMs: 300 } });
    const id = (await startRun()).json().id;
    await h.fakes.waitForRequests('openai', 1);
    const during = (await json(`/v1/projects/${projectId}/runs`)).data[0];
    expect(during).toMatchObject({ status: 'running', completedAt: null, promptCount: 3 });
    expect(during.answerCount).toBeLessThan(6);
    expect((await json(`/v1/projects/${projectId}/run-requests/${id}`)).status).toBe('running');
    expect((await json(`/v1/projects/${projectId}/stats/daily`)).incompleteDays).toBe(1);
    await h.jobs.idle();
    expect((await json(`/v1/projects/${projectId}/runs`)).data[0]).toMatchObject({
      status: 'completed',
      answerCount: 6,
    });
    expect((await json(`/v1/projects/${projectId}/stats/daily`)).incompleteDays).toBe(0);
  });

  it('completes a run where some answers failed, spending units only for answers received', async () => {
    await setUp(['chatgpt', 'claude'], 3);
    h.fakes.script('anthropic', { kind: 'unauthorized' }, 3);
    const id = (await startRun()).json().id;
    await h.jobs.idle();
    const request = await json(`/v1/projects/${projectId}/run-requests/${id}`);
    expect(request).toMatchObject({ status: 'completed', error: null });
    const run = (await json(`/v1/projects/${projectId}/runs`)).data[0];
    expect(run).toMatchObject({ status: 'completed', answerCount: 3 });
    expect(await balance()).toBe(1000 - 3);
    // An auth error is fatal: asked once each, never retried.
    expect(h.fakes.requests.anthropic).toHaveLength(3);
    expect(h.logged.filter((l) => l.msg === 'answer failed')).toHaveLength(3);
    // Claude answered nothing: the request says so, why, and what to set.
    expect(request.warning).toBe(
      'Claude failed every answer (3): Claude refused the service’s API key (auth, HTTP 401). ' +
        'Set ANTHROPIC_API_KEY to a valid Claude key in the environment of the service and restart it.',
    );
  });

  it('leaves the warning empty when an engine failed some answers but not all', async () => {
    await setUp(['chatgpt', 'claude'], 3);
    h.fakes.script('anthropic', { kind: 'unauthorized' }, 2);
    const id = (await startRun()).json().id;
    await h.jobs.idle();
    const request = await json(`/v1/projects/${projectId}/run-requests/${id}`);
    expect(request).toMatchObject({ status: 'completed', error: null, warning: null });
    expect((await json(`/v1/projects/${projectId}/runs`)).data[0]).toMatchObject({ answerCount: 4 });
  });

  it('retries what is worth retrying: 429 with retry-after and 5xx end in stored answers', async () => {
    await setUp(['perplexity', 'grok'], 1);
    h.fakes.script('perplexity', { kind: 'rate-limit', retryAfter: '0' }, 2);
    h.fakes.script('xai', { kind: 'server-error', status: 503 });
    await startRun();
    await h.jobs.idle();
    expect((await json(`/v1/projects/${projectId}/runs`)).data[0]).toMatchObject({
      status: 'completed',
      answerCount: 2,
    });
    expect(h.fakes.requests.perplexity).toHaveLength(3);
    expect(h.fakes.requests.xai).toHaveLength(2);
  });

  it('fails a run where every answer failed, with the reason, and gives every unit back', async () => {
    await setUp(['chatgpt', 'gemini'], 2);
    h.fakes.script('openai', { kind: 'insufficient-quota' }, 2);
    h.fakes.script('gemini', { kind: 'unauthorized' }, 2);
    const id = (await startRun()).json().id;
    await h.jobs.idle();
    const request = await json(`/v1/projects/${projectId}/run-requests/${id}`);
    expect(request.status).toBe('failed');
    expect(request.error.code).toBe('all_answers_failed');
    expect(request.error.message).toBe(
      'Every answer failed (4). ' +
        'ChatGPT failed every answer (2): The ChatGPT account of the service’s API key has no credit or quota ' +
        'left (insufficient_quota, HTTP 429). Add credit to that ChatGPT account, or set OPENAI_API_KEY to a key ' +
        'of another one and restart the service. ' +
        'Gemini failed every answer (2): Gemini refused the service’s API key (auth, HTTP 400). ' +
        'Set GEMINI_API_KEY to a valid Gemini key in the environment of the service and restart it.',
    );
    expect(request.warning).toBeNull();
    expect((await json(`/v1/projects/${projectId}/runs`)).data[0]).toMatchObject({
      status: 'failed',
      answerCount: 0,
    });
    expect(await balance()).toBe(1000);
    // The next run can start at once.
    expect((await startRun()).statusCode).toBe(202);
  });

  it('fails the answers of an engine without a key, and runs the others', async () => {
    await setUp(['chatgpt', 'claude'], 1, { env: { ANTHROPIC_API_KEY: '' } });
    // The harness builds its engines from the same env, so claude has no adapter.
    await startRun();
    await h.jobs.idle();
    expect((await json(`/v1/projects/${projectId}/runs`)).data[0]).toMatchObject({ answerCount: 1 });
    expect(h.logged.some((l) => String((l.obj as { err?: string }).err).includes('no API key'))).toBe(true);
    // The fix is the one the readiness check (and so the web UI) gives for that engine.
    const [request] = (await json(`/v1/projects/${projectId}/run-requests`)).data;
    const fix = 'Set ANTHROPIC_API_KEY in the environment of the service and restart it.';
    expect(request).toMatchObject({ status: 'completed', error: null });
    expect(request.warning).toBe(
      `Claude failed every answer (1): The service has no API key for Claude. ${fix}`,
    );
    const readiness = await json(`/v1/projects/${projectId}/readiness`);
    expect(readiness.engines.find((e: { id: string }) => e.id === 'claude').problem.fix).toBe(fix);
  });

  it('fails a run on an engine without a key, the error naming the engine and the variable to set', async () => {
    await setUp(['chatgpt'], 2, { env: { OPENAI_API_KEY: '' } });
    const id = (await startRun()).json().id;
    await h.jobs.idle();
    const request = await json(`/v1/projects/${projectId}/run-requests/${id}`);
    expect(request).toMatchObject({ status: 'failed', warning: null });
    expect(request.error).toEqual({
      code: 'all_answers_failed',
      message:
        'Every answer failed (2). ChatGPT failed every answer (2): The service has no API key for ChatGPT. ' +
        'Set OPENAI_API_KEY in the environment of the service and restart it.',
    });
  });

  it('cancels a running request: it stops asking, keeps what it stored and gives back the rest', async () => {
    await setUp(['chatgpt'], 12, { fakes: { latencyMs: 200 } });
    const id = (await startRun()).json().id;
    await h.fakes.waitForRequests('openai', 1);
    expect(await cancelRunRequest(h.store, h.clock, id)).toBe('cancel_requested');
    await h.jobs.idle();
    const request = await json(`/v1/projects/${projectId}/run-requests/${id}`);
    expect(request.status).toBe('canceled');
    const run = (await json(`/v1/projects/${projectId}/runs`)).data[0];
    expect(run.status).toBe('canceled');
    expect(run.answerCount).toBeLessThan(12);
    expect(await balance()).toBe(1000 - run.answerCount);
    expect((await json(`/v1/projects/${projectId}/answers?runId=${run.id}`)).data).toHaveLength(
      run.answerCount,
    );
  });

  it('runs the schedule trigger through the same path, as trigger scheduled', async () => {
    await setUp(['gemini'], 2);
    const outcome = await startScheduledRun(h.services, projectId, DEFAULT_PLANS, h.clock.now());
    expect(outcome).toMatchObject({ started: expect.any(String) });
    h.jobs.signals.runRequested();
    await h.jobs.idle();
    expect((await json(`/v1/projects/${projectId}/runs`)).data[0]).toMatchObject({
      trigger: 'scheduled',
      status: 'completed',
      answerCount: 2,
    });
    // Scheduled runs are not API requests: not listed, not counted against the daily limit.
    expect((await json(`/v1/projects/${projectId}/run-requests`)).data).toEqual([]);
    expect((await json(`/v1/projects/${projectId}/capabilities`)).runs.usedToday).toBe(0);
  });

  it('skips a scheduled run while a request is active', async () => {
    await setUp(['gemini'], 1, { fakes: { latencyMs: 300 } });
    await startRun();
    await h.fakes.waitForRequests('gemini', 1);
    const outcome = await startScheduledRun(h.services, projectId, DEFAULT_PLANS, h.clock.now());
    expect(outcome).toEqual({ skipped: expect.stringMatching(/^run_in_progress/) });
    await h.jobs.idle();
  });
});
