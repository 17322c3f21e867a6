/** Runs on a paired host: requests handed over, claimed, answered and finished, and the host’s own runs. */
import { describe, expect, it } from 'vitest';
import { CheckedIn, HostRun } from '../../server/contract/host-sync.ts';
import { expireWaitingRequests } from '../../server/domain/run-lifecycle.ts';
import { BASE } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import {
  h,
  key,
  accountId,
  projectId,
  hostCall,
  pair,
  checkIn,
  answer,
  setUp,
} from '../support/host-sync.ts';

describe('host-mode runs', () => {
  it('hands a request over: waiting, queued at check-in, running once claimed, answers scored, completed', async () => {
    await setUp();
    const paired = await pair();
    const promptId = (
      await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text: 'best crm?' })
    ).json().id;
    h.clock.advance(10 * 60_000); // the host went quiet
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    expect(request).toMatchObject({ status: 'waiting_for_host', mode: 'host', estimatedUnits: 0 });

    const checked = CheckedIn.parse((await checkIn(paired.token)).json());
    expect(checked.requests).toEqual([expect.objectContaining({ id: request.id, status: 'queued' })]);
    expect(checked.projects[0]!.prompts).toEqual([
      { promptId, text: 'best crm?', topicId: null, engineIds: ['chatgpt-local-fetch'] },
    ]);
    expect((await h.get(`/v1/projects/${projectId}/run-requests/${request.id}`, key)).json()).toMatchObject({
      status: 'queued',
      warning: null,
      host: { online: true },
    });

    const run = HostRun.parse((await hostCall(`/run-requests/${request.id}/claim`, paired.token)).json());
    expect(run).toMatchObject({ requestId: request.id, projectId, samplesPerPrompt: 1 });
    // Claiming again (the agent restarted) gives the same run.
    expect((await hostCall(`/run-requests/${request.id}/claim`, paired.token)).json().runId).toBe(run.runId);

    // The searches the host's engine ran come along, cleaned as an adapter cleans them (blank and repeat dropped).
    const answers = [
      { ...answer(run.runId, promptId, 1), searchQueries: [' best crm 2026 ', '', 'best crm 2026'] },
    ];
    const first = await hostCall(`/runs/${run.runId}/answers`, paired.token, { answers });
    expect(first.json()).toEqual({ stored: 1, duplicates: 0 });
    expect((await hostCall(`/runs/${run.runId}/answers`, paired.token, { answers })).json()).toEqual({
      stored: 0,
      duplicates: 1,
    });
    const finished = await hostCall(`/runs/${run.runId}/finish`, paired.token, { status: 'completed' });
    expect(finished.json()).toMatchObject({ status: 'completed', requestStatus: 'completed' });

    const [stored] = (await h.get(`/v1/projects/${projectId}/answers?runId=${run.runId}`, key)).json().data;
    expect(stored).toMatchObject({
      engineId: 'chatgpt-local-fetch',
      mentioned: true,
      cited: true,
      sourceUrls: ['https://acme.example/crm'],
      runId: run.runId,
    });
    expect((await h.get(`/v1/projects/${projectId}/answers/${stored.id}`, key)).json().searchQueries).toEqual(
      ['best crm 2026'],
    );
    expect((await h.get(`/v1/projects/${projectId}/run-requests/${request.id}`, key)).json()).toMatchObject({
      status: 'completed',
      runIds: [run.runId],
    });
    expect((await h.get(`/v1/projects/${projectId}/stats/daily`, key)).json().incompleteDays).toBe(0);
  });

  it('runs the cloud part of a mixed request in the service once the host starts, and ends when both ended', async () => {
    await setUp('premium', ['chatgpt', 'chatgpt-local-fetch']);
    const paired = await pair();
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text: 'best crm?' });
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    expect(request).toMatchObject({ status: 'queued', mode: 'host', estimatedUnits: 1 });
    await h.jobs.idle();
    expect(h.fakes.requests.openai).toHaveLength(0); // nothing before the host starts
    const run = HostRun.parse((await hostCall(`/run-requests/${request.id}/claim`, paired.token)).json());
    expect(run.prompts[0]!.engineIds).toEqual(['chatgpt-local-fetch']);
    await h.jobs.idle();
    expect(h.fakes.requests.openai).toHaveLength(1);
    expect((await h.get(`/v1/projects/${projectId}/run-requests/${request.id}`, key)).json().status).toBe(
      'running',
    );
    await hostCall(`/runs/${run.runId}/finish`, paired.token, { status: 'failed', error: 'login wall' });
    const ended = (await h.get(`/v1/projects/${projectId}/run-requests/${request.id}`, key)).json();
    expect(ended).toMatchObject({ status: 'completed' });
    expect(ended.runIds).toHaveLength(2);
    const runs = (await h.get(`/v1/projects/${projectId}/runs`, key)).json().data;
    expect(runs.map((r: { status: string }) => r.status).sort()).toEqual(['completed', 'failed']);
  });

  it('gives a failed request the host’s stable cause as its error code, host_run_failed without one', async () => {
    await setUp();
    const paired = await pair();
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text: 'best crm?' });
    const failWith = async (finish: Record<string, unknown>) => {
      const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
      const run = HostRun.parse((await hostCall(`/run-requests/${request.id}/claim`, paired.token)).json());
      const finished = await hostCall(`/runs/${run.runId}/finish`, paired.token, {
        status: 'failed',
        ...finish,
      });
      expect(finished.statusCode).toBe(200);
      return (await h.get(`/v1/projects/${projectId}/run-requests/${request.id}`, key)).json();
    };
    const message = 'All 2 answers failed. chatgpt-local-fetch: login_required: sign in again (x2)';
    expect(await failWith({ error: message, code: 'login_required' })).toMatchObject({
      status: 'failed',
      error: { code: 'login_required', message },
    });
    expect(await failWith({ error: 'mixed causes', code: null })).toMatchObject({
      error: { code: 'host_run_failed', message: 'mixed causes' },
    });
    // An older agent sends no code at all.
    expect(await failWith({ error: 'old agent' })).toMatchObject({ error: { code: 'host_run_failed' } });
  });

  it('refuses a cause that is not a stable code', async () => {
    await setUp();
    const paired = await pair();
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text: 'best crm?' });
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    const run = HostRun.parse((await hostCall(`/run-requests/${request.id}/claim`, paired.token)).json());
    for (const code of ['Login Required', 'sign in again!', 'x'.repeat(61), '']) {
      const refused = await hostCall(`/runs/${run.runId}/finish`, paired.token, { status: 'failed', code });
      expect(refused.statusCode).toBe(400);
      const failures = [{ engineId: 'chatgpt-local-fetch', code, message: 'x', count: 1 }];
      const badFailure = await hostCall(`/runs/${run.runId}/finish`, paired.token, {
        status: 'failed',
        failures,
      });
      expect(badFailure.statusCode).toBe(400);
    }
  });

  it('fails a request whose host vanished mid-run after the 24-hour wait, never leaving it running', async () => {
    await setUp();
    const paired = await pair();
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text: 'best crm?' });
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    await hostCall(`/run-requests/${request.id}/claim`, paired.token);
    h.clock.advance(24 * 3600_000 - 1000);
    expect(await expireWaitingRequests(h.store, h.clock, BASE)).toBe(0);
    h.clock.advance(1000);
    expect(await expireWaitingRequests(h.store, h.clock, BASE)).toBe(1);
    expect((await h.get(`/v1/projects/${projectId}/run-requests/${request.id}`, key)).json()).toMatchObject({
      status: 'failed',
      error: { code: 'host_unavailable' },
    });
  });

  it('takes the host’s own scheduled runs, once per clientRunId', async () => {
    await setUp();
    const paired = await pair();
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text: 'best crm?' });
    const body = {
      clientRunId: 'local-run-0001',
      startedAt: h.clock.now().toISOString(),
      samplesPerPrompt: 1,
    };
    const run = HostRun.parse((await hostCall(`/projects/${projectId}/runs`, paired.token, body)).json());
    expect((await hostCall(`/projects/${projectId}/runs`, paired.token, body)).json().runId).toBe(run.runId);
    expect(run.requestId).toBeNull();
    await hostCall(`/runs/${run.runId}/finish`, paired.token, { status: 'completed' });
    expect((await h.get(`/v1/projects/${projectId}/runs`, key)).json().data[0]).toMatchObject({
      id: run.runId,
      trigger: 'scheduled',
      status: 'completed',
    });
    const other = await createProject(h.store, accountId, { name: 'Other' });
    expect((await hostCall(`/projects/${other.id}/runs`, 'awh_' + 'y'.repeat(40), body)).statusCode).toBe(
      401,
    );
  });
});
