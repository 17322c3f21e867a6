import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountBrand } from '../../server/contract/account-brand.ts';
import { Report, ReportLinkWithUrl } from '../../server/contract/reports.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { reportProject, WEEK } from '../support/reports.ts';

const TOKEN = `awl_${'B'.repeat(40)}`;
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

/** An SVG that tries every way to run or load something. */
const HOSTILE_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
<script>alert(2)</script><style>@import url(https://evil.example/x.css);</style>
<foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(3)"></iframe>hidden</body></foreignObject>
<a href="javascript:alert(4)"><circle cx="5" cy="5" r="4" fill="url(https://evil.example/p)" onclick="alert(5)"/></a>
<use xlink:href="https://evil.example/s.svg#x"/><image href="https://evil.example/i.png"/>
<animate attributeName="href" to="javascript:alert(6)"/><set attributeName="onload" to="alert(7)"/>
<rect id="r" width="5" height="5" fill="#0e7490" style="fill:url(https://evil.example/q)"/><use href="#r"/></svg>`;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

describe('reports under the account’s own name', () => {
  let h: Harness;
  let key: string;
  let accountId: string;
  let p: string;
  const owner = (method: 'GET' | 'PUT', body?: unknown) =>
    h.request({
      method,
      url: '/v1/account/brand',
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'x-answerwatch-account': accountId,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    h = await createHarness({ localOwner: { token: TOKEN } });
    ({ key, accountId, projectId: p } = await reportProject(h));
  });
  afterAll(() => h.close());

  it('starts under the account’s own name, with no logo or accent', async () => {
    const r = await h.get('/v1/account/brand', key);
    expect(r.statusCode).toBe(200);
    expect(AccountBrand.parse(r.json())).toEqual({ name: null, accent: null, logo: null, updatedAt: null });
    const report = Report.parse((await h.get(`/v1/projects/${p}/report`, key)).json());
    expect(report.brand).toEqual({ name: 'My account', accent: null, hasLogo: false });
  });

  it('an SVG logo with script, handlers and foreign content is kept inert', async () => {
    const r = await owner('PUT', {
      name: 'Northwind <Agency>',
      accent: '#0E7490',
      logo: { type: 'image/svg+xml', data: b64(HOSTILE_SVG) },
    });
    expect(r.statusCode, r.body).toBe(200);
    const brand = AccountBrand.parse(r.json());
    expect(brand).toMatchObject({ name: 'Northwind <Agency>', accent: '#0e7490' });
    const svg = Buffer.from(brand.logo!.data, 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toMatch(
      /script|alert|onload|onclick|foreignObject|iframe|hidden|style|evil|javascript|<a |<image|animate|<set/i,
    );
    // The drawing itself is kept: the shapes, their own colours and references within the file.
    expect(svg).toContain('<circle cx="5" cy="5" r="4" />');
    expect(svg).toContain('<rect id="r" width="5" height="5" fill="#0e7490" />');
    expect(svg).toContain('<use href="#r" />');
  });

  it('the report and the share page show the name, the logo inline and the accent', async () => {
    const report = Report.parse((await h.get(`/v1/projects/${p}/report`, key)).json());
    expect(report.brand).toEqual({ name: 'Northwind <Agency>', accent: '#0e7490', hasLogo: true });
    const stored = AccountBrand.parse((await h.get('/v1/account/brand', key)).json());
    const link = ReportLinkWithUrl.parse(
      (
        await h.write('POST', `/v1/projects/${p}/report-links`, key, {
          ...WEEK,
          expiresAt: new Date(h.clock.now().getTime() + 86_400_000).toISOString(),
        })
      ).json(),
    );
    for (const page of [
      await h.get(`/v1/projects/${p}/report?format=html`, key),
      await h.request({ method: 'GET', url: new URL(link.url).pathname }),
    ]) {
      expect(page.body).toContain(
        `<img alt="Northwind &lt;Agency&gt;" src="data:image/svg+xml;base64,${stored.logo!.data}"`,
      );
      expect(page.body).toContain('--accent:#0e7490;');
      expect(page.body).toContain('Northwind &lt;Agency&gt; · report of');
      // The policy still lets nothing but its own stylesheet and inline images in.
      expect(page.headers['content-security-policy']).toMatch(
        /^default-src 'none'; style-src 'sha256-[^']+'; img-src data:;/,
      );
    }
  });

  it('takes a PNG, refuses what is not one, an SVG that is none, more than 200 KB, and a bad colour', async () => {
    const png = await owner('PUT', { logo: { type: 'image/png', data: b64(PNG) } });
    expect(png.statusCode, png.body).toBe(200);
    expect(AccountBrand.parse(png.json())).toMatchObject({
      name: 'Northwind <Agency>',
      accent: '#0e7490',
      logo: { type: 'image/png', data: b64(PNG) },
    });
    for (const body of [
      { logo: { type: 'image/png', data: b64('<svg/>') } },
      { logo: { type: 'image/svg+xml', data: b64('<html><body>hi</body></html>') } },
      {
        logo: {
          type: 'image/svg+xml',
          data: b64(`<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(60_000)}</svg>`),
        },
      },
      { logo: { type: 'image/gif', data: b64('GIF89a') } },
      { logo: { type: 'image/png', data: 'not base64!' } },
      { accent: 'red' },
      { accent: '#12345' },
      { name: '' },
      { other: 1 },
    ]) {
      const r = await owner('PUT', body);
      expect(r.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json()).toMatchObject({ code: 'invalid_parameter' });
    }
    expect(AccountBrand.parse((await h.get('/v1/account/brand', key)).json()).logo?.type).toBe('image/png');
    const cleared = AccountBrand.parse((await owner('PUT', { logo: null, name: null })).json());
    expect(cleared).toMatchObject({ name: null, accent: '#0e7490', logo: null });
  });

  it('an API key reads it but never changes it, whatever its scopes', async () => {
    const r = await h.write('PUT', '/v1/account/brand', key, { name: 'Key brand' });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ code: 'insufficient_scope' });
  });
});
