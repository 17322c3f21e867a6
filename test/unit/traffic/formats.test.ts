/**
 * Access-log lines written from each format's own documentation (not from our parser), read into hits.
 * Sources of the lines:
 * - combined: Apache's mod_log_config manual, "Combined Log Format" example
 *   (httpd.apache.org/docs/current/logs.html), and nginx's `log_format combined` (nginx.org ngx_http_log_module);
 *   the request time is nginx's `$request_time` (seconds, millisecond resolution) appended to combined.
 * - cloudflare: the Logpush http_requests fields (developers.cloudflare.com/logs/reference/log-fields/zone/http_requests)
 *   with the sample output of "Manage Logpush with cURL" (ClientIP 89.163.242.206, www.theburritobot.com).
 * - cloudfront: CloudFront standard logging v2 field names (docs.aws.amazon.com/AmazonCloudFront/latest/
 *   DeveloperGuide/standard-logs-reference.html) with the values of its legacy example line (d111111abcdef8).
 * - fastly: the JSON example of Fastly's "Useful log formats" guide (www.fastly.com/documentation/guides/
 *   integrations/streaming-logs/useful-log-formats).
 */
import { describe, expect, it } from 'vitest';
import { lineParser } from '../../../server/traffic/formats.ts';
import { LineError } from '../../../server/traffic/log-hit.ts';

const auto = lineParser('auto');

describe('combined log lines', () => {
  it("reads Apache's documented combined line, with its quoted Referer and User-agent", () => {
    const hit = auto(
      '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326 "http://www.example.com/start.html" "Mozilla/4.08 [en] (Win98; I ;Nav)"',
    );
    expect(hit).toEqual({
      time: Date.UTC(2000, 9, 10, 20, 55, 36),
      ip: '127.0.0.1',
      method: 'GET',
      path: '/apache_pb.gif',
      query: '',
      host: null,
      status: 200,
      referer: 'http://www.example.com/start.html',
      userAgent: 'Mozilla/4.08 [en] (Win98; I ;Nav)',
    });
  });

  it("reads nginx's combined with a trailing $request_time, a query, IPv6 and no referer", () => {
    const hit = auto(
      '2001:db8::1 - - [28/Nov/2026:01:02:03 +0000] "GET /pricing?utm_source=chatgpt.com HTTP/2.0" 404 153 "-" "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)" 0.004',
    );
    expect(hit).toMatchObject({
      time: Date.UTC(2026, 10, 28, 1, 2, 3),
      ip: '2001:db8::1',
      path: '/pricing',
      query: 'utm_source=chatgpt.com',
      status: 404,
      referer: null,
    });
    expect(hit.userAgent).toContain('GPTBot/1.2');
  });

  it('unescapes a quote Apache escaped inside the user agent', () => {
    const hit = auto(
      '192.0.2.7 - - [01/Mar/2026:00:00:00 +0100] "GET / HTTP/1.1" 200 - "-" "odd \\"agent\\" 1.0"',
    );
    expect(hit.userAgent).toBe('odd "agent" 1.0');
    expect(hit.time).toBe(Date.UTC(2026, 1, 28, 23, 0, 0));
  });

  it('takes an absolute request target (as proxies log it) with its host', () => {
    const hit = auto(
      '192.0.2.7 - - [01/Mar/2026:00:00:00 +0000] "GET https://Shop.Acme.example:443/a?b=1 HTTP/1.1" 301 0 "-" "x"',
    );
    expect(hit).toMatchObject({ host: 'shop.acme.example', path: '/a', query: 'b=1', status: 301 });
  });

  it.each([
    ['not a log line at all', 'hello world', /not a combined log line/],
    [
      'a bad month',
      '1.2.3.4 - - [10/Foo/2000:13:55:36 -0700] "GET / HTTP/1.0" 200 1 "-" "x"',
      /not a log time/,
    ],
    [
      'a request target that is not a URL',
      '1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "GET mailto:x HTTP/1.0" 200 1 "-" "x"',
      /not a path or an http\(s\) URL/,
    ],
    [
      'a status that is not one',
      '1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.0" 999 1 "-" "x"',
      /not an HTTP status/,
    ],
    [
      'a garbled request line',
      '1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "\\x16\\x03\\x01" 400 0 "-" "-"',
      /not an HTTP request line/,
    ],
    [
      'an unclosed user agent',
      '1.2.3.4 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.0" 200 1 "-" "Mozilla',
      /not closed/,
    ],
  ])('refuses %s with a reason', (_name, line, reason) => {
    expect(() => auto(line)).toThrow(LineError);
    expect(() => auto(line)).toThrow(reason);
  });

  it('holds --format to its variant: combined refuses a request time, combined-time needs one', () => {
    const plain = '127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.0" 200 2326 "-" "x"';
    expect(lineParser('combined')(plain).status).toBe(200);
    expect(() => lineParser('combined-time')(plain)).toThrow(/no request time/);
    expect(lineParser('combined-time')(`${plain} 0.120`).status).toBe(200);
    expect(() => lineParser('combined')(`${plain} 0.120`)).toThrow(/request time follows/);
    expect(() => lineParser('cloudflare')(plain)).toThrow(/not valid JSON/);
  });
});

