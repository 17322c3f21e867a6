/**
 * Text holding U+0000, which PostgreSQL's text type cannot store: in a path, a query or a body, each engine
 * answers what it answers for any other text, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines } from '../support/answers.ts';
import { createProject } from '../support/fixtures.ts';
import { TEST_ENGINE } from '../support/test-db.ts';

describe('text with the NUL character', () => {
  let h: Harness;
  let key: string;
  let p: string;

  beforeAll(async () => {
    h = await createHarness();
    let accountId: string;
    ({ key, accountId } = await h.account());
    p = (await createProject(h.store, accountId)).id;
  });
  afterAll(() => h.close());

  it('in a path id or a query parameter finds nothing, as any other text that names nothing', async () => {
    const missing = await h.write('DELETE', `/v1/projects/${p}/prompts/pmt%00`, key);
    expect(missing.statusCode, missing.body).toBe(404);
    const search = await h.get(`/v1/projects/${p}/answers?q=%00&topicId=t%00`, key);
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json()).toMatchObject({ data: [] });
  });

  it('in a body or an engine’s answer is stored (U+FFFD where the engine cannot hold it) and searched past', async () => {
    const stored = TEST_ENGINE === 'postgres' ? '\uFFFD' : '\u0000';
    const created = await h.write('POST', `/v1/projects/${p}/prompts`, key, {
      text: 'best crm\u0000 for startups?',
      engineIds: ['chatgpt'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const prompts = (await h.get(`/v1/projects/${p}/prompts`, key)).json() as { data: { text: string }[] };
    expect(prompts.data.map((x) => x.text)).toContain(`best crm${stored} for startups?`);

    await importLines(h.store, h.clock, p, [
      {
        promptText: 'which crm?',
        engineId: 'chatgpt',
        observedAt: '2026-06-15T08:00:00.000Z',
        text: 'Acme\u0000 CRM is the pick.',
        sources: [],
      },
    ]);
    const page = await h.get(`/v1/projects/${p}/answers?q=${encodeURIComponent('pick')}`, key);
    expect(page.statusCode, page.body).toBe(200);
    const [answer] = (page.json() as { data: { id: string }[] }).data;
    const detail = await h.get(`/v1/projects/${p}/answers/${answer!.id}`, key);
    expect((detail.json() as { fullAnswer: string }).fullAnswer).toBe(`Acme${stored} CRM is the pick.`);
  });
});
