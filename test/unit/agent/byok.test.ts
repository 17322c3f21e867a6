import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHostEngines } from '../../../app/agent/host-engines.ts';
import { hostProject } from '../../fakes/host-api.ts';
import { startFakeEngines, type FakeEngines } from '../../fakes/engines/index.ts';
import { cleanUp, paired, prompts } from './harness.ts';

let vendors: FakeEngines;
beforeAll(async () => {
  vendors = await startFakeEngines({ keys: { openai: 'sk-users-own-key-0123456789abcdef' } });
});
afterAll(() => vendors.close());
afterEach(cleanUp);

const AT = '2026-03-01T00:00:00.000Z';

describe('bring-your-own-key engines', () => {
  it('keeps keys sealed, asks with them, and never sends them to the service', async () => {
    const key = vendors.keys.openai;
    const h = await paired();
    await h.store.setEngineKey('chatgpt', key, AT);
    expect(await h.store.engineKeyIds()).toEqual(['chatgpt']);
    await h.reopen();
    expect(h.dbBytes()).not.toContain(key);

    h.api.addProject(
      hostProject({ id: 'p1', accessMode: 'byok-local', prompts: prompts(2, ['chatgpt', 'claude']) }),
    );
    await h.store.setTracking(
      'p1',
      {
        engineIds: ['chatgpt', 'claude'],
        cadence: 'daily',
        timeOfDay: '09:00',
        weeklyDay: 'monday',
        timezone: 'UTC',
        samplesPerPrompt: 1,
      },
      AT,
    );
    h.api.queueRequest('p1');
    // A key in the environment is not the host's: only the stored one is used.
    const env = { ...vendors.env, OPENAI_API_KEY: 'sk-not-this-one', ANSWERWATCH_ENGINE_ATTEMPTS: '1' };
    const engines = createHostEngines({ store: h.store, env, dataDir: h.dir, hasBrowser: () => false });
    const agent = h.agent(engines);

    await agent.start();
    await agent.idle();

    // Check-in names the engines it can ask (keyed ones and Ollama), never a key.
    expect(h.api.checkIns[0]!.engineIds).toEqual(['chatgpt', 'ollama']);
    const run = [...h.api.runs.values()][0]!;
    expect(run.status).toBe('completed');
    expect([...h.api.answers.keys()].sort()).toEqual([
      `${run.runId}:pr1:chatgpt:1`,
      `${run.runId}:pr2:chatgpt:1`,
    ]);
    expect(vendors.requests.openai.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${key}`,
      `Bearer ${key}`,
    ]);
    expect(
      h.log.entries.some(
        (e) => e.msg === 'engine not available' && JSON.stringify(e.fields).includes('keys set claude'),
      ),
    ).toBe(true);

    // The service saw every call the agent made, and the key in none of them.
    expect(h.api.seen.length).toBeGreaterThan(3);
    for (const call of h.api.seen) {
      expect(call.body).not.toContain(key);
      expect(JSON.stringify(call.headers)).not.toContain(key);
    }
    expect(h.log.text()).not.toContain(key);
    await engines.close();
  });

  it('removes a key; the engine is no longer offered', async () => {
    const h = await paired();
    await h.store.setEngineKey('perplexity', 'pplx-one', AT);
    await h.store.setEngineKey('perplexity', 'pplx-two', AT);
    expect((await h.store.engineKeys()).get('perplexity')).toBe('pplx-two');
    const engines = createHostEngines({ store: h.store, env: {}, dataDir: h.dir, hasBrowser: () => true });
    expect(await engines.engineIds()).toContain('perplexity');
    expect(await engines.engineIds()).toContain('chatgpt-local-fetch');

    expect(await h.store.removeEngineKey('perplexity')).toBe(true);
    expect(await h.store.engineKeyIds()).toEqual([]);
    expect(await engines.engineIds()).not.toContain('perplexity');
  });
});