describe('JSON log lines', () => {
  it('reads a Cloudflare Logpush http_requests line (RFC 3339 timestamps)', () => {
    const hit = auto(
      JSON.stringify({
        ClientIP: '89.163.242.206',
        ClientRequestHost: 'www.theburritobot.com',
        ClientRequestMethod: 'GET',
        ClientRequestURI: '/static/img/testimonial-hipster.png',
        EdgeEndTimestamp: '2019-01-10T19:01:59Z',
        EdgeResponseBytes: 69045,
        EdgeResponseStatus: 200,
        EdgeStartTimestamp: '2019-01-10T19:01:59Z',
        RayID: '3a6050bcbe121a87',
        ClientRequestUserAgent:
          'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
        ClientRequestReferer: '',
      }),
    );
    expect(hit).toEqual({
      time: Date.UTC(2019, 0, 10, 19, 1, 59),
      ip: '89.163.242.206',
      method: 'GET',
      path: '/static/img/testimonial-hipster.png',
      query: '',
      host: 'www.theburritobot.com',
      status: 200,
      referer: null,
      userAgent: 'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    });
  });

  it("reads Logpush's default unixnano timestamps and unix seconds", () => {
    const base = {
      ClientIP: '192.0.2.1',
      ClientRequestHost: 'a.example',
      ClientRequestURI: '/',
      EdgeResponseStatus: 200,
    };
    expect(auto(JSON.stringify({ ...base, EdgeStartTimestamp: 1547146919000000000 })).time).toBe(
      1547146919000,
    );
    expect(auto(JSON.stringify({ ...base, EdgeStartTimestamp: 1547146919 })).time).toBe(1547146919000);
  });

  it('reads a CloudFront v2 JSON line, decoding its URL-encoded user agent, host from x-host-header', () => {
    const hit = auto(
      JSON.stringify({
        date: '2019-12-04',
        time: '21:02:31',
        'x-edge-location': 'LAX1',
        'sc-bytes': '392',
        'c-ip': '192.0.2.100',
        'cs-method': 'GET',
        'cs(Host)': 'd111111abcdef8.cloudfront.net',
        'cs-uri-stem': '/index.html',
        'sc-status': '200',
        'cs(Referer)': 'https://chatgpt.com/',
        'cs(User-Agent)':
          'Mozilla/5.0%20(Windows%20NT%2010.0;%20Win64;%20x64)%20AppleWebKit/537.36%20(KHTML,%20like%20Gecko)%20Chrome/78.0.3904.108%20Safari/537.36',
        'cs-uri-query': '-',
        'x-host-header': 'www.acme.example',
      }),
    );
    expect(hit).toEqual({
      time: Date.UTC(2019, 11, 4, 21, 2, 31),
      ip: '192.0.2.100',
      method: 'GET',
      path: '/index.html',
      query: '',
      host: 'www.acme.example',
      status: 200,
      referer: 'https://chatgpt.com/',
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.108 Safari/537.36',
    });
  });

  it("reads the JSON of Fastly's useful-log-formats guide (strftime %z offsets)", () => {
    const hit = auto(
      JSON.stringify({
        timestamp: '2026-11-27T23:30:00+0100',
        client_ip: '203.0.113.9',
        geo_country: 'germany',
        geo_city: 'berlin',
        host: 'www.acme.example',
        url: '/docs/start?ref=x',
        request_method: 'GET',
        request_protocol: 'HTTP/2',
        request_referer: 'https://www.perplexity.ai/search?q=acme',
        request_user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15',
        response_state: 'HIT',
        response_status: 200,
        response_reason: 'OK',
        response_body_size: 5120,
        fastly_server: 'cache-ber1',
        fastly_is_edge: true,
      }),
    );
    expect(hit).toMatchObject({
      time: Date.UTC(2026, 10, 27, 22, 30, 0),
      host: 'www.acme.example',
      path: '/docs/start',
      query: 'ref=x',
      referer: 'https://www.perplexity.ai/search?q=acme',
    });
  });

  it('reads our own format, absolute URLs included', () => {
    const hit = auto(
      JSON.stringify({
        time: '2026-11-27T10:00:00Z',
        ip: '20.171.206.5',
        method: 'GET',
        url: 'https://www.acme.example/blog/post',
        status: 200,
        bytes: 1234,
        referer: null,
        userAgent: 'GPTBot/1.2',
        host: 'www.acme.example',
      }),
    );
    expect(hit).toMatchObject({
      time: Date.UTC(2026, 10, 27, 10),
      host: 'www.acme.example',
      path: '/blog/post',
    });
  });

  it.each([
    ['broken JSON', '{"time": ', /not valid JSON/],
    ['an object of no known format', '{"a":1}', /no known log format/],
    [
      'a time without a zone',
      JSON.stringify({ time: '2026-11-27 10:00:00', url: '/', status: 200, userAgent: 'x' }),
      /not a time with a time zone/,
    ],
    [
      'a missing url',
      JSON.stringify({ time: '2026-11-27T10:00:00Z', status: 200, userAgent: 'x' }),
      /url is missing/,
    ],
    [
      'a url that is not a URL',
      JSON.stringify({ time: '2026-11-27T10:00:00Z', url: 'not a url', status: 200, userAgent: 'x' }),
      /not a path or an http/,
    ],
  ])('refuses %s with a reason', (_name, line, reason) => {
    expect(() => auto(line)).toThrow(reason);
  });

  it('holds an explicit JSON format to its variant', () => {
    const ours = JSON.stringify({ time: '2026-11-27T10:00:00Z', url: '/', status: 200, userAgent: 'x' });
    expect(lineParser('answerwatch')(ours).path).toBe('/');
    expect(() => lineParser('fastly')(ours)).toThrow(/not a fastly log line/);
  });
});
