/**
 * What the web UI's insight page tests share (test/e2e/web-ui-insights*.test.ts, test/e2e/web-ui-alerts.test.ts):
 * the days they read, counted back from today because the pages open on the last 30 days; a rate written as the
 * pages write it; and a project whose answers are imported with the real CLI, so every figure is known.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runCli } from './e2e.ts';
import type { WebUi } from './web-ui.ts';

const DAY = 86_400_000;
export const today = new Date().toISOString().slice(0, 10);
export const daysAgo = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);
const [D1, D2, BEFORE] = [daysAgo(2), daysAgo(1), daysAgo(40)];

export const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(0)}%`);

export const P1 = 'Which CRM is best for small teams?';
const P2 = 'Which CRM has the best support?';
const EVIL_PROMPT = 'Which CRM <img src=x onerror=alert(1)> should a startup pick?';
export const EVIL_RIVAL = '<img src=y onerror=alert(2)>Evil Corp';
export const ENGINES = ['chatgpt', 'chatgpt-local-fetch', 'perplexity'];

/**
 * The imported answers. This period: 8 answers, 4 naming Acme, 2 citing acme.example; ChatGPT's API and its app
 * answer P1 on the same two days. The period before: 2 answers, 1 naming Acme. example.net is listed only beside
 * competitors: the one gap.
 */
const SEED = [
  [
    D1,
    'chatgpt',
    P1,
    'Acme is the best pick. Globex follows.',
    ['https://www.acme.example/crm', 'https://reviews.example.com/crm'],
  ],
  [
    D2,
    'chatgpt',
    P1,
    'Globex is the best pick.',
    ['https://globex.example/crm', 'https://gapsite.example.net/top'],
  ],
  [D1, 'chatgpt', P2, 'Acme has the best support.', ['https://reviews.example.com/support']],
  [
    D1,
    'chatgpt-local-fetch',
    P1,
    'Globex and Initech lead; Acme is third.',
    ['https://appsource.example.org/x', 'https://evil.example/"><script>alert(3)</script>'],
  ],
  [D2, 'chatgpt-local-fetch', P1, 'Globex is the pick.', ['https://globex.example/crm']],
  [D1, 'perplexity', P1, 'Initech is cheap.', ['https://gapsite.example.net/top']],
  [D2, 'perplexity', P2, 'Acme support is great.', ['https://www.acme.example/support']],
  [D1, 'perplexity', EVIL_PROMPT, 'Pick whatever suits you.', []],
  [BEFORE, 'chatgpt', P1, 'Globex leads.', ['https://reviews.example.com/crm']],
  [BEFORE, 'perplexity', P2, 'Acme is good.', []],
] as const;

/**
 * The project Acme with its competitors (one named in markup) and the prompts P1, P2 and one in markup on
 * ENGINES, and SEED imported into it through `answerwatch answers import`.
 */
export async function importedProject(
  ui: WebUi,
): Promise<{ projectId: string; promptIds: Record<string, string> }> {
  const projectId = (
    await ui.call('/projects', 'POST', { name: 'Acme', websiteUrl: 'https://www.acme.example' })
  ).body.id;
  expect(
    (
      await ui.call(`/projects/${projectId}/competitors`, 'PUT', [
        { name: 'Globex', domain: 'globex.example' },
        { name: 'Initech', domain: null },
        { name: EVIL_RIVAL, domain: 'evil.example' },
      ])
    ).status,
  ).toBe(200);
  const promptIds: Record<string, string> = {};
  for (const text of [P1, P2, EVIL_PROMPT]) {
    const r = await ui.call(`/projects/${projectId}/prompts`, 'POST', { text, engineIds: ENGINES });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    promptIds[text] = r.body.id;
  }
  const dir = mkdtempSync(join(tmpdir(), 'aw-ui-insights-'));
  const file = join(dir, 'answers.jsonl');
  writeFileSync(
    file,
    SEED.map(([day, engineId, promptText, text, sources], i) =>
      JSON.stringify({
        id: `seed-${i}`,
        promptText,
        engineId,
        observedAt: `${day}T10:00:0${i % 10}.000Z`,
        text,
        sources: sources.map((url) => ({ url, title: null })),
      }),
    ).join('\n'),
  );
  const imported = await runCli(
    'answers',
    'import',
    '--project',
    projectId,
    file,
    '--db',
    ui.dbPath,
    '--json',
  );
  rmSync(dir, { recursive: true, force: true });
  expect(imported.code, imported.stderr).toBe(0);
  expect(JSON.parse(imported.stdout)).toMatchObject({ imported: SEED.length, invalidCount: 0 });
  return { projectId, promptIds };
}
