/**
 * Issue 20: Grok answered with url_citation spans over the sentences its `[[n]](url)` links sit in; the adapter cut
 * each spanned sentence, and with every sentence spanned no text was left: every Grok answer failed, so a run of six
 * engines stored five engines' answers and still said `completed`. The whole run, through the fake engine servers,
 * now stores all six, Grok's whole.
 */
import { afterEach, expect, it } from 'vitest';
import { defaultAnswer } from '../fakes/engines/index.ts';
import { createProject, manualTracking } from '../support/fixtures.ts';
import { createRunHarness, type RunHarness } from '../support/run-harness.ts';

const CLOUD = ['chatgpt', 'claude', 'gemini', 'perplexity', 'grok', 'google-ai-mode'];
const PROMPT = 'best project tool for startups';

let h: RunHarness | undefined;
afterEach(() => h?.close());

it('stores the Grok answer of a six-engine run whose citations span sentences, whole and with its sources', async () => {
  h = await createRunHarness();
  const { key, accountId } = await h.account('premium');
  await h.store.accounts.update(accountId, { remainingUnits: 100, prepaidCredits: 0 });
  const projectId = (
    await createProject(h.store, accountId, {
      name: 'Acme',
      websiteUrl: 'https://acme.example',
      brandTerms: [],
      brandDomains: [],
      tracking: manualTracking(CLOUD),
    })
  ).id;
  expect(
    (await h.write('POST', `/v1/projects/${projectId}/prompts`, key, { text: PROMPT, engineIds: CLOUD }))
      .statusCode,
  ).toBe(201);
  // Every Grok reply has them, as the real one did: a retry is no way out.
  h.fakes.script('xai', { kind: 'sentence-spans' }, 5);

  const id = (await h.write('POST', `/v1/projects/${projectId}/run-requests`, key)).json().id;
  await h.jobs.idle();

  expect((await h.get(`/v1/projects/${projectId}/run-requests/${id}`, key)).json()).toMatchObject({
    status: 'completed',
    error: null,
  });
  const answers = (await h.get(`/v1/projects/${projectId}/answers?limit=50`, key)).json().data as {
    id: string;
    engineId: string;
    sourceUrls: string[];
  }[];
  expect(answers.map((a) => a.engineId).sort()).toEqual([...CLOUD].sort());
  expect(h.fakes.requests.xai).toHaveLength(1);
  const grok = answers.find((a) => a.engineId === 'grok')!;
  const expected = defaultAnswer('grok', PROMPT);
  expect(grok.sourceUrls).toEqual(expected.sources.map((s) => s.url));
  const detail = (await h.get(`/v1/projects/${projectId}/answers/${grok.id}`, key)).json();
  expect(detail.fullAnswer).toBe(expected.text);
});
