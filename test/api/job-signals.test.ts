import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';

describe('the API wakes the background jobs', () => {
  const signals = {
    runRequested: vi.fn(),
    trackingChanged: vi.fn(),
    runEnded: vi.fn(),
    mailQueued: vi.fn(),
  };
  let h: Harness;
  let key: string;
  let projectId: string;
  beforeAll(async () => {
    h = await createHarness({ signals });
    let accountId: string;
    ({ key, accountId } = await h.account('premium'));
    projectId = (await createProject(h.store, accountId)).id;
  });
  afterAll(() => h.close());

  it('tells the schedule when tracking changes, and only then', async () => {
    const r = await h.write('PUT', `/v1/projects/${projectId}/tracking`, key, { timeOfDay: '06:15' });
    expect(r.statusCode).toBe(200);
    expect(signals.trackingChanged).toHaveBeenCalledTimes(1);
    expect(
      (await h.write('PUT', `/v1/projects/${projectId}/tracking`, key, { timeOfDay: '25:00' })).statusCode,
    ).toBe(400);
    expect(signals.trackingChanged).toHaveBeenCalledTimes(1);
  });

  it('tells the executor when a run is accepted, not when it is refused or replayed', async () => {
    expect((await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).statusCode).toBe(409);
    expect(signals.runRequested).not.toHaveBeenCalled();
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, {
      text: 'best tool?',
      engineIds: ['chatgpt'],
    });
    const start = () =>
      h.request({
        method: 'POST',
        url: `/v1/projects/${projectId}/run-requests`,
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'once' },
      });
    expect((await start()).statusCode).toBe(202);
    expect((await start()).statusCode).toBe(200);
    expect(signals.runRequested).toHaveBeenCalledTimes(1);
  });
});
