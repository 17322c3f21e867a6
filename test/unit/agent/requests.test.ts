import { afterEach, describe, expect, it } from 'vitest';
import { hostProject } from '../../fakes/host-api.ts';
import { cleanUp, failure, fakeEngine, paired, prompts } from './harness.ts';

afterEach(cleanUp);

const LF = 'chatgpt-local-fetch';
const PX = 'perplexity-local-fetch';

describe('agent: host-mode run requests', () => {
  it('claims a queued request, asks every slot once, uploads each answer once and finishes', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(3, [LF, PX]) }));
    const requestId = h.api.queueRequest('p1', 2);
    const chatgpt = fakeEngine(LF);
    const perplexity = fakeEngine(PX);
    const agent = h.agent([chatgpt, perplexity], { version: '1.2.3' });

    await agent.start();
    await agent.idle();

    const run = [...h.api.runs.values()][0]!;
    expect(h.api.requests.get(requestId)).toMatchObject({ status: 'completed', runId: run.runId });
    // 3 prompts x 2 engines x 2 samples, each asked once, stored once under its slot key.
    expect(chatgpt.asked.length + perplexity.asked.length).toBe(12);
    const keys = [...h.api.answers.keys()].sort();
    expect(keys).toHaveLength(12);
    expect(keys).toContain(`${run.runId}:pr1:${LF}:1`);
    expect(keys).toContain(`${run.runId}:pr3:${PX}:2`);
    expect([...h.api.uploadsByKey.values()].every((n) => n === 1)).toBe(true);
    expect(h.api.duplicates()).toBe(0);
    expect(h.api.answers.get(`${run.runId}:pr2:${LF}:1`)).toMatchObject({
      promptId: 'pr2',
      promptText: 'prompt 2',
      topicId: null,
      engineId: LF,
      text: `${LF} says Acme is a fine answer to "prompt 2".`,
      // The engine's searches go through the outbox with the answer.
      searchQueries: ['acme prompt 2'],
    });
    expect(h.api.finishes).toEqual([
      { runId: run.runId, body: { status: 'completed', error: null, code: null } },
    ]);
    const local = await h.store.runByRunId(run.runId);
    expect(local).toMatchObject({ status: 'done', outcome: 'completed', requestId });
    expect(await h.store.answerStates(local!.id)).toEqual({ uploaded: 12 });

    // A later check-in neither claims nor uploads anything again.
    await agent.checkIn();
    await agent.idle();
    expect(h.api.runs.size).toBe(1);
    expect(h.api.duplicates()).toBe(0);
    expect(h.api.finishes).toHaveLength(1);
  });

  it('completes when some slots fail, with only the answers that came', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(4, [LF]) }));
    h.api.queueRequest('p1');
    const engine = fakeEngine(LF, (prompt) =>
      prompt === 'prompt 2' || prompt === 'prompt 4' ? failure(LF) : 'answer',
    );
    const agent = h.agent([engine]);

    await agent.start();
    await agent.idle();

    const run = [...h.api.runs.values()][0]!;
    expect(engine.asked).toHaveLength(4);
    expect([...h.api.answers.keys()].sort()).toEqual([
      `${run.runId}:pr1:${LF}:1`,
      `${run.runId}:pr3:${LF}:1`,
    ]);
    expect(run).toMatchObject({ status: 'completed' });
    expect(h.log.entries.filter((e) => e.msg === 'answer failed')).toHaveLength(2);
    // The failed answers go with the run's end, counted per engine and cause.
    expect(h.api.finishes[0]!.body.failures).toEqual([
      { engineId: LF, code: 'server_error', message: `${LF} failed (server_error)`, count: 2 },
    ]);
  });

  it('completes with the engines that answered and reports the one that failed every answer, why', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(3, [LF, PX, 'claude']) }));
    h.api.queueRequest('p1', 2);
    const agent = h.agent([
      fakeEngine(LF),
      fakeEngine(PX, () => failure(PX, 'login_required', 'fatal')),
      // An engine code the service cannot take as one is reported as `error`.
      fakeEngine('claude', () => failure('claude', 'Odd Code!')),
    ]);

    await agent.start();
    await agent.idle();

    expect(h.api.finishes).toHaveLength(1);
    const { body } = h.api.finishes[0]!;
    expect(body).toMatchObject({ status: 'completed', error: null, code: null });
    // The fatal login wall is asked once; the other 5 slots of that engine fail with it, unasked.
    expect(body.failures).toEqual([
      { engineId: PX, code: 'login_required', message: `${PX} failed (login_required)`, count: 6 },
      { engineId: 'claude', code: 'error', message: 'claude failed (Odd Code!)', count: 6 },
    ]);
    const local = await h.store.runByRunId(h.api.finishes[0]!.runId);
    expect(local).toMatchObject({ status: 'done', outcome: 'completed', failures: body.failures });
  });

  it('fails the run with the reasons when every slot fails', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(2, [LF, PX]) }));
    h.api.queueRequest('p1');
    const agent = h.agent([
      fakeEngine(LF, () => failure(LF, 'login_required', 'fatal')),
      fakeEngine(PX, () => failure(PX)),
    ]);

    await agent.start();
    await agent.idle();

    const run = [...h.api.runs.values()][0]!;
    expect(h.api.answers.size).toBe(0);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^All 4 answers failed\./);
    expect(run.error).toContain(`${LF}: login_required`);
    expect(run.error).toContain(`${PX}: server_error`);
    // Two causes: none explains the failure, so the service says host_run_failed.
    expect(h.api.finishes[0]!.body).toMatchObject({ status: 'failed', code: null });
    expect(h.api.finishes[0]!.body.failures).toEqual([
      { engineId: LF, code: 'login_required', message: `${LF} failed (login_required)`, count: 2 },
      { engineId: PX, code: 'server_error', message: `${PX} failed (server_error)`, count: 2 },
    ]);
  });

  it('reports the one cause every failed answer shares as the run’s error code', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(2, [LF, PX]) }));
    h.api.queueRequest('p1');
    const agent = h.agent([
      fakeEngine(LF, () => failure(LF, 'cloudflare_challenge')),
      fakeEngine(PX, () => failure(PX, 'cloudflare_challenge')),
    ]);

    await agent.start();
    await agent.idle();

    expect(h.api.finishes).toHaveLength(1);
    expect(h.api.finishes[0]!.body).toMatchObject({ status: 'failed', code: 'cloudflare_challenge' });
    expect(h.api.finishes[0]!.body.error).toMatch(/^All 4 answers failed\./);
    const local = await h.store.runByRunId(h.api.finishes[0]!.runId);
    expect(local).toMatchObject({ status: 'done', outcome: 'failed', errorCode: 'cloudflare_challenge' });
  });

  it('skips the rest of an engine after a fatal error and reports engines it cannot ask', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(3, [LF, 'gemini-local-fetch']) }));
    h.api.queueRequest('p1');
    const engine = fakeEngine(LF, (_p, n) => (n === 0 ? failure(LF, 'login_required', 'fatal') : 'answer'));
    const agent = h.agent([engine]);

    await agent.start();
    await agent.idle();

    expect(engine.asked).toHaveLength(1);
    const run = [...h.api.runs.values()][0]!;
    expect(run.status).toBe('failed');
    expect(run.error).toContain('gemini-local-fetch: engine_unavailable');
    // login_required for one engine, engine_unavailable for the other: no single cause.
    expect(h.api.finishes[0]!.body.code).toBeNull();
  });

  it('runs one request per project at a time and claims the next one at a later check-in', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(1, [LF]) }));
    const first = h.api.queueRequest('p1');
    const second = h.api.queueRequest('p1');
    const engine = fakeEngine(LF, (_p, n) => (n === 0 ? 'hang' : 'answer'));
    const agent = h.agent([engine]);

    await agent.start();
    await engine.waitForAsks(1);
    await agent.checkIn();
    expect(h.api.requests.get(first)!.status).toBe('running');
    expect(h.api.requests.get(second)!.status).toBe('queued');

    engine.release();
    await agent.idle();
    await agent.checkIn();
    await agent.idle();
    expect(h.api.requests.get(first)!.status).toBe('completed');
    expect(h.api.requests.get(second)!.status).toBe('completed');
    expect(engine.asked).toHaveLength(2);
  });

  it('stops asking when the service ended the run (canceled there)', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(5, [LF]) }));
    h.api.queueRequest('p1');
    let runId = '';
    // The second answer's upload is refused (409: the run ended); the third ask hangs until the run stops.
    const engine = fakeEngine(LF, (_p, n) => {
      if (n === 1) {
        runId = [...h.api.runs.keys()][0]!;
        h.api.endRun(runId);
      }
      return n >= 2 ? 'hang' : 'answer';
    });
    const agent = h.agent([engine]);

    await agent.start();
    await agent.idle();

    expect(engine.asked.length).toBeGreaterThanOrEqual(2);
    expect(engine.asked.length).toBeLessThanOrEqual(3);
    expect(h.api.finishes).toEqual([]);
    expect((await h.store.runByRunId(runId))?.status).toBe('dropped');
  });

  it('fails the run with the reason when the engines cannot be set up', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(2, [LF]) }));
    h.api.queueRequest('p1');
    const agent = h.agent({
      engineIds: async () => [LF],
      acquire: async () => {
        throw new Error('OPENAI_BASE_URL must be an http(s) URL');
      },
      close: async () => {},
    });

    await agent.start();
    await agent.idle();

    const run = [...h.api.runs.values()][0]!;
    expect(run.status).toBe('failed');
    expect(run.error).toContain('the engines could not be set up: OPENAI_BASE_URL must be an http(s) URL');
  });

  it('ends a run that keeps breaking off (a fault outside its engines) after three tries', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(1, [LF]) }));
    h.api.queueRequest('p1');
    const broken = { ...h.store, storedSlots: () => Promise.reject(new Error('disk I/O error')) };
    const agent = h.agent([fakeEngine(LF)], { store: broken });

    await agent.start();
    await agent.idle();
    expect([...h.api.runs.values()][0]!.status).toBe('running');
    await agent.checkIn();
    await agent.idle();
    await agent.checkIn();
    await agent.idle();

    const run = [...h.api.runs.values()][0]!;
    expect(run.status).toBe('failed');
    expect(run.error).toBe('The host agent could not run it: disk I/O error');
    expect(h.log.entries.filter((e) => e.msg === 'run broke off')).toHaveLength(3);
  });
});
