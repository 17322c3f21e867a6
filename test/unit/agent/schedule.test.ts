import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLocalStore } from '../../../app/agent/local-store.ts';
import { createHostSchedule, hostSchedules } from '../../../app/agent/schedule.ts';
import { hostProject } from '../../fakes/host-api.ts';
import { cleanUp, fakeEngine, memoryLog, paired, prompts } from './harness.ts';

afterEach(async () => {
  vi.useRealTimers();
  await cleanUp();
});

const LF = 'chatgpt-local-fetch';
const AT = '2026-03-01T00:00:00.000Z';

describe('host schedule', () => {
  it('loads the cached projects: the service settings, the local ones for bring-your-own-key projects', async () => {
    const store = await openLocalStore(':memory:');
    const managed = hostProject({ id: 'p1', prompts: prompts(1, [LF]) });
    const byok = hostProject({
      id: 'p2',
      accessMode: 'byok-local',
      prompts: prompts(1, ['chatgpt', 'claude']),
    });
    const nothingToAsk = hostProject({ id: 'p3', prompts: [] });
    const narrowedAway = hostProject({ id: 'p4', accessMode: 'byok-local', prompts: prompts(1, ['claude']) });
    await store.replaceProjects([managed, byok, nothingToAsk, narrowedAway], AT);
    const local = {
      engineIds: ['chatgpt'],
      cadence: 'weekly' as const,
      timeOfDay: '06:15',
      weeklyDay: 'friday' as const,
      timezone: 'America/New_York',
      samplesPerPrompt: 2,
    };
    await store.setTracking('p2', local, AT);
    await store.setTracking('p4', local, AT);
    // Local settings of a managed project do not apply: its settings are the service's.
    await store.setTracking('p1', local, AT);

    expect(await hostSchedules(store)).toEqual([
      { projectId: 'p1', cadence: 'daily', timeOfDay: '09:00', weeklyDay: 'monday', timezone: 'UTC' },
      {
        projectId: 'p2',
        cadence: 'weekly',
        timeOfDay: '06:15',
        weeklyDay: 'friday',
        timezone: 'America/New_York',
      },
    ]);
    await store.close();
  });

  it('fires at the project time in its timezone and picks up a changed setting within a minute', async () => {
    const store = await openLocalStore(':memory:');
    const project = hostProject({ id: 'p1', accessMode: 'byok-local', prompts: prompts(1, ['chatgpt']) });
    await store.replaceProjects([project], AT);
    const tracking = {
      ...project.tracking,
      engineIds: ['chatgpt'],
      timeOfDay: '09:00',
      timezone: 'Europe/Berlin',
    };
    await store.setTracking('p1', tracking, AT);

    vi.useFakeTimers({ now: Date.parse('2026-03-02T07:00:00.000Z') });
    const fired: string[] = [];
    const schedule = createHostSchedule({
      store,
      log: memoryLog(),
      fire: async (projectId, at) => void fired.push(`${projectId}@${at.toISOString()}`),
    });
    await schedule.start();

    // 09:00 in Berlin is 08:00 UTC in winter.
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(fired).toEqual(['p1@2026-03-02T08:00:00.000Z']);

    // Edited on the host (`answerwatch agent tracking`): the reload a minute later applies it.
    await store.setTracking('p1', { ...tracking, timeOfDay: '10:30' }, AT);
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.advanceTimersByTimeAsync(Date.parse('2026-03-03T09:30:00.000Z') - Date.now());
    expect(fired).toEqual(['p1@2026-03-02T08:00:00.000Z', 'p1@2026-03-03T09:30:00.000Z']);

    schedule.stop();
    vi.useRealTimers();
    await store.close();
  });
});

describe('agent: scheduled runs', () => {
  it('creates a run with a clientRunId and skips a second fire while it runs', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(2, [LF]) }));
    const engine = fakeEngine(LF, (_p, n) => (n === 0 ? 'hang' : 'answer'));
    const agent = h.agent([engine]);
    await agent.start();
    await agent.idle();

    const first = await agent.runScheduled('p1', new Date('2026-03-02T09:00:00Z'));
    expect(first).toMatchObject({ status: 'started' });
    if (first.status !== 'started') throw new Error('not started');
    expect(first.clientRunId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await engine.waitForAsks(1);

    expect(await agent.runScheduled('p1')).toEqual({
      status: 'skipped',
      reason: 'a run of this project is in progress',
    });
    expect(agent.activeProjects()).toEqual(['p1']);

    engine.release();
    await agent.idle();
    const runs = [...h.api.runs.values()];
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      clientRunId: first.clientRunId,
      runId: first.runId,
      status: 'completed',
    });
    expect(h.api.answers.size).toBe(2);
    expect(await h.store.run(first.localRunId)).toMatchObject({
      trigger: 'schedule',
      scheduledFor: '2026-03-02T09:00:00.000Z',
      status: 'done',
    });
  });

  it('offline: runs from the cached prompts and registers the run (once) when the service is back', async () => {
    const h = await paired();
    h.api.addProject(hostProject({ id: 'p1', prompts: prompts(3, [LF]) }));
    const engine = fakeEngine(LF);
    const agent = h.agent([engine]);
    await agent.start();
    await agent.idle();
    await h.api.goOffline();

    const fired = await agent.runScheduled('p1');
    await agent.idle();
    expect(fired).toMatchObject({ status: 'started', runId: null });
    if (fired.status !== 'started') throw new Error('not started');
    expect(engine.asked).toEqual(['prompt 1', 'prompt 2', 'prompt 3']);
    expect(await h.store.run(fired.localRunId)).toMatchObject({ runId: null, status: 'finished' });
    expect(await h.store.answerStates(fired.localRunId)).toEqual({ pending: 3 });

    await h.api.goOnline();
    await agent.checkIn();
    await agent.idle();
    const run = [...h.api.runs.values()][0]!;
    expect(run).toMatchObject({ clientRunId: fired.clientRunId, status: 'completed', reported: 1 });
    expect([...h.api.answers.keys()].sort()).toEqual([1, 2, 3].map((i) => `${run.runId}:pr${i}:${LF}:1`));
    expect(h.api.duplicates()).toBe(0);

    await agent.checkIn();
    await agent.idle();
    expect(run.reported).toBe(1);
    expect(h.api.runs.size).toBe(1);
  });

  it('uses the local settings of a bring-your-own-key project: its engines and samples', async () => {
    const h = await paired();
    h.api.addProject(
      hostProject({ id: 'p1', accessMode: 'byok-local', prompts: prompts(2, ['chatgpt', 'claude']) }),
    );
    await h.store.setTracking(
      'p1',
      {
        engineIds: ['chatgpt'],
        cadence: 'daily',
        timeOfDay: '09:00',
        weeklyDay: 'monday',
        timezone: 'UTC',
        samplesPerPrompt: 2,
      },
      AT,
    );
    const chatgpt = fakeEngine('chatgpt');
    const claude = fakeEngine('claude');
    const agent = h.agent([chatgpt, claude]);
    await agent.start();
    await agent.idle();

    await agent.runScheduled('p1');
    await agent.idle();

    expect(chatgpt.asked).toHaveLength(4);
    expect(claude.asked).toHaveLength(0);
    const run = [...h.api.runs.values()][0]!;
    expect(run.samplesPerPrompt).toBe(2);
    expect(h.api.answers.size).toBe(4);
  });
});
