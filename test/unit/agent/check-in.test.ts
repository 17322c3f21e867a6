import { afterEach, describe, expect, it } from 'vitest';
import { hostProject } from '../../fakes/host-api.ts';
import { cleanUp, fakeEngine, paired, prompts } from './harness.ts';

afterEach(cleanUp);

const tracking = {
  engineIds: ['chatgpt'],
  cadence: 'weekly' as const,
  timeOfDay: '07:30',
  weeklyDay: 'friday' as const,
  timezone: 'Europe/Berlin',
  samplesPerPrompt: 2,
};

describe('agent check-in', () => {
  it('sends its version, the engines it can ask and the bring-your-own-key settings, with the device token', async () => {
    const h = await paired();
    await h.store.setTracking('p2', tracking, '2026-03-01T00:00:00.000Z');
    const agent = h.agent([fakeEngine('chatgpt-local-fetch'), fakeEngine('chatgpt')], { version: '1.2.3' });

    await agent.start();
    await agent.idle();

    expect(h.api.checkIns).toEqual([
      {
        agentVersion: '1.2.3',
        engineIds: ['chatgpt-local-fetch', 'chatgpt'],
        settings: [{ projectId: 'p2', tracking }],
      },
    ]);
    const call = h.api.seen.find((s) => s.path === '/host/v1/check-in')!;
    expect(call.headers.authorization).toBe(`Bearer ${(await h.store.pairing())!.token}`);
  });

  it('keeps the projects of the last check-in for offline use', async () => {
    const h = await paired();
    const p1 = hostProject({ id: 'p1', prompts: prompts(2, ['chatgpt-local-fetch']) });
    const p2 = hostProject({ id: 'p2', accessMode: 'byok-local', prompts: prompts(1, ['claude']) });
    h.api.addProject(p1);
    h.api.addProject(p2);
    const agent = h.agent([]);

    await agent.start();
    await agent.idle();
    expect(await h.store.cachedProjects()).toEqual([p1, p2]);
    await agent.stop();

    await h.api.goOffline();
    const store = await h.reopen();
    const offline = h.agent([]);
    await offline.start();
    await offline.idle();
    expect(await offline.checkIn()).toEqual({ status: 'offline', claimed: [] });
    expect(await store.cachedProjects()).toEqual([p1, p2]);
  });

  it('reports a refused device token without dropping anything', async () => {
    const h = await paired();
    await h.store.savePairing({ ...(await h.store.pairing())!, token: `awh_${'x'.repeat(40)}` });
    await h.reopen();
    const agent = h.agent([]);

    await agent.start();
    await agent.idle();

    expect(await agent.checkIn()).toEqual({ status: 'refused', claimed: [] });
    expect(h.log.entries.some((e) => e.level === 'error' && e.msg.includes('pair it again'))).toBe(true);
  });
});
