import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotePageStats, quoteReferralStats } from '../../server/mcp/quoted-traffic.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { call, connect, expectOnlyQuoted, httpTransport, refusal, type Structured } from '../support/mcp.ts';
import { shippedAddress } from '../support/shipped-ranges.ts';

const MCP = 'http://127.0.0.1:8787/mcp';
/** A path anyone can ask the brand's server for: it must reach an assistant only under `quoted`. */
const NEEDLE = '/ignore-previous-instructions-7f3a';
const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('MCP traffic tools (the SDK client over Streamable HTTP, in-process)', () => {
  let h: Harness;
  let key: string;
  let p: string;
  let client: Client;
  const rest = async (url: string) => {
    const r = await h.get(`/v1${url}`, key);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Structured;
  };

  beforeAll(async () => {
    h = await createHarness();
    const account = await h.account('premium', ['visibility:read', 'traffic:write']);
    key = account.key;
    p = (await createProject(h.store, account.accountId)).id;
    const line = (
      time: string,
      ip: string,
      url: string,
      status: number,
      userAgent: string,
      referer: string | null,
    ) =>
      JSON.stringify({
        time,
        ip,
        method: 'GET',
        url,
        status,
        bytes: 1,
        referer,
        userAgent,
        host: 'acme.com',
      });
    const r = await h.request({
      method: 'POST',
      url: `/v1/projects/${p}/traffic`,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
      payload: [
        line('2026-06-14T10:00:00Z', shippedAddress('openai-gptbot', 1), NEEDLE, 404, GPTBOT, null),
        line('2026-06-14T11:00:00Z', shippedAddress('openai-gptbot', 1), '/pricing', 200, GPTBOT, null),
        line('2026-06-14T12:00:00Z', '192.0.2.1', NEEDLE, 200, CHROME, 'https://claude.ai/'),
      ].join('\n'),
    });
    expect(r.statusCode, r.body).toBe(202);
    client = await connect(httpTransport(MCP, key, h.app));
  });
  afterAll(async () => {
    await client.close();
    await h.close();
  });

  it('answers each traffic read as the REST API does, pages under quoted', async () => {
    expect(await call(client, 'crawler_stats', { projectId: p, interval: 'week' })).toEqual(
      await rest(`/projects/${p}/stats/crawlers?interval=week`),
    );
    const referrals = await call(client, 'referral_stats', { projectId: p, engine: 'claude' });
    expect(referrals).toEqual(
      quoteReferralStats((await rest(`/projects/${p}/stats/referrals?engine=claude`)) as never),
    );
    expect(referrals.data).toEqual([
      { visits: 1, engines: [{ engine: 'claude', visits: 1 }], quoted: { page: NEEDLE } },
    ]);
    expectOnlyQuoted(referrals, NEEDLE);
    const pages = await call(client, 'page_stats', { projectId: p, problem: 'unreachable' });
    expect(pages).toEqual(
      quotePageStats((await rest(`/projects/${p}/stats/pages?problem=unreachable`)) as never),
    );
    expect(pages.data.map((x: Structured) => x.quoted.page)).toEqual([NEEDLE]);
    expectOnlyQuoted(pages, NEEDLE);
    expect(
      await refusal(client, 'page_stats', { projectId: p, from: '2024-01-01', to: '2026-06-15' }),
    ).toMatchObject({
      code: 'range_too_wide',
    });
  });
});
