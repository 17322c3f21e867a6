/**
 * POST …/traffic as each log shipper sends it with the config we ship (server/traffic/shippers/): the body framed,
 * encoded and headed the way the shipper's documentation says, the fields named as the config's remap leaves them.
 * None of the shippers can run here, so each request below is written from its documentation, not from our parser:
 *
 * - Vector's `http` sink (https://vector.dev/docs/reference/configuration/sinks/http): `encoding.codec = "json"` with
 *   `framing.method = "newline_delimited"` is one JSON object a line sent as `application/x-ndjson` (the sink's
 *   content types, https://github.com/timberio/vector/pull/1174); `compression = "gzip"` sends Content-Encoding gzip;
 *   `auth.strategy = "bearer"` an `Authorization: Bearer` header. A log event is encoded with its keys sorted and a
 *   timestamp as RFC 3339; parse_nginx_log leaves a `-` referer out, so the remap's object holds null.
 * - Fluent Bit's `http` output (https://docs.fluentbit.io/manual/pipeline/outputs/http): `Format json` is a JSON
 *   array of the records (`application/json`), `json_date_key time` with `json_date_format iso8601` puts the record's
 *   time first as `2018-05-30T09:39:52.000681Z`, `compress gzip` gzips the body, `Header` adds ours. The `nginx`
 *   parser's captures are text (`"200"`), a `-` referer kept as `-`.
 * - Logstash's `http` output (https://www.elastic.co/guide/en/logstash/current/plugins-outputs-http.html):
 *   `format => "json_batch"` is a JSON array of the events (`application/json`), `http_compression => true` gzips
 *   it; every event keeps `@timestamp`; grok's `:int` captures are numbers and an unmatched optional group is absent.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { shippedAddress } from '../support/shipped-ranges.ts';

const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * The access log every shipper tails (nginx combined), one request a row: GPTBot from its own range, GPTBot's name
 * from elsewhere (spoofed), a visit from a ChatGPT answer by utm_source, one from Perplexity by Referer, and a
 * request without a User-Agent (an unnamed bot, as a combined import counts it).
 */
const LOG = [
  {
    ip: shippedAddress('openai-gptbot', 10),
    at: '10:00:00',
    url: '/pricing',
    status: 200,
    bytes: 5120,
    referer: null,
    ua: GPTBOT,
  },
  { ip: '203.0.113.5', at: '10:05:00', url: '/pricing', status: 200, bytes: 5120, referer: null, ua: GPTBOT },
  {
    ip: '192.0.2.1',
    at: '11:00:00',
    url: '/pricing?utm_source=chatgpt.com',
    status: 200,
    bytes: 900,
    referer: null,
    ua: CHROME,
  },
  {
    ip: '192.0.2.2',
    at: '12:00:00',
    url: '/start',
    status: 200,
    bytes: 700,
    referer: 'https://www.perplexity.ai/',
    ua: CHROME,
  },
  { ip: '198.51.100.7', at: '13:00:00', url: '/robots.txt', status: 404, bytes: 0, referer: null, ua: null },
];
const DAY = '2026-06-14';

/** Vector: the remap's object, keys sorted as Vector encodes a log event; NDJSON, each line ended. */
const vectorBody = () =>
  LOG.map((r) =>
    JSON.stringify({
      bytes: r.bytes,
      ip: r.ip,
      method: 'GET',
      referer: r.referer,
      status: r.status,
      time: `${DAY}T${r.at}Z`,
      url: r.url,
      userAgent: r.ua,
    }),
  )
    .map((line) => `${line}\n`)
    .join('');

/** Fluent Bit: the nginx parser's captures after the modify filter, the time key first; one JSON array. */
const fluentBitBody = () =>
  JSON.stringify(
    LOG.map((r) => ({
      time: `${DAY}T${r.at}.000000Z`,
      ip: r.ip,
      method: 'GET',
      url: r.url,
      status: String(r.status),
      bytes: String(r.bytes),
      referer: r.referer ?? '-',
      userAgent: r.ua ?? '-',
    })),
  );

/** Logstash: grok's fields, @timestamp and its copy; the referer absent when the log has `-`; one JSON array. */
const logstashBody = () =>
  JSON.stringify(
    LOG.map((r) => ({
      '@timestamp': `${DAY}T${r.at}.000Z`,
      ip: r.ip,
      method: 'GET',
      url: r.url,
      status: r.status,
      bytes: r.bytes,
      ...(r.referer === null ? {} : { referer: r.referer }),
      userAgent: r.ua ?? '',
      time: `${DAY}T${r.at}.000Z`,
    })),
  );

/** Each shipper with its config and the settings of it that the request below is framed by. */
const SHIPPERS = [
  {
    name: 'Vector',
    config: 'vector.toml',
    settings: [
      'encoding.codec = "json"',
      'framing.method = "newline_delimited"',
      'compression = "gzip"',
      'auth.strategy = "bearer"',
    ],
    type: 'application/x-ndjson',
    agent: 'Vector/0.43.0',
    body: vectorBody,
  },
  {
    name: 'Fluent Bit',
    config: 'fluent-bit.conf',
    settings: [
      'Format           json',
      'json_date_key    time',
      'json_date_format iso8601',
      'compress         gzip',
      'Rename agent userAgent',
    ],
    type: 'application/json',
    agent: 'Fluent-Bit',
    body: fluentBitBody,
  },
  {
    name: 'Logstash',
    config: 'logstash.conf',
    settings: [
      'format => "json_batch"',
      'http_compression => true',
      '%{DATA:userAgent}',
      'copy => { "@timestamp" => "time" }',
    ],
    type: 'application/json',
    agent: 'Manticore 0.9.1',
    body: logstashBody,
  },
];
const configText = (file: string) =>
  readFileSync(new URL(`../../server/traffic/shippers/${file}`, import.meta.url), 'utf8');

