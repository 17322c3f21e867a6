import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Report } from '../../server/contract/reports.ts';
import { ownerCaller } from '../../server/domain/callers.ts';
import { poisson, wilson } from '../../server/domain/intervals.ts';
import { DEFAULT_PLANS } from '../../server/domain/plans.ts';
import { createReadCache } from '../../server/domain/read-cache.ts';
import { buildReport } from '../../server/reports/report.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { allAnswers } from '../support/insights.ts';
import { HOSTILE, postTraffic, PREVIOUS, reportProject, TRAFFIC, WEEK } from '../support/reports.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- the API's bodies are compared as the JSON they are */
type Json = any;

describe('the report: every figure is the API reads’ for the same period', () => {
  let h: Harness;
  let key: string;
  let accountId: string;
  let p: string;
  let report: ReturnType<typeof Report.parse>;
  const get = async (path: string, k = key): Promise<Json> => {
    const r = await h.get(`/v1/projects/${p}/${path}`, k);
    expect(r.statusCode, `${path}: ${r.body}`).toBe(200);
    return r.json();
  };
  const range = (period: { from: string; to: string }) => `from=${period.from}&to=${period.to}`;

  beforeAll(async () => {
    h = await createHarness();
    ({ key, accountId, projectId: p } = await reportProject(h));
    await postTraffic(h, await h.key(accountId, ['traffic:write']), p, TRAFFIC);
    const r = await h.get(`/v1/projects/${p}/report`, key);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    report = Report.parse(r.json());
  });
  afterAll(() => h.close());

  it('covers the last full week in the project’s time zone by default, against the week before', () => {
    expect(report).toMatchObject({ projectId: p, ...WEEK, previous: PREVIOUS, timezone: 'UTC' });
  });

  it('KPI tiles: the trends read over the range, share of voice from the competitors read', async () => {
    const [now, before] = await Promise.all(
      [WEEK, PREVIOUS].map((w) => get(`stats/trends?${range(w)}&interval=range&perEngine=false`)),
    );
    const tile = (id: string) => report.parts.kpis.data.find((k) => k.id === id)!;
    expect(tile('mention')).toMatchObject({
      now: now.data[0].mentionRate,
      previous: before.data[0].mentionRate,
      basis: now.data[0].answers,
    });
    expect(tile('citation')).toMatchObject({
      now: now.data[0].citationRate,
      previous: before.data[0].citationRate,
    });
    expect(tile('position')).toMatchObject({
      now: now.data[0].averagePosition,
      previous: before.data[0].averagePosition,
    });
    expect(tile('sentiment')).toMatchObject({
      now: now.data[0].sentiment.positive,
      previous: before.data[0].sentiment.positive,
    });
    const competitors = await get(`stats/competitors?${range(WEEK)}`);
    const mentions = competitors.data.reduce((n: number, b: Json) => n + b.mentioned, 0);
    const own = competitors.data.find((b: Json) => b.isOwnBrand);
    expect(tile('sov')).toMatchObject({ now: wilson(own.mentioned, mentions), basis: mentions });
    // ChatGPT went from naming only rivals to naming Acme in every answer: beyond any noise.
    expect(tile('mention').beyondNoise).toBe(true);
    expect(tile('mention').change).toBeCloseTo(
      now.data[0].mentionRate.value - before.data[0].mentionRate.value,
    );
    expect(report.parts.kpis.summary).toMatch(/beyond the noise: Mention rate up \d+ points/);
  });

  it('per engine: the trends read per engine, for the range and by day', async () => {
    const [now, before, daily] = await Promise.all([
      get(`stats/trends?${range(WEEK)}&interval=range`),
      get(`stats/trends?${range(PREVIOUS)}&interval=range`),
      get(`stats/trends?${range(WEEK)}&interval=day`),
    ]);
    expect(report.parts.trends.engines.map((e) => e.engineId).sort()).toEqual(
      now.data.map((t: Json) => t.engineId).sort(),
    );
    for (const e of report.parts.trends.engines) {
      const t = now.data.find((x: Json) => x.engineId === e.engineId);
      const b = before.data.find((x: Json) => x.engineId === e.engineId);
      expect(e).toMatchObject({
        answers: t.answers,
        mentionRate: { now: t.mentionRate, previous: b.mentionRate },
        citationRate: { now: t.citationRate, previous: b.citationRate },
      });
    }
    expect(report.parts.trends.interval).toBe('day');
    expect(report.parts.trends.points).toEqual(
      daily.data.map((t: Json) => ({
        period: t.period,
        from: t.from,
        to: t.to,
        engineId: t.engineId,
        answers: t.answers,
        mentionRate: t.mentionRate,
        citationRate: t.citationRate,
      })),
    );
    const chatgpt = report.parts.trends.engines.find((e) => e.engineId === 'chatgpt')!;
    expect(chatgpt.mentionRate.beyondNoise).toBe(true);
    expect(chatgpt.summary).toMatch(/^ChatGPT: mentions up 100 points to 100 %, beyond the noise/);
  });

  it('share of voice: the competitors read’s mentions, each brand’s share with its interval', async () => {
    const [now, before] = await Promise.all(
      [WEEK, PREVIOUS].map((w) => get(`stats/competitors?${range(w)}`)),
    );
    const total = (rows: Json[]) => rows.reduce((n, b) => n + b.mentioned, 0);
    expect(report.parts.shareOfVoice.mentions).toBe(total(now.data));
    expect(report.parts.shareOfVoice.brands).toEqual(
      now.data.map((b: Json) => {
        const earlier = before.data.find((x: Json) => x.name === b.name);
        return expect.objectContaining({
          name: b.name,
          isOwnBrand: b.isOwnBrand,
          mentioned: b.mentioned,
          share: expect.objectContaining({
            now: wilson(b.mentioned, total(now.data)),
            previous: wilson(earlier.mentioned, total(before.data)),
          }),
        });
      }),
    );
  });

  it('prompts won and lost: the prompts read sorted by the change of mention rate', async () => {
    const [won, lost] = await Promise.all(
      ['desc', 'asc'].map((order) =>
        get(`stats/prompts?${range(WEEK)}&sort=mentionRateChange&order=${order}&limit=5`),
      ),
    );
    const expected = (rows: Json[], sign: number) =>
      rows
        .filter((r) => r.change.mentionRate !== null && Math.sign(r.change.mentionRate) === sign)
        .map((r) => ({ promptId: r.promptId, text: r.text, answers: r.answers, rate: r.mentionRate }));
    const shown = (rows: typeof report.parts.prompts.won) =>
      rows.map((r) => ({
        promptId: r.promptId,
        text: r.text,
        answers: r.answers,
        rate: r.mentionRate.now.value,
      }));
    expect(shown(report.parts.prompts.won)).toEqual(expected(won.data, 1));
    expect(shown(report.parts.prompts.lost)).toEqual(expected(lost.data, -1));
    expect(report.parts.prompts.won.length).toBeGreaterThan(0);
    for (const r of report.parts.prompts.won) {
      const row = won.data.find((x: Json) => x.promptId === r.promptId);
      expect(r.mentionRate.change).toBeCloseTo(row.change.mentionRate, 10);
    }
  });

  it('sources and gaps: the sources read, top ten and gaps, with the period before’s share', async () => {
    const [top, gaps, before] = await Promise.all([
      get(`stats/sources?${range(WEEK)}&limit=10`),
      get(`stats/sources?${range(WEEK)}&gaps=true&limit=10`),
      get(`stats/sources?${range(PREVIOUS)}&limit=200`),
    ]);
    expect(report.parts.sources.citingAnswers).toBe(top.citingAnswers);
    expect(report.parts.sources.top).toEqual(
      top.data.map((r: Json) => {
        const earlier = before.data.find((x: Json) => x.domain === r.domain);
        return {
          domain: r.domain,
          class: r.class,
          competitor: r.competitor,
          answers: r.answers,
          share: expect.objectContaining({
            now: wilson(r.answers, top.citingAnswers),
            previous: wilson(earlier?.answers ?? 0, before.citingAnswers),
          }),
        };
      }),
    );
    expect(report.parts.sources.gaps).toEqual(
      gaps.data.map((g: Json) => ({ domain: g.domain, answers: g.answers, prompts: g.prompts })),
    );
    expect(report.parts.sources.gaps.length).toBeGreaterThan(0);
  });

  it('drift: the answers whose detail says they drift, counted and listed as the answer read shows them', async () => {
    const answers = await allAnswers(h, key, p, WEEK.from, WEEK.to);
    const details = await Promise.all(answers.map((a) => get(`answers/${encodeURIComponent(a.id)}`)));
    const drifting = details.filter((d) => d.narrativeDrift === true || d.narrativeDrift === 'partial');
    const drift = report.parts.drift;
    expect(drift).toMatchObject({
      answers: answers.length,
      drift: drifting.filter((d) => d.narrativeDrift === true).length,
      partial: drifting.filter((d) => d.narrativeDrift === 'partial').length,
    });
    expect(drift.drift + drift.partial).toBe(2);
    expect(drift.drifting.now).toEqual(wilson(2, answers.length));
    expect(drift.latest.map((a) => a.answerId).sort()).toEqual(drifting.map((d) => d.id).sort());
    for (const a of drift.latest) {
      const d = details.find((x) => x.id === a.answerId);
      expect(a).toMatchObject({
        engineId: d.engineId,
        promptText: d.promptText,
        drift: d.narrativeDrift === true ? 'true' : 'partial',
        reason: d.narrativeDriftReason,
      });
    }
  });

  it('top actions: the actions read’s first page, a won-back prompt’s loss with its interval', async () => {
    const actions = await get(`actions?${range(WEEK)}&limit=5`);
    const part = report.parts.actions;
    expect(part.data.length).toBeGreaterThan(0);
    expect(part.data).toEqual(
      actions.data.map((a: Json) => ({
        actionId: a.id,
        kind: a.kind,
        title: a.title,
        reach: a.reach,
        status: a.status,
        mentionRate: a.kind === 'win-back-prompt' ? expect.anything() : null,
      })),
    );
    const rate = (engines: Json[]) =>
      wilson(
        engines.reduce((n, e) => n + e.mentioned, 0),
        engines.reduce((n, e) => n + e.answers, 0),
      );
    for (const a of actions.data.filter((x: Json) => x.kind === 'win-back-prompt')) {
      const row = part.data.find((r) => r.actionId === a.id)!;
      expect(row.mentionRate).toMatchObject({
        now: rate(a.evidence.engines),
        previous: rate(a.evidence.previous),
      });
    }
    expect(part.summary).toMatch(/^\d+ actions? ranked by reach, the first reaching \d+ answers?/);
  });

  it('traffic: AI crawler hits as the crawlers read counts them, referrals as the referrals read, Poisson intervals', async () => {
    const ai = (rows: Json[]) => rows.filter((a) => ['training', 'search', 'user'].includes(a.purpose));
    const [now, before, referrals] = await Promise.all([
      get(`stats/crawlers?${range(WEEK)}&limit=200`),
      get(`stats/crawlers?${range(PREVIOUS)}&limit=200`),
      get(`stats/referrals?${range(WEEK)}&limit=5`),
    ]);
    const hits = (rows: Json[]) => ai(rows).reduce((n, a) => n + a.hits, 0);
    const part = report.parts.traffic;
    expect(part.imported).toBe(true);
    expect(part.crawlers.hits.now).toEqual(poisson(hits(now.data)));
    expect(part.crawlers.hits.previous).toEqual(poisson(hits(before.data)));
    expect(part.crawlers.hits.now.value).toBe(TRAFFIC.week.gptbot + TRAFFIC.week.claudebot);
    expect(part.crawlers.agents).toEqual(
      ai(now.data).map((a) => ({
        agent: a.agent,
        operator: a.operator,
        purpose: a.purpose,
        hits: a.hits,
        change: a.change,
      })),
    );
    expect(part.referrals.visits.now).toEqual(poisson(referrals.visits));
    expect(part.referrals.visits.previous).toEqual(poisson(referrals.visits - referrals.change));
    expect(part.referrals.engines).toEqual(
      referrals.engines.map((e: Json) => ({ engine: e.engine, visits: e.visits, change: e.change })),
    );
    expect(part.referrals.pages).toEqual(
      referrals.data.map((r: Json) => ({ page: r.page, visits: r.visits })),
    );
    // 60 hits against 10, and 25 visits against 2: far outside each other's intervals.
    expect(part.crawlers.hits.beyondNoise).toBe(true);
    expect(part.beyondNoise).toBe(true);
    expect(part.summary).toMatch(/^AI crawler hits up 50 to 60, beyond the noise \(GPTBot most, 40\)\./);
  });

  it('traffic: a project without logs says so, with nothing measured', async () => {
    const bare = await createProject(h.store, accountId, { name: 'No logs' });
    const r = await h.get(`/v1/projects/${bare.id}/report`, key);
    const part = Report.parse(r.json()).parts.traffic;
    expect(part).toMatchObject({ imported: false, beyondNoise: null, crawlers: { agents: [] } });
    expect(part.summary).toMatch(/^No logs imported/);
    const page = await h.get(`/v1/projects/${bare.id}/report?format=html`, key);
    expect(page.body).toContain('No logs imported');
  });

  it('is the same for any range the reads allow, and a bad range is a problem', async () => {
    const r = await h.get(`/v1/projects/${p}/report?${range(PREVIOUS)}`, key);
    expect(Report.parse(r.json())).toMatchObject({ ...PREVIOUS });
    for (const [query, code] of [
      ['from=2025-01-01&to=2026-01-02', 'range_too_wide'],
      ['from=2026-06-02&to=2026-06-01', 'invalid_parameter'],
      ['from=2026-02-30', 'invalid_parameter'],
      ['format=docx', 'invalid_parameter'],
      ['format=html&format=pdf', 'invalid_parameter'],
    ] as const) {
      const bad = await h.get(`/v1/projects/${p}/report?${query}`, key);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(bad.json()).toMatchObject({ code, status: 400 });
    }
  });

  it('a project the key cannot read is 404, like one that does not exist', async () => {
    const other = await h.account();
    const sibling = await createProject(h.store, accountId, { name: 'Sibling' });
    const scoped = await h.key(accountId, undefined, [sibling.id]);
    for (const k of [other.key, scoped]) {
      for (const format of ['json', 'html', 'pdf']) {
        const r = await h.get(`/v1/projects/${p}/report?format=${format}`, k);
        expect(r.statusCode).toBe(404);
        expect(r.json()).toMatchObject({ code: 'not_found' });
      }
    }
  });

  it('JSON and HTML carry an ETag, 304 while nothing changed, and a new answer changes it', async () => {
    for (const format of ['json', 'html']) {
      const first = await h.get(`/v1/projects/${p}/report?format=${format}`, key);
      const etag = first.headers.etag as string;
      expect(etag, format).toMatch(/^"[\w-]+"$/);
      const again = await h.get(`/v1/projects/${p}/report?format=${format}`, key, { 'if-none-match': etag });
      expect(again.statusCode, format).toBe(304);
      expect(again.body).toBe('');
    }
    const json = (await h.get(`/v1/projects/${p}/report`, key)).headers.etag as string;
    const html = (await h.get(`/v1/projects/${p}/report?format=html`, key)).headers.etag as string;
    expect(json).not.toBe(html);
  });

  it('the ETag is the content’s: another instance, building the report later, names it the same', async () => {
    const served = await h.get(`/v1/projects/${p}/report?${range(WEEK)}`, key);
    // A second instance: its own read cache, its report made five minutes later.
    h.clock.set(new Date(h.clock.now().getTime() + 5 * 60_000).toISOString());
    const caller = await ownerCaller(
      { store: h.store, plans: DEFAULT_PLANS },
      accountId,
      'Other instance',
      '',
    );
    const other = await buildReport({ ...h.services, reads: createReadCache(h.store) }, caller, p, WEEK);
    expect(JSON.parse(other.text).generatedAt).not.toBe(served.json().generatedAt);
    expect(other.etag).toBe(served.headers.etag);
    const again = await h.get(`/v1/projects/${p}/report?${range(WEEK)}&format=html`, key, {
      'if-none-match': `"${other.etag.slice(1, -1)}-html"`,
    });
    expect(again.statusCode).toBe(304);
  });

  it('HTML: a page without script under a strict policy, engine and judge text escaped, each part in words', async () => {
    const r = await h.get(`/v1/projects/${p}/report?format=html`, key);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = r.headers['content-security-policy'] as string;
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src data:;/);
    expect(csp).not.toMatch(/unsafe|script-src/);
    // The policy's hash is the page's one stylesheet, byte for byte: a browser applies it.
    const styles = [...r.body.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    const body = r.body;
    const escaped = [escape(HOSTILE), escape(TRAFFIC.hostilePage)];
    for (const e of escaped) expect(body).toContain(e);
    // Beside the escaped judge's reason and landing page, no script, image, svg or handler anywhere on the page.
    expect(escaped.reduce((b, e) => b.replaceAll(e, ''), body)).not.toMatch(
      /<script|<img|<svg|onerror|onload/i,
    );
    expect(body.split(HOSTILE).length).toBe(1);
    expect(body.split(TRAFFIC.hostilePage).length).toBe(1);
    for (const part of Object.values(report.parts)) expect(body).toContain(escape(part.summary));
    const tile = report.parts.kpis.data.find((k) => k.id === 'mention')!;
    expect(body).toContain(`${Math.round(tile.now.value! * 100)} %`);
    expect(body).toMatch(/<h2>Headline figures<span class="verdict">beyond the noise<\/span><\/h2>/);
  });
});

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
