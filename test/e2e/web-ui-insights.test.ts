/**
 * The web UI's insight pages in headless Chromium against `answerwatch start`, at 1440 px and at 390 px: the
 * overview's figures with their 95 % intervals, Sources (yours, competitors', others', the gaps; domains and
 * pages), the prompt × engine grid whose cells open their answers, API against app, and alerts: subscribing a
 * webhook with thresholds, changing them, and the notifications list after two runs that raise alerts. Answers are
 * imported with the real CLI (so every figure is known) or come from the fake engines; every figure shown is
 * checked against the API's reads, and every page at both widths (overflow, axe-core, names, screenshots).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wilson } from '../../server/domain/intervals.ts';
import { defaultAnswer } from '../fakes/engines/index.ts';
import { startWebhookReceiver, TEST_CA_PATH, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { ALERT_ENGINES, ALERT_PROMPTS, alertScenario, SITE } from '../support/alert-scenario.ts';
import { requireBrowser } from '../support/browser.ts';
import { runCli, until } from '../support/e2e.ts';
import {
  checkBothWidths,
  checkPage,
  DESK,
  expectCleanRun,
  heading,
  PHONE,
  startWebUi,
  useChrome,
  visit,
  type WebUi,
} from '../support/web-ui.ts';

const browserPath = requireBrowser();
useChrome(browserPath);

const P1 = 'Which CRM is best for small teams?';
const P2 = 'Which CRM has the best support?';
const EVIL_PROMPT = 'Which CRM <img src=x onerror=alert(1)> should a startup pick?';
const EVIL_RIVAL = '<img src=y onerror=alert(2)>Evil Corp';
const ENGINES = ['chatgpt', 'chatgpt-local-fetch', 'perplexity'];

const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);
const [D1, D2, BEFORE] = [daysAgo(2), daysAgo(1), daysAgo(40)];

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

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(0)}%`);
const bounds = (e: { low: number | null; high: number | null }) =>
  e.low === null || e.high === null ? '' : `${(e.low * 100).toFixed(0)}–${(e.high * 100).toFixed(0)}%`;
const short = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const long = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const seen = (first: string, last: string) =>
  first === last
    ? long.format(new Date(`${first}T00:00:00Z`))
    : `${short.format(new Date(`${first}T00:00:00Z`))} to ${short.format(new Date(`${last}T00:00:00Z`))}`;

/** The fakes: the alert scenario for its prompts, the default answer for anything else. */
const scenario = alertScenario();
const answer = (engineId: string, prompt: string) =>
  ALERT_PROMPTS.includes(prompt) ? scenario.answer(engineId, prompt) : defaultAnswer(engineId, prompt);