describe('traffic: what the log shippers send', () => {
  let h: Harness;
  let accountId: string;
  let reader: string;
  let shipper: string;

  const post = (projectId: string, body: Buffer, headers: Record<string, string>) =>
    h.request({
      method: 'POST',
      url: `/v1/projects/${projectId}/traffic`,
      headers: { authorization: `Bearer ${shipper}`, ...headers },
      payload: body,
    });

  beforeAll(async () => {
    h = await createHarness();
    ({ accountId, key: reader } = await h.account('premium', ['visibility:read']));
    shipper = await h.key(accountId, ['traffic:write']);
  });
  afterAll(() => h.close());

  it.each(SHIPPERS)(
    'counts a gzipped batch as $name frames it',
    async ({ config, settings, type, agent, body }) => {
      const text = configText(config);
      for (const setting of settings) expect(text).toContain(setting);
      expect(text).toContain('/projects/${ANSWERWATCH_PROJECT}/traffic');
      const projectId = (await createProject(h.store, accountId)).id;
      const r = await post(projectId, gzipSync(body()), {
        'content-type': type,
        'content-encoding': 'gzip',
        'user-agent': agent,
      });
      expect(r.statusCode, r.body).toBe(202);
      expect(r.json()).toEqual({
        accepted: 5,
        ignored: 0,
        alreadyStored: 0,
        refused: { count: 0, lines: [] },
        purposes: { training: 2, search: 0, user: 0, 'classic-search': 0, 'other-bot': 1, people: 2 },
        spoofed: 1,
        referrals: 2,
      });
      const range = `from=${DAY}&to=${DAY}`;
      const crawlers = (await h.get(`/v1/projects/${projectId}/stats/crawlers?${range}`, reader)).json();
      const gptbot = crawlers.data.find((a: { agent: string }) => a.agent === 'GPTBot');
      expect(gptbot).toMatchObject({ hits: 1, verified: 1, spoofed: 1, firstSeen: `${DAY}T10:00:00.000Z` });
      const referrals = (await h.get(`/v1/projects/${projectId}/stats/referrals?${range}`, reader)).json();
      expect(referrals.engines.map((e: { engine: string }) => e.engine).sort()).toEqual([
        'chatgpt',
        'perplexity',
      ]);
      // The shipper's retry of the same compressed batch is counted once.
      const again = await post(projectId, gzipSync(body()), {
        'content-type': type,
        'content-encoding': 'gzip',
      });
      expect(again.json()).toMatchObject({ accepted: 0, alreadyStored: 5 });
    },
  );

  it('takes lines under application/json too, as Fluent Bit sends `Format json_lines`', async () => {
    // out_http heads json, json_stream and json_lines bodies alike as application/json.
    const projectId = (await createProject(h.store, accountId)).id;
    const lines = (JSON.parse(fluentBitBody()) as object[]).map((r) => JSON.stringify(r)).join('\n');
    const r = await post(projectId, Buffer.from(lines), { 'content-type': 'application/json' });
    expect(r.json()).toMatchObject({ accepted: 5, refused: { count: 0 }, spoofed: 1, referrals: 2 });
  });

  it('reads deflate too, and says which encodings it reads', async () => {
    const projectId = (await createProject(h.store, accountId)).id;
    const { deflateSync } = await import('node:zlib');
    const deflated = await post(projectId, deflateSync(vectorBody()), {
      'content-type': 'application/x-ndjson',
      'content-encoding': 'deflate',
    });
    expect(deflated.json()).toMatchObject({ accepted: 5 });
    const brotli = await post(projectId, Buffer.from(vectorBody()), {
      'content-type': 'application/x-ndjson',
      'content-encoding': 'br',
    });
    expect(brotli.statusCode).toBe(400);
    expect(brotli.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(brotli.json().detail).toMatch(
      /Content-Encoding "br" is not read here: send gzip, deflate or none/,
    );
  });

  it('refuses a truncated gzip body and one that expands past 5 MB, storing nothing', async () => {
    const projectId = (await createProject(h.store, accountId)).id;
    const whole = gzipSync(vectorBody());
    const cut = await post(projectId, whole.subarray(0, whole.length - 12), {
      'content-type': 'application/x-ndjson',
      'content-encoding': 'gzip',
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().detail).toMatch(/^body: not a whole gzip stream/);
    // 6 MB of spaces gzip to a few KB: the limit holds for what the body decodes to.
    const bomb = gzipSync(Buffer.alloc(6 * 1024 * 1024, ' '));
    expect(bomb.length).toBeLessThan(100_000);
    const big = await post(projectId, bomb, {
      'content-type': 'application/x-ndjson',
      'content-encoding': 'gzip',
    });
    expect(big.statusCode).toBe(413);
    const crawlers = (
      await h.get(`/v1/projects/${projectId}/stats/crawlers?from=${DAY}&to=${DAY}`, reader)
    ).json();
    expect(crawlers.data).toEqual([]);
  });
});
