import { afterEach, describe, expect, it } from 'vitest';
import { hostProject } from '../../fakes/host-api.ts';
import { cleanUp, fakeEngine, paired, prompts } from './harness.ts';

afterEach(cleanUp);

const LF = 'chatgpt-local-fetch';

describe('agent: offline and restarts', () => {
  it('keeps answers in the outbox while the service is down and uploads each once when it is back', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(6, [LF]) }));
    h.api.queueRequest('p1');
    let goingOffline: Promise<void> | null = null;
    // The service goes away once the run is claimed, while the first prompt is asked.
    const engine = fakeEngine(LF, (_p, n) => {
      if (n === 0) goingOffline = h.api.goOffline();
      return 'answer';
    });
    const agent = h.agent([engine]);

    await agent.start();
    await agent.idle();
    await goingOffline;

    const run = [...h.api.runs.values()][0]!;
    const local = (await h.store.runByRunId(run.runId))!;
    expect(engine.asked).toHaveLength(6);
    expect(local).toMatchObject({ status: 'finished', outcome: 'completed' });
    expect(await h.store.answerStates(local.id)).toEqual({ pending: 6 });
    expect(h.api.answers.size).toBe(0);
    expect(h.api.finishes).toEqual([]);

    // Still offline: a check-in fails quietly and nothing is lost.
    expect(await agent.checkIn()).toMatchObject({ status: 'offline' });
    expect(h.log.entries.some((e) => e.msg.startsWith('service unreachable'))).toBe(true);

    await h.api.goOnline();
    expect(await agent.checkIn()).toMatchObject({ status: 'online' });
    await agent.idle();

    expect(h.api.answers.size).toBe(6);
    expect(h.api.duplicates()).toBe(0);
    expect([...h.api.uploadsByKey.values()].every((n) => n === 1)).toBe(true);
    expect(h.api.finishes).toEqual([
      { runId: run.runId, body: { status: 'completed', error: null, code: null } },
    ]);
    expect(await h.store.run(local.id)).toMatchObject({ status: 'done' });
    expect(await h.store.answerStates(local.id)).toEqual({ uploaded: 6 });
  });

  it('treats 5xx as offline: the outbox waits and nothing is uploaded twice', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(3, [LF]) }));
    h.api.queueRequest('p1');
    const engine = fakeEngine(LF, (_p, n) => {
      if (n === 0) h.api.failWith(503);
      return 'answer';
    });
    const agent = h.agent([engine]);

    await agent.start();
    await agent.idle();
    expect(h.api.answers.size).toBe(0);
    expect(await agent.checkIn()).toMatchObject({ status: 'offline' });

    h.api.failWith(null);
    await agent.checkIn();
    await agent.idle();
    expect(h.api.answers.size).toBe(3);
    expect(h.api.duplicates()).toBe(0);
    expect([...h.api.runs.values()][0]!.status).toBe('completed');
  });

  it('resumes an interrupted run after a restart without asking stored slots again', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(5, [LF]) }));
    const requestId = h.api.queueRequest('p1', 2);
    // 10 slots; the fourth ask never answers, then the agent stops (as on SIGTERM).
    const before = fakeEngine(LF, (_p, n) => (n === 3 ? 'hang' : 'answer'));
    const first = h.agent([before]);
    await first.start();
    await before.waitForAsks(4);
    await first.stop();

    const run = [...h.api.runs.values()][0]!;
    const stored = await h.store.storedSlots((await h.store.runByRunId(run.runId))!.id);
    expect(stored.size).toBe(3);
    expect(run.status).toBe('running');

    // A new process: the store is opened again and a new agent starts with new engines.
    await h.reopen();
    const after = fakeEngine(LF);
    const second = h.agent([after]);
    await second.start();
    await second.idle();

    expect(h.api.runs.size).toBe(1);
    expect(h.api.answers.size).toBe(10);
    expect(h.api.duplicates()).toBe(0);
    expect(h.api.requests.get(requestId)!.status).toBe('completed');
    // Prompts 1-3 of sample 1 were stored before the stop: only the other seven slots are asked.
    expect(after.asked).toEqual([
      'prompt 4',
      'prompt 5',
      'prompt 1',
      'prompt 2',
      'prompt 3',
      'prompt 4',
      'prompt 5',
    ]);
    expect(h.log.entries.some((e) => e.msg === 'run resumed')).toBe(true);
  });

  it('resumes a run whose local record was lost by claiming the request again (same run)', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(2, [LF]) }));
    const requestId = h.api.queueRequest('p1');
    const run = await h.client.claim(requestId);

    const agent = h.agent([fakeEngine(LF)]);
    await agent.start();
    await agent.idle();

    expect(h.api.runs.size).toBe(1);
    expect(h.api.runs.get(run.runId)!.status).toBe('completed');
    expect(h.api.answers.size).toBe(2);
  });

  it('sets aside only the answers the service refuses when a batch is refused', async () => {
    const h = await paired();
    const PX = 'perplexity-local-fetch';
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(2, [LF, PX]) }));
    const agent = h.agent([fakeEngine(LF), fakeEngine(PX)]);
    await agent.start();
    await agent.idle();

    // Offline, the run asks the cached prompts; meanwhile the project stops tracking Perplexity.
    await h.api.goOffline();
    const fired = await agent.runScheduled('p1');
    await agent.idle();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(2, [LF]) }));
    await h.api.goOnline();
    await agent.checkIn();
    await agent.idle();

    if (fired.status !== 'started') throw new Error('not started');
    const run = [...h.api.runs.values()][0]!;
    expect([...h.api.answers.keys()].sort()).toEqual([
      `${run.runId}:pr1:${LF}:1`,
      `${run.runId}:pr2:${LF}:1`,
    ]);
    expect(await h.store.answerStates(fired.localRunId)).toEqual({ uploaded: 2, rejected: 2 });
    expect(run.status).toBe('completed');
    expect(h.log.entries.filter((e) => e.msg === 'answer refused by the service')).toHaveLength(2);
  });

  it('forgets runs the service has in full after 30 days', async () => {
    const h = await paired();
    const old = {
      clientRunId: null,
      runId: 'runOld',
      requestId: null,
      projectId: 'p1',
      trigger: 'request' as const,
    };
    await h.store.createRun({
      ...old,
      id: 'old1',
      samplesPerPrompt: 1,
      prompts: [],
      scheduledFor: null,
      startedAt: '2020-01-01T00:00:00.000Z',
    });
    await h.store.markRunDone('old1');
    await h.store.createRun({
      ...old,
      id: 'old2',
      runId: 'runOld2',
      samplesPerPrompt: 1,
      prompts: [],
      scheduledFor: null,
      startedAt: '2020-01-01T00:00:00.000Z',
    });
    await h.store.finishRun('old2', 'completed', null, '2020-01-01T00:00:00.000Z');

    const agent = h.agent([], { schedule: false });
    await agent.start();
    await agent.idle();

    expect(await h.store.run('old1')).toBeUndefined();
    // Not yet reported: kept until the service has it.
    expect(await h.store.run('old2')).toBeDefined();
  });
});
