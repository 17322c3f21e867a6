/** Pairing a host, its check-ins, and the tracking settings a bring-your-own-key host brings (support/host-sync.ts). */
import { describe, expect, it } from 'vitest';
import { CheckedIn, HostRun } from '../../server/contract/host-sync.ts';
import { createPairCode } from '../../server/domain/host-pairing.ts';
import {
  h,
  key,
  accountId,
  projectId,
  hostCall,
  pair,
  checkIn,
  capabilities,
  setUp,
} from '../support/host-sync.ts';

describe('pairing and check-ins', () => {
  it('pairs with a one-time code; the host serves the projects and its state follows its check-ins', async () => {
    await setUp();
    const paired = await pair();
    expect(paired.token).toMatch(/^awh_[A-Za-z0-9]{40}$/);
    const { code } = await createPairCode(h.store, h.clock, accountId);
    const body = { code, deviceLabel: 'x', agentVersion: '1', engineIds: [] };
    expect((await hostCall('/pair', null, body)).statusCode).toBe(201);
    const reused = await hostCall('/pair', null, body);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('invalid_key');

    expect((await capabilities()).host).toMatchObject({
      configured: true,
      online: true,
      deviceLabel: 'Ada’s laptop',
      required: true,
    });
    h.clock.advance(3 * 60_000);
    expect((await capabilities()).host.online).toBe(false);
    const r = await checkIn(paired.token);
    expect(r.statusCode).toBe(200);
    const checked = CheckedIn.parse(r.json());
    expect(checked.projects.map((p) => p.id)).toEqual([projectId]);
    expect((await capabilities()).host).toMatchObject({
      online: true,
      lastSeenAt: h.clock.now().toISOString(),
    });
    expect(
      (await hostCall('/check-in', 'awh_' + 'x'.repeat(40), { agentVersion: '1', engineIds: [] })).statusCode,
    ).toBe(401);
    expect((await hostCall('/check-in', key, { agentVersion: '1', engineIds: [] })).statusCode).toBe(401);
  });

  it('keeps the host sync API out of the public OpenAPI document', async () => {
    await setUp();
    const doc = (await h.get('/v1/openapi.json')).json();
    expect(Object.keys(doc.paths).some((p) => p.includes('host'))).toBe(false);
  });
});

describe('bring-your-own-key plans', () => {
  it('shows the host’s tracking settings read-only and runs every engine on the host at no cost', async () => {
    await setUp('byok', ['chatgpt']);
    const paired = await pair();
    const tracking = {
      engineIds: ['claude', 'gemini'],
      cadence: 'daily',
      timeOfDay: '07:15',
      weeklyDay: 'friday',
      timezone: 'Europe/Berlin',
      samplesPerPrompt: 2,
    };
    await checkIn(paired.token, [{ projectId, tracking }]);
    const caps = await capabilities();
    expect(caps.tracking).toMatchObject({ ...tracking, writable: false });
    expect(caps.allowance).toBeNull();
    expect(
      (await h.write('PUT', `/v1/projects/${projectId}/tracking`, key, { cadence: 'weekly' })).json().code,
    ).toBe('byok_not_supported');
    await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text: 'best crm?' });
    const request = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json();
    expect(request).toMatchObject({ mode: 'host', estimatedUnits: 0, status: 'queued' });
    const run = HostRun.parse((await hostCall(`/run-requests/${request.id}/claim`, paired.token)).json());
    expect(run.prompts[0]!.engineIds).toEqual(['claude', 'gemini']);
    await h.jobs.idle();
    expect(h.fakes.requests.anthropic).toHaveLength(0); // the service asks nothing for byok projects
  });
});