describe.skipIf(browserPath === null)('web UI: insights', { timeout: 180_000 }, () => {
  let ui: WebUi;
  let receiver: WebhookReceiver;
  let desk: Page;
  let phone: Page;
  let projectId: string;
  let soloId: string;
  let alertsId: string;
  let promptIds: Record<string, string>;
  let dir: string;
  const bothWidths = (name: string, hash: string, title: string | RegExp) =>
    checkBothWidths(ui, { desk, phone }, name, hash, title);
  const api = async (path: string) => {
    const r = await ui.call(path);
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body;
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    ui = await startWebUi({
      engines: { answer },
      env: { ANSWERWATCH_WEBHOOK_ALLOW_PRIVATE: '1', NODE_EXTRA_CA_CERTS: TEST_CA_PATH },
    });
    projectId = (await ui.call('/projects', 'POST', { name: 'Acme', websiteUrl: 'https://www.acme.example' }))
      .body.id;
    expect(
      (
        await ui.call(`/projects/${projectId}/competitors`, 'PUT', [
          { name: 'Globex', domain: 'globex.example' },
          { name: 'Initech', domain: null },
          { name: EVIL_RIVAL, domain: 'evil.example' },
        ])
      ).status,
    ).toBe(200);
    promptIds = {};
    for (const text of [P1, P2, EVIL_PROMPT]) {
      const r = await ui.call(`/projects/${projectId}/prompts`, 'POST', { text, engineIds: ENGINES });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      promptIds[text] = r.body.id;
    }
    dir = mkdtempSync(join(tmpdir(), 'aw-ui-insights-'));
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
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ imported: SEED.length, invalidCount: 0 });

    soloId = (await ui.call('/projects', 'POST', { name: 'Solo', websiteUrl: 'https://solo.example' })).body
      .id;
    await ui.call(`/projects/${soloId}/prompts`, 'POST', { text: P1, engineIds: ['chatgpt'] });

    alertsId = (await ui.call('/projects', 'POST', { name: 'Acme', websiteUrl: SITE })).body.id;
    await ui.call(`/projects/${alertsId}/competitors`, 'PUT', [
      { name: 'Globex', domain: 'globex.example' },
      { name: 'Initech', domain: null },
    ]);
    for (const text of ALERT_PROMPTS)
      await ui.call(`/projects/${alertsId}/prompts`, 'POST', { text, engineIds: ALERT_ENGINES });

    desk = await ui.open(DESK);
    phone = await ui.open(PHONE);
  }, 240_000);
  afterAll(async () => {
    await ui?.close();
    await receiver?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows each headline figure with its 95 % interval and its change, as the reads give them', async () => {
    const range = `from=${daysAgo(29)}&to=${today}`;
    const previous = `from=${daysAgo(59)}&to=${daysAgo(30)}`;
    const [now] = (await api(`/projects/${projectId}/stats/trends?${range}&interval=range&perEngine=false`))
      .data;
    const [before] = (
      await api(`/projects/${projectId}/stats/trends?${previous}&interval=range&perEngine=false`)
    ).data;
    // The figures the seed makes.
    expect(now).toMatchObject({ answers: 8, mentioned: 4, cited: 2 });
    expect(before).toMatchObject({ answers: 2, mentioned: 1 });
    const brands = (await api(`/projects/${projectId}/stats/competitors?${range}`)).data as {
      isOwnBrand: boolean;
      mentioned: number;
    }[];
    const mentions = brands.reduce((n, b) => n + b.mentioned, 0);
    const sov = wilson(brands.find((b) => b.isOwnBrand)!.mentioned, mentions);

    await visit(desk, ui, `#/p/${projectId}/overview`, 'Overview');
    const tile = (id: string) => desk.locator(`.kpi[data-kpi=${id}]`);
    await tile('mention').waitFor();
    const expected: [string, { value: number | null; low: number | null; high: number | null }, string][] = [
      ['mention', now.mentionRate, pct(now.mentionRate.value)],
      ['citation', now.citationRate, pct(now.citationRate.value)],
      ['sov', sov, pct(sov.value)],
      ['sentiment', now.sentiment.positive, pct(now.sentiment.positive.value)],
    ];
    for (const [id, e, value] of expected) {
      expect(await tile(id).locator('.kpi-value').textContent(), id).toBe(value);
      expect(await tile(id).locator('.kpi-interval').textContent(), id).toBe(`95% interval ${bounds(e)}`);
    }
    expect(await tile('mention').locator('.kpi-value').textContent()).toBe('50%');
    const position = now.averagePosition;
    expect(await tile('position').locator('.kpi-value').textContent()).toBe(position.value.toFixed(1));
    // 4 of 8 against 1 of 2: a change that lies within both intervals.
    const change = Math.round((now.mentionRate.value - before.mentionRate.value) * 1000) / 10;
    expect(change).toBe(0);
    expect(await tile('mention').locator('.kpi-change').textContent()).toBe('no change');
    const cited = Math.round((now.citationRate.value - before.citationRate.value) * 1000) / 10;
    expect(await tile('citation').locator('.kpi-change').textContent()).toBe(
      `▲ +${cited} pts, better · may be noise`,
    );
    expect(await tile('mention').locator('.kpi-note').textContent()).toBe(
      `of 8 answers; previous 30 days ${pct(before.mentionRate.value)} (${bounds(before.mentionRate)})`,
    );
    await bothWidths('overview-intervals', `#/p/${projectId}/overview`, 'Overview');
  });

  it('splits the cited sources into yours, competitors’ and others’, with when they were seen, and the gaps', async () => {
    const range = `from=${daysAgo(29)}&to=${today}`;
    await visit(desk, ui, `#/p/${projectId}/sources`, 'Sources');
    const panel = (title: string) =>
      desk.locator('section.panel', { has: desk.getByRole('heading', { name: title }) });
    const rows = async (title: string) => {
      const p = panel(title);
      await p.locator('table, .empty').first().waitFor();
      return p
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
    };
    for (const [title, query] of [
      ['Your sites', 'class=own'],
      ["Competitors' sites", 'class=competitor'],
      ['Other sites', 'class=other'],
      ['Gaps: sites that cite competitors but never you', 'gaps=true'],
    ] as const) {
      const read = (await api(`/projects/${projectId}/stats/sources?${range}&limit=10&${query}`)).data as {
        domain: string;
        competitor: string | null;
        answers: number;
        share: number;
        prompts: number;
        firstSeen: string;
        lastSeen: string;
      }[];
      expect(read.length, title).toBeGreaterThan(0);
      expect(await rows(title), title).toEqual(
        read.map((r) => [
          r.domain,
          ...(query === 'class=competitor' ? [r.competitor] : []),
          r.answers.toLocaleString(),
          pct(r.share),
          r.prompts.toLocaleString(),
          `${seen(r.firstSeen, r.lastSeen)}new this week`,
        ]),
      );
    }
    // By construction: the one gap, and the competitor whose name is markup, shown as text.
    expect((await rows('Gaps: sites that cite competitors but never you')).map((r) => r[0])).toEqual([
      'example.net',
    ]);
    expect((await rows("Competitors' sites")).map((r) => r[1])).toContain(EVIL_RIVAL);
    expect(await desk.locator('main img, main script').count()).toBe(0);

    // Pages instead of domains, chosen from the keyboard.
    const by = desk.getByLabel('Count by', { exact: true });
    await by.focus();
    await by.selectOption('url');
    await desk.waitForURL(/by=url/);
    await heading(desk, 'Sources').waitFor();
    const pages = (
      await api(`/projects/${projectId}/stats/sources?${range}&limit=10&groupBy=url&class=other`)
    ).data as {
      url: string;
    }[];
    expect((await rows('Other pages')).map((r) => r[0])).toEqual(pages.map((p) => p.url));
    expect(await panel('Other pages').locator('a[href^="https://"]').count()).toBe(pages.length);
    await bothWidths('sources-pages', `#/p/${projectId}/sources?by=url`, 'Sources');
    await visit(desk, ui, `#/p/${projectId}/sources`, 'Sources');
    await bothWidths('sources', `#/p/${projectId}/sources`, 'Sources');
  });

  it('shows the prompt × engine grid with changes, and a cell opens its answers, by keyboard too', async () => {
    const range = `from=${daysAgo(29)}&to=${today}`;
    const read = (await api(`/projects/${projectId}/stats/prompts?${range}&perEngine=true&limit=25`))
      .data as {
      promptId: string;
      text: string;
      answers: number;
      mentionRate: number | null;
      citationRate: number | null;
      averagePosition: number | null;
      engines: {
        engineId: string;
        answers: number;
        mentionRate: number | null;
        citationRate: number | null;
        averagePosition: number | null;
      }[];
    }[];
    await visit(desk, ui, `#/p/${projectId}/prompts`, 'Prompts');
    const grid = desk.locator('table.prompt-grid');
    await grid.waitFor();
    const heads = await grid.locator('thead th').allTextContents();
    const labels = new Map(
      (await api(`/projects/${projectId}/engines`)).data.map((e: { id: string; label: string }) => [
        e.id,
        e.label,
      ]),
    );
    expect(heads).toEqual(['Prompt', 'All engines', ...ENGINES.map((id) => labels.get(id))]);
    expect(await grid.locator('tbody th').allTextContents()).toEqual(read.map((p) => p.text));
    const figures = (f: {
      answers: number;
      mentionRate: number | null;
      citationRate: number | null;
      averagePosition: number | null;
    }) => [
      `Mentioned ${pct(f.mentionRate)}`,
      `Position ${f.averagePosition === null ? '—' : f.averagePosition.toFixed(1)}`,
      `Cited ${pct(f.citationRate)}`,
      `${f.answers} answer${f.answers === 1 ? '' : 's'}`,
    ];
    for (const [i, p] of read.entries()) {
      const row = grid.locator('tbody tr').nth(i);
      const all = (await row.locator('td').nth(0).locator('.cell-figure, .sub').allTextContents()).map((t) =>
        t.replace(/\s+/g, ' ').trim(),
      );
      // Each figure, then the count (with "none before" when the period before had no answer).
      expect(
        all.map((t, j) => (j < 3 ? t.split(' ').slice(0, 2).join(' ') : t.split(' · ')[0])),
        p.text,
      ).toEqual(figures(p));
      for (const [j, id] of ['chatgpt', 'chatgpt-local-fetch', 'perplexity'].entries()) {
        const e = p.engines.find((x) => x.engineId === id);
        const cell = row.locator('td').nth(j + 1);
        const text = (await cell.textContent())!.replace(/\s+/g, ' ');
        if (!e) expect(text, `${p.text} ${id}`).toBe('No answers');
        else if (e.answers === 0) expect(text).toBe('No answers in this period');
        else for (const part of figures(e)) expect(text, `${p.text} ${id}`).toContain(part);
      }
    }
    // P1 on ChatGPT: 1 of 2 answers name Acme (50%) against 0 of 1 before: +50 points.
    const p1 = grid.locator('tbody tr', { hasText: P1 });
    expect((await p1.locator('td').nth(1).textContent())!.replace(/\s+/g, ' ')).toContain(
      'Mentioned 50% ▲ +50 pts',
    );
    const evil = grid.locator('tbody tr', { hasText: 'onerror=alert(1)' });
    expect((await evil.locator('td').nth(0).locator('.sub').textContent())!.trim()).toBe(
      '1 answer · none before',
    );
    // The markup in a prompt is text.
    expect(await grid.locator('tbody th').filter({ hasText: '<img src=x onerror=alert(1)>' }).count()).toBe(
      1,
    );
    expect(await desk.locator('main img').count()).toBe(0);
    await bothWidths('prompts', `#/p/${projectId}/prompts`, 'Prompts');

    // The keyboard reaches P1 × ChatGPT and opens the answers behind it.
    await visit(desk, ui, `#/p/${projectId}/prompts`, 'Prompts');
    const link = desk
      .locator('table.prompt-grid tbody tr', { hasText: P1 })
      .locator('td')
      .nth(1)
      .getByRole('link');
    await link.focus();
    await desk.keyboard.press('Enter');
    await heading(desk, 'Answers').waitFor();
    const hash = new URL(desk.url()).hash;
    expect(hash).toMatch(new RegExp(`^#/p/${projectId}/answers\\?`));
    const params = new URLSearchParams(hash.split('?')[1]);
    expect(params.get('promptId')).toBe(promptIds[P1]);
    expect(params.getAll('engine')).toEqual(['chatgpt']);
    const listed = (
      await api(`/projects/${projectId}/answers?promptId=${promptIds[P1]}&engine=chatgpt&${range}`)
    ).data;
    expect(listed).toHaveLength(2);
    await desk.getByText('2 answers match', { exact: false }).waitFor();
    expect(await desk.locator('table.answers tbody tr').count()).toBe(2);
  });

  it('compares the API with the app, and says when nothing is tracked on both', async () => {
    const range = `from=${daysAgo(29)}&to=${today}`;
    const [pair] = (await api(`/projects/${projectId}/stats/surfaces?${range}`)).data;
    // By construction: P1 on two days, both sides; they agree on naming Acme both days, on citing it one day.
    expect(pair).toMatchObject({
      apiEngineId: 'chatgpt',
      appEngineId: 'chatgpt-local-fetch',
      pairedDays: 2,
      mention: { agreement: 1, both: 1, neither: 1 },
      citation: { agreement: 0.5, apiOnly: 1, neither: 1 },
    });
    await visit(desk, ui, `#/p/${projectId}/surfaces`, 'API vs app');
    const table = desk.locator('table.surface-figures');
    await table.waitFor();
    const cells = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
    const agreement = (a: typeof pair.mention, what: string) => [
      what,
      pct(a.apiRate),
      pct(a.appRate),
      pct(a.agreement),
      `both ${a.both} · API only ${a.apiOnly} · app only ${a.appOnly} · neither ${a.neither}`,
    ];
    expect(cells[0]).toEqual(agreement(pair.mention, 'Names you'));
    expect(cells[1]).toEqual(agreement(pair.citation, 'Cites your site'));
    expect(cells[2]!.slice(0, 3)).toEqual([
      'Average position',
      pair.position.apiAverage.toFixed(1),
      pair.position.appAverage.toFixed(1),
    ]);
    const sides = async (title: string) =>
      desk.locator('.surface-source-list', { hasText: title }).locator('.source-domain').allTextContents();
    expect(await sides('Sites only the API lists')).toEqual(
      pair.sources.apiOnly.map((s: { domain: string }) => s.domain),
    );
    expect(await sides('Sites only the app lists')).toEqual(
      pair.sources.appOnly.map((s: { domain: string }) => s.domain),
    );
    expect(await desk.locator('.surface-source-list', { hasText: 'only the app' }).textContent()).toContain(
      EVIL_RIVAL,
    );
    expect(await desk.locator('main img, main script').count()).toBe(0);
    await bothWidths('surfaces', `#/p/${projectId}/surfaces`, 'API vs app');

    await visit(desk, ui, `#/p/${soloId}/surfaces`, 'API vs app');
    await desk.getByText('No engine is tracked on both its API and its signed-in app.').waitFor();
    await bothWidths('surfaces-empty', `#/p/${soloId}/surfaces`, 'API vs app');
  });

  it('subscribes a webhook to alerts with thresholds, changes them, and lists the alerts two runs raise', async () => {
    await visit(desk, ui, `#/p/${alertsId}/alerts`, 'Alerts');
    await desk
      .getByText('alerts are raised for the webhooks that subscribe to them', { exact: false })
      .waitFor();

    await visit(desk, ui, `#/p/${alertsId}/webhooks`, 'Webhooks');
    const form = desk.locator('form', { has: desk.getByRole('button', { name: 'Register webhook' }) });
    const thresholds = form.getByRole('group', { name: 'Alert thresholds' });
    expect(await thresholds.isVisible()).toBe(false);
    await form.getByLabel('Endpoint URL').fill(`${receiver.url}/ui`);
    for (const name of [
      'Visibility dropped',
      'Visibility rose',
      'Citation lost',
      'Citation gained',
      'Competitor overtook you',
    ])
      await form.getByRole('checkbox', { name }).check();
    await thresholds.waitFor();
    await form.getByLabel('Mention rate change (points)').fill('20');
    await checkPage(desk, 'webhooks-alerts');
    await form.getByRole('button', { name: 'Register webhook' }).click();
    await desk.getByText('Webhook registered.', { exact: false }).waitFor();
    let [hook] = (await api(`/projects/${alertsId}/webhooks`)).data;
    expect(hook.events).toEqual([
      'run.completed',
      'run.failed',
      'visibility.dropped',
      'visibility.rose',
      'citation.lost',
      'citation.gained',
      'competitor.overtook',
    ]);
    expect(hook.thresholds).toEqual({ mentionRateChange: 0.2, citationRateChange: 0.1, shareOfVoiceLead: 0 });
    const card = desk.locator('.webhook-card', { hasText: `${receiver.url}/ui` });
    expect(await card.textContent()).toContain(
      'Alert thresholds: mention ±20 pts, citation ±10 pts, competitor lead 0 pts',
    );

    // Change them: no more citation.gained, citations at 30 points.
    await card.getByRole('button', { name: /Edit events and thresholds/ }).click();
    const edit = card.locator('form');
    await edit.getByRole('checkbox', { name: 'Citation gained' }).uncheck();
    await edit.getByLabel('Citation rate change (points)').fill('30');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await until(
      'the changed webhook',
      async () => (await api(`/projects/${alertsId}/webhooks`)).data[0],
      (w) => !w.events.includes('citation.gained'),
    );
    [hook] = (await api(`/projects/${alertsId}/webhooks`)).data;
    expect(hook.thresholds).toEqual({ mentionRateChange: 0.2, citationRateChange: 0.3, shareOfVoiceLead: 0 });
    await desk.getByText('citation ±30 pts').waitFor();
    await bothWidths('webhooks-alerts-set', `#/p/${alertsId}/webhooks`, 'Webhooks');

    // Two runs, the engines changed between them.
    const runToEnd = async () => {
      const request = (await ui.call(`/projects/${alertsId}/run-requests`, 'POST')).body;
      await until(
        'the run to end',
        async () => (await ui.call(`/projects/${alertsId}/run-requests/${request.id}`)).body.status,
        (s) => s === 'completed',
      );
    };
    await runToEnd();
    scenario.change();
    await runToEnd();
    const alerts = await until(
      'the alerts delivered',
      async () =>
        (await api(`/projects/${alertsId}/alerts`)).data as {
          alert: {
            event: string;
            data: {
              changes?: {
                metric: string;
                engineId: string | null;
                previous: { value: number };
                current: { value: number };
              }[];
            };
          };
          delivery: { status: string };
        }[],
      (list) => list.length === 4 && list.every((a) => a.delivery.status === 'delivered'),
    );
    // citation.gained is no longer subscribed; the others pass their thresholds.
    expect(alerts.map((a) => a.alert.event).sort()).toEqual([
      'citation.lost',
      'competitor.overtook',
      'visibility.dropped',
      'visibility.rose',
    ]);
    await visit(desk, ui, `#/p/${alertsId}/alerts`, 'Alerts');
    const cards = desk.locator('.alert-card');
    await cards.first().waitFor();
    const titles = {
      'visibility.dropped': 'Visibility dropped',
      'visibility.rose': 'Visibility rose',
      'citation.lost': 'Citation lost',
      'competitor.overtook': 'Competitor overtook you',
    } as Record<string, string>;
    expect(await cards.locator('h2').allTextContents()).toEqual(alerts.map((a) => titles[a.alert.event]));
    const dropped = alerts.find((a) => a.alert.event === 'visibility.dropped')!.alert.data.changes!;
    const droppedCard = desk.locator('.alert-card', { hasText: 'Visibility dropped' });
    for (const c of dropped) {
      const what = `${c.metric === 'mentionRate' ? 'Mention' : 'Citation'} rate on ${c.engineId === null ? 'all engines' : 'ChatGPT'}: ${pct(c.previous.value)} → ${pct(c.current.value)}`;
      expect(await droppedCard.textContent()).toContain(what);
    }
    expect(await droppedCard.textContent()).toContain('Mention rate on ChatGPT: 100% → 17%');
    expect(
      await desk
        .locator('.alert-card', { hasText: 'Citation lost' })
        .locator('a[href^="https://acme.example/pricing"]')
        .count(),
    ).toBe(6);
    expect(await desk.locator('.alert-card', { hasText: 'Competitor overtook you' }).textContent()).toContain(
      'Globex on ChatGPT: named in 100% of answers against your 17%',
    );
    await bothWidths('alerts', `#/p/${alertsId}/alerts`, 'Alerts');
  });

  it('keeps the insight pages readable on a month of a seeded project, with more rows on request', async () => {
    const seeded = await runCli(
      'demo',
      'seed',
      '--account',
      ui.accountId,
      '--answers',
      '3000',
      '--days',
      '30',
      '--db',
      ui.dbPath,
    );
    expect(seeded.code, seeded.stderr).toBe(0);
    const demo = seeded.stdout.trim();
    const range = `from=${daysAgo(29)}&to=${today}`;

    const prompts = (await api(`/projects/${demo}/stats/prompts?${range}&limit=25`)).data as {
      text: string;
    }[];
    await visit(desk, ui, `#/p/${demo}/prompts`, 'Prompts');
    await desk.locator('table.prompt-grid').waitFor();
    expect(await desk.locator('table.prompt-grid tbody th').allTextContents()).toEqual(
      prompts.map((p) => p.text),
    );
    await bothWidths('prompts-month', `#/p/${demo}/prompts`, 'Prompts');

    // One more answer listing twelve more sites, so the others run past a page.
    const extra = join(dir, 'extra.jsonl');
    writeFileSync(
      extra,
      JSON.stringify({
        promptText: 'Which review sites cover project tools?',
        engineId: 'perplexity',
        observedAt: `${D2}T12:00:00.000Z`,
        text: 'Many sites review them.',
        sources: Array.from({ length: 12 }, (_, i) => ({
          url: `https://www.review-site-${i}.com/tools`,
          title: null,
        })),
      }),
    );
    const more = await runCli('answers', 'import', '--project', demo, extra, '--db', ui.dbPath);
    expect(more.code, more.stderr).toBe(0);
    const others = (await api(`/projects/${demo}/stats/sources?${range}&class=other&limit=20`)).data as {
      domain: string;
    }[];
    expect(others.length).toBe(20);
    await visit(desk, ui, `#/p/${demo}/sources`, 'Sources');
    const panel = desk.locator('section.panel', { has: desk.getByRole('heading', { name: 'Other sites' }) });
    await panel.locator('tbody tr').first().waitFor();
    expect(await panel.locator('tbody th').allTextContents()).toEqual(
      others.slice(0, 10).map((o) => o.domain),
    );
    await panel.getByRole('button', { name: 'Show 10 more' }).click();
    await until(
      'ten more sources',
      async () => panel.locator('tbody tr').count(),
      (n) => n === 20,
    );
    expect(await panel.locator('tbody th').allTextContents()).toEqual(others.map((o) => o.domain));
    // One answer of 3,001 is a share too small for a whole percentage.
    expect(await panel.locator('tbody tr', { hasText: 'review-site-0.com' }).textContent()).toContain(
      'under 1%',
    );
    await bothWidths('sources-month', `#/p/${demo}/sources`, 'Sources');
  });

  it('ran without a script error, a CSP violation or a dialog', () => expectCleanRun(ui));
});
