import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPlans } from '../../server/domain/plan-catalogue.ts';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import { createHarness } from '../support/api-harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'aw-plans-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

const starter = {
  code: 'starter',
  apiAccess: true,
  accessMode: 'managed',
  engineIds: ['chatgpt', 'perplexity'],
  cadences: ['manual', 'weekly'],
  limits: { maxPrompts: 2, maxProjects: 1, maxCompetitors: 1, maxSamplesPerPrompt: 2, runRequestsPerDay: 10 },
  unitsPerPeriod: 500,
};

describe('the plan catalogue', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is the built-in plans without ANSWERWATCH_PLANS, and the file when given', () => {
    expect(loadPlans(undefined)).toBe(DEFAULT_PLANS);
    expect(loadPlans(file('ok.json', [starter]))).toEqual([starter]);
  });

  it('refuses a file that does not fit, saying why', () => {
    expect(() => loadPlans(join(dir, 'missing.json'))).toThrow(/cannot read/);
    expect(() => loadPlans(file('bad.json', '{'))).toThrow(/cannot read .* as JSON/);
    expect(() => loadPlans(file('empty.json', []))).toThrow(/not a plan list/);
    expect(() => loadPlans(file('dup.json', [starter, starter]))).toThrow(/unique/);
    expect(() => loadPlans(file('engine.json', [{ ...starter, engineIds: ['bing'] }]))).toThrow(
      /unknown engine/,
    );
    expect(() =>
      loadPlans(file('limit.json', [{ ...starter, limits: { ...starter.limits, maxSamplesPerPrompt: 9 } }])),
    ).toThrow(/maxSamplesPerPrompt/);
    expect(() => loadPlans(file('extra.json', [{ ...starter, price: 9 }]))).toThrow(/price/);
  });

  it('drives what the API allows: capabilities, and 409 plan_limit naming each limit', async () => {
    const plans = loadPlans(file('serve.json', [starter]));
    const h = await createHarness({ plans });
    try {
      const { key } = await h.account('starter');
      const post = (url: string, body: unknown, method: 'POST' | 'PUT' = 'POST') =>
        h.write(method, url, key, body);
      const made = await post('/v1/projects', { name: 'Only', websiteUrl: 'https://only.example' });
      expect(made.statusCode).toBe(201);
      const p = made.json().id;
      expect(made.json().visibility.engines).toEqual(['chatgpt', 'perplexity']);
      const caps = (await h.get(`/v1/projects/${p}/capabilities`, key)).json();
      expect(caps).toMatchObject({ plan: 'starter', cadences: ['manual', 'weekly'], limits: starter.limits });
      expect(caps.engines.map((e: { id: string }) => e.id)).toEqual(['chatgpt', 'perplexity']);
      const limits = [
        [await post('/v1/projects', { name: 'Two', websiteUrl: 'https://two.example' }), 'maxProjects'],
        [
          await post(`/v1/projects/${p}/competitors`, [{ name: 'A' }, { name: 'B' }], 'PUT'),
          'maxCompetitors',
        ],
        [await post(`/v1/projects/${p}/tracking`, { cadence: 'daily' }, 'PUT'), 'cadences'],
        [await post(`/v1/projects/${p}/tracking`, { samplesPerPrompt: 3 }, 'PUT'), 'maxSamplesPerPrompt'],
      ] as const;
      for (const [r, name] of limits) {
        expect(r.statusCode, name).toBe(409);
        expect(r.json()).toMatchObject({ code: 'plan_limit', detail: expect.stringContaining(name) });
      }
      for (const text of ['one', 'two'])
        expect((await post(`/v1/projects/${p}/prompts`, { text })).statusCode).toBe(201);
      const third = await post(`/v1/projects/${p}/prompts`, { text: 'three' });
      expect(third.json()).toMatchObject({
        code: 'plan_limit',
        detail: expect.stringContaining('maxPrompts'),
      });
      const claude = await post(`/v1/projects/${p}/tracking`, { engineIds: ['claude'] }, 'PUT');
      expect(claude.statusCode).toBe(400);
      await expect(h.account('premium')).rejects.toMatchObject({ code: 'invalid_parameter' });
    } finally {
      await h.close();
    }
  });
});
