/**
 * The web UI's insight pages in headless Chromium against `answerwatch start`, at 1440 px and at 390 px, on
 * answers imported with the real CLI (so every figure is known): the overview's figures with their 95 %
 * intervals, Sources (yours, competitors', others', the gaps; domains and pages), the prompt × engine grid whose
 * cells open their answers, and API against app. Every figure shown is checked against the API's reads, and every
 * page at both widths (overflow, axe-core, names, screenshots).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPE_LABELS } from '../../app/ui/src/source-kinds.ts';
import { wilson } from '../../server/domain/intervals.ts';
import { requireBrowser } from '../support/browser.ts';
import {
  checkBothWidths,
  DESK,
  expectCleanRun,
  heading,
  PHONE,
  readApi,
  startWebUi,
  useChrome,
  visit,
  type WebUi,
} from '../support/web-ui.ts';
import { daysAgo, ENGINES, EVIL_RIVAL, importedProject, P1, pct, today } from '../support/web-ui-insights.ts';

const browserPath = requireBrowser();
useChrome(browserPath);

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

describe.skipIf(browserPath === null)('web UI: insights', { timeout: 180_000 }, () => {
  let ui: WebUi;
  let desk: Page;
  let phone: Page;
  let projectId: string;
  let soloId: string;
  let promptIds: Record<string, string>;
  const bothWidths = (name: string, hash: string, title: string | RegExp) =>
    checkBothWidths(ui, { desk, phone }, name, hash, title);
  const api = (path: string) => readApi(ui, path);

  beforeAll(async () => {
    ui = await startWebUi();
    ({ projectId, promptIds } = await importedProject(ui));

    soloId = (await ui.call('/projects', 'POST', { name: 'Solo', websiteUrl: 'https://solo.example' })).body
      .id;
    await ui.call(`/projects/${soloId}/prompts`, 'POST', { text: P1, engineIds: ['chatgpt'] });

    desk = await ui.open(DESK);
    phone = await ui.open(PHONE);
  }, 240_000);
  afterAll(async () => {
    await ui?.close();
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
    expect(await tile('mention').locator('.kpi-note').textContent()).toBe('of 8 answers');
    expect(await tile('mention').locator('.kpi-before').textContent()).toBe(
      `previous 30 days ${pct(before.mentionRate.value)} (${bounds(before.mentionRate)})`,
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
        type: keyof typeof TYPE_LABELS;
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
          TYPE_LABELS[r.type],
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

  it('shows each type’s share of the citations, and sets a type for a site that every list then shows', async () => {
    const range = `from=${daysAgo(29)}&to=${today}`;
    const panel = (title: string) =>
      desk.locator('section.panel', { has: desk.getByRole('heading', { name: title }) });
    const rows = async (title: string) => {
      const p = panel(title);
      await p.locator('table, .empty').first().waitFor();
      return p
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
    };
    await visit(desk, ui, `#/p/${projectId}/sources`, 'Sources');
    // The editor: a type for example.com, which covers reviews.example.com's pages.
    const editor = panel('Your types for sites');
    await editor.getByRole('button', { name: 'Add site' }).click();
    await editor.getByLabel('Site 1 domain').fill('example.com');
    await editor.getByLabel('Site 1 type').selectOption('review');
    await editor.getByRole('button', { name: 'Save types' }).click();
    await panel('Your types for sites').getByText('Saved 1 site.').waitFor();
    expect((await api(`/projects/${projectId}/source-types`)).data).toEqual([
      { domain: 'example.com', type: 'review' },
    ]);
    const others = await rows('Other sites');
    expect(others.find((r) => r[0] === 'example.com')?.[1]).toBe('Reviews & marketplaces');

    // Only review sites, chosen in the toolbar.
    await desk.getByLabel('Type of site', { exact: true }).selectOption('review');
    await desk.waitForURL(/type=review/);
    await heading(desk, 'Sources').waitFor();
    expect((await rows('Other sites')).map((r) => r[0])).toEqual(['example.com']);

    // Counted by type: the table says what the API says.
    await visit(desk, ui, `#/p/${projectId}/sources?by=type`, 'Sources');
    const shares = (await api(`/projects/${projectId}/stats/sources?${range}&groupBy=type`)).data as {
      type: keyof typeof TYPE_LABELS;
      share: number;
      citations: number;
    }[];
    expect(shares.map((t) => t.type)).toContain('review');
    const shown = await rows('Types of site');
    expect(shown.map((r) => [r[0], r[1], r[3]])).toEqual(
      shares.map((t) => [TYPE_LABELS[t.type], pct(t.share), t.citations.toLocaleString()]),
    );
    await bothWidths('sources-types', `#/p/${projectId}/sources?by=type`, 'Sources');
    expect((await ui.call(`/projects/${projectId}/source-types`, 'PUT', [])).status).toBe(200);
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

  it('ran without a script error, a CSP violation or a dialog', () => expectCleanRun(ui));
});
