import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../server/contract/operations.ts';
import { Report, ReportLink, ReportLinkWithUrl } from '../../server/contract/reports.ts';
import { BASE, createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { rawDb } from '../support/raw-db.ts';
import { PREVIOUS, reportProject, WEEK } from '../support/reports.ts';

const DAY = 86_400_000;

describe('report share links', () => {
  let h: Harness;
  let key: string;
  let accountId: string;
  let p: string;
  let link: ReturnType<typeof ReportLinkWithUrl.parse>;
  let token: string;
  const links = `/v1/projects/${'{p}'}/report-links`;
  const linksOf = (project: string) => links.replace('{p}', project);
  const create = async (body: unknown, k = key, project = p) => h.write('POST', linksOf(project), k, body);
  const expiresIn = (days: number) => new Date(h.clock.now().getTime() + days * DAY).toISOString();
  const share = (path: string, headers: Record<string, string> = {}) =>
    h.request({ method: 'GET', url: path, headers });

  beforeAll(async () => {
    h = await createHarness();
    ({ key, accountId, projectId: p } = await reportProject(h));
    const r = await create({ ...WEEK, expiresAt: expiresIn(30) });
    expect(r.statusCode, r.body).toBe(201);
    link = ReportLinkWithUrl.parse(r.json());
    token = link.url.split('/r/')[1]!;
  });
  afterAll(() => h.close());

  it('makes a link to /r/{token} on the public origin; only a hash of the token is stored', async () => {
    expect(link).toMatchObject({ ...WEEK, status: 'active', revokedAt: null, createdBy: expect.any(String) });
    expect(link.url).toBe(`${BASE.replace(/\/v1$/, '')}/r/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9]{43}$/);
    const db = rawDb(h.dbPath);
    try {
      const row = await db
        .selectFrom('report_links')
        .selectAll()
        .where('id', '=', link.id)
        .executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(token);
    } finally {
      await db.destroy();
    }
  });

  it('opens that one report read-only without signing in: noindex, strict CSP, no referrer, no cache', async () => {
    const r = await share(`/r/${token}`);
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; img-src data:;/,
    );
    expect(r.headers['content-security-policy']).not.toMatch(/unsafe|script-src/);
    expect(r.body).toContain(`report of ${WEEK.from} to ${WEEK.to}`);
    expect(r.body).toContain(`href="/r/${token}/pdf"`);
    expect(r.body).not.toMatch(/<script|<form/i);
    // The figures are the API's: the page shows the same sentences as the report read.
    const report = Report.parse(
      (await h.get(`/v1/projects/${p}/report?from=${WEEK.from}&to=${WEEK.to}`, key)).json(),
    );
    expect(r.body).toContain(report.parts.kpis.summary);
  });

  it('takes no query that would change its period, project or format', async () => {
    const other = await share(`/r/${token}?from=${PREVIOUS.from}&to=${PREVIOUS.to}&format=json&projectId=x`);
    expect(other.body).toContain(`report of ${WEEK.from} to ${WEEK.to}`);
    expect(other.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('reaches nothing else: not as a bearer key on any read, nor the MCP server', async () => {
    const sibling = await createProject(h.store, accountId, { name: 'Sibling' });
    for (const op of operations) {
      const url = `/v1${op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === 'projectId' ? p : name === 'linkId' ? link.id : 'x1',
      )}`;
      const r = await h.request({
        method: op.method,
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: '{}' }),
      });
      expect(r.statusCode, `${op.method} ${url}`).toBe(401);
      expect(r.json()).toMatchObject({ code: 'invalid_key' });
    }
    for (const project of [p, sibling.id]) {
      const r = await h.get(`/v1/projects/${project}/report?from=${PREVIOUS.from}&to=${PREVIOUS.to}`, token);
      expect(r.statusCode).toBe(401);
    }
    const mcp = await h.request({
      method: 'POST',
      url: '/mcp',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.statusCode).toBe(401);
    // Nor as a path below the share page, or another share path.
    for (const path of [
      `/r/${token}/json`,
      `/r/${token}/../v1/projects/${p}/report`,
      `/r/${token}x`,
      `/r/${token.slice(0, -1)}`,
    ])
      expect((await share(path)).statusCode, path).toBe(404);
  });

  it('a link of another project opens only that project’s report', async () => {
    const sibling = await createProject(h.store, accountId, { name: 'Sibling' });
    const r = await create({ ...PREVIOUS, expiresAt: expiresIn(5) }, key, sibling.id);
    const other = ReportLinkWithUrl.parse(r.json());
    const page = await share(new URL(other.url).pathname);
    expect(page.body).toContain('<h1>Sibling</h1>');
    expect(page.body).not.toContain('<h1>Acme</h1>');
    // Listed under its own project only; revoking it through the other project's path is 404.
    const listed = (await h.get(linksOf(p), key)).json() as { data: { id: string }[] };
    expect(listed.data.map((l) => l.id)).not.toContain(other.id);
    expect((await h.write('DELETE', `${linksOf(p)}/${other.id}`, key)).statusCode).toBe(404);
  });

  it('is listed without its token, with its status', async () => {
    const r = await h.get(linksOf(p), key);
    expect(r.statusCode).toBe(200);
    const body = r.json() as { data: unknown[] };
    const listed = body.data.map((l) => ReportLink.parse(l));
    expect(listed.find((l) => l.id === link.id)).toMatchObject({ status: 'active', ...WEEK });
    expect(r.body).not.toContain(token);
  });

  it('refuses expiries in the past or beyond 90 days, bad ranges, and keys without tracking:write', async () => {
    for (const [body, code] of [
      [{ ...WEEK, expiresAt: expiresIn(-1) }, 'invalid_parameter'],
      [{ ...WEEK, expiresAt: expiresIn(91) }, 'invalid_parameter'],
      [{ from: '2025-01-01', to: '2026-01-02', expiresAt: expiresIn(1) }, 'range_too_wide'],
      [{ from: WEEK.to, to: WEEK.from, expiresAt: expiresIn(1) }, 'invalid_parameter'],
      [{ ...WEEK }, 'invalid_parameter'],
      [{ from: '2026-02-30', to: '2026-03-01', expiresAt: expiresIn(1) }, 'invalid_parameter'],
      [{ ...WEEK, expiresAt: 'tomorrow' }, 'invalid_parameter'],
    ] as const) {
      const r = await create(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json()).toMatchObject({ code });
    }
    expect((await create({ ...WEEK, expiresAt: expiresIn(90) })).statusCode).toBe(201);
    const reader = await h.key(accountId, ['visibility:read']);
    expect((await create({ ...WEEK, expiresAt: expiresIn(1) }, reader)).json()).toMatchObject({
      code: 'insufficient_scope',
    });
    const stranger = await h.account();
    expect((await create({ ...WEEK, expiresAt: expiresIn(1) }, stranger.key)).statusCode).toBe(404);
  });

  it('an expired link is refused, as is a revoked one; revoking is recorded in the audit log', async () => {
    const short = ReportLinkWithUrl.parse((await create({ ...WEEK, expiresAt: expiresIn(1) })).json());
    const shortPath = new URL(short.url).pathname;
    expect((await share(shortPath)).statusCode).toBe(200);
    h.clock.advance(DAY + 1000);
    try {
      for (const path of [shortPath, `${shortPath}/pdf`]) {
        const r = await share(path);
        expect(r.statusCode).toBe(404);
        expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
      const listed = (await h.get(linksOf(p), key)).json() as { data: { id: string; status: string }[] };
      expect(listed.data.find((l) => l.id === short.id)?.status).toBe('expired');
    } finally {
      h.clock.advance(-(DAY + 1000));
    }

    const revoked = await h.write('DELETE', `${linksOf(p)}/${link.id}`, key);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ deleted: true });
    expect((await share(`/r/${token}`)).statusCode).toBe(404);
    expect((await share(`/r/${token}/pdf`)).statusCode).toBe(404);
    expect((await h.write('DELETE', `${linksOf(p)}/${link.id}`, key)).json()).toEqual({ deleted: false });
    expect((await h.write('DELETE', `${linksOf(p)}/rl_nothing`, key)).statusCode).toBe(404);
    // The audit log is read by the account's administrators (people), so it is read here from the store.
    const audit = { data: await h.store.auditLog.list(accountId, null, 100) };
    expect(
      audit.data
        .filter((e) => e.target === link.id)
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['report_link_created', 'report_link_revoked']);
  });
});
