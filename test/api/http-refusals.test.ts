import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem, type ErrorCode } from '../../server/contract/errors.ts';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';
import { rawExchange, type RawResponse } from '../support/raw-http.ts';

/**
 * What the layers below the routes refuse (the router, Node's HTTP parser, Node's own checks), over a real socket
 * to the app listening on 127.0.0.1: `inject` never runs the parser, so only this shows what a client receives.
 */
describe('refusals below the routes, over a real socket', () => {
  let h: Harness;
  let key: string;
  let projectId: string;
  let port: number;

  beforeAll(async () => {
    h = await createHarness();
    const a = await h.account();
    key = a.key;
    projectId = (await createProject(h.store, a.accountId)).id;
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as { port: number }).port;
  });
  afterAll(() => h.close());

  const get = (target: string, extra = '') =>
    rawExchange(
      port,
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n${extra}Connection: close\r\n\r\n`,
    );

  function expectProblem(r: RawResponse, status: number, code: ErrorCode) {
    expect(r.status, r.body).toBe(status);
    expect(r.headers['content-type']).toBe('application/problem+json');
    expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(r.body));
    const body = Problem.parse(JSON.parse(r.body));
    expect(body).toMatchObject({ status, code });
    expect(body.requestId).toMatch(/^req_[A-Za-z0-9]{20}$/);
    expect(r.headers['x-request-id']).toBe(body.requestId);
    expect(r.headers.ratelimit).toMatch(/^limit=300, remaining=\d+, reset=\d+$/);
    return body;
  }

  it('answers a path that is not valid percent-encoded UTF-8 as 404 not_found: it names no resource', async () => {
    for (const bad of ['%', '%FF', '%C3%28', '%E0%A4%A', '%zz']) {
      const body = expectProblem(
        await get(`/v1/projects/${projectId}/run-requests/${bad}`),
        404,
        'not_found',
      );
      expect(body.detail).toMatch(/percent-encoded/);
      expect(body.instance).toBe(`/v1/projects/${projectId}/run-requests/${bad}`);
    }
    expectProblem(await get(`/v1/projects/%FF/answers`), 404, 'not_found');
    expectProblem(await get(`/v1/m%C3%28e`), 404, 'not_found');
    expectProblem(await get(`/host/v1/run-requests/%FF/claim`), 404, 'not_found');
  });

  it('answers a path parameter longer than the router takes as 404, like any id that cannot exist', async () => {
    const body = expectProblem(
      await get(`/v1/projects/${projectId}/answers/${'a'.repeat(513)}`),
      404,
      'not_found',
    );
    expect(body.detail).toMatch(/longer than any id/);
  });

  it('answers a URL or headers over 16 KB, refused by the parser, as a complete 431 problem', async () => {
    const body = expectProblem(await get(`/v1/me?x=${'a'.repeat(17_000)}`), 431, 'invalid_parameter');
    expect(body.detail).toMatch(/16 KB/);
    expectProblem(await get('/v1/me', `X-Filler: ${'b'.repeat(17_000)}\r\n`), 431, 'invalid_parameter');
  });

  it('answers bytes that are not HTTP/1.1 as a 400 problem and closes the connection', async () => {
    const requests = [
      'HELLO\r\n\r\n',
      `GET /v1/me HTTP/3.0\r\nHost: x\r\n\r\n`,
      `GET /v1/me\x01 HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET /v1/me HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n`,
      // Transfer-Encoding the server refuses: not chunked, chunked with Content-Length, a broken chunk. With a key:
      // without one the first hook answers 401, and may do so before the parser has reached the broken body.
      `POST /v1/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n{}`,
      `POST /v1/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n`,
      `POST /v1/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
      `POST /v1/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`,
    ];
    for (const request of requests) {
      const r = await rawExchange(port, request);
      const body = expectProblem(r, 400, 'invalid_parameter');
      expect(body.detail, request).toMatch(/not valid HTTP\/1\.1/);
      expect(r.headers.connection).toBe('close');
      expect(r.headers.date).toBeDefined();
    }
  });

  it('answers chunk extensions over the parser limit as 413, and a request that never completes as 408', async () => {
    // With a key, as above: the parser's refusal is the only answer.
    const big = await rawExchange(
      port,
      `POST /v1/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2;x=${'e'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
    );
    expectProblem(big, 413, 'invalid_parameter');
    // Node raises ERR_HTTP_REQUEST_TIMEOUT on a connection whose request is not complete after `requestTimeout`;
    // the test raises it at once on a real connection instead of waiting minutes for the timer.
    const accepted = new Promise<Socket>((resolve) => h.app.server.once('connection', resolve));
    const slow = rawExchange(port, `GET /v1/me HTTP/1.1\r\nHost: x\r\n`);
    const socket = await accepted;
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    h.app.server.emit('clientError', timeout, socket);
    const body = expectProblem(await slow, 408, 'invalid_parameter');
    expect(body.detail).toMatch(/in time/);
  });

  it('answers an HTTP/1.1 request without Host as a 400 problem, and an unmet Expect as a 417 problem', async () => {
    const noHost = await rawExchange(
      port,
      `GET /v1/me HTTP/1.1\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`,
    );
    expect(expectProblem(noHost, 400, 'invalid_parameter').detail).toMatch(/Host/);
    const http10 = await rawExchange(port, `GET /v1/me HTTP/1.0\r\nAuthorization: Bearer ${key}\r\n\r\n`);
    expect(http10.status).toBe(200);
    expectProblem(await get('/v1/me', 'Expect: magic\r\n'), 417, 'invalid_parameter');
  });

  it('answers unknown paths of every API, HEAD and OPTIONS in the same shape', async () => {
    for (const path of [
      '/',
      '/v1',
      '/v2/projects',
      '/host/v1/nothing',
      '/local/v1/nothing',
      '/app/missing.js',
    ]) {
      expectProblem(await get(path), 404, 'not_found');
    }
    const options = await rawExchange(
      port,
      `OPTIONS /v1/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expectProblem(options, 405, 'method_not_allowed');
    expect(options.headers.allow).toBe('GET, HEAD');
    const head = await rawExchange(port, `HEAD /v1/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(head.status).toBe(401);
    expect(head.headers['content-type']).toBe('application/problem+json');
    expect(head.headers['x-request-id']).toMatch(/^req_/);
    expect(head.body).toBe('');
  });

  it('sends a 304 with only the headers a 304 may carry', async () => {
    const url = `/v1/projects/${projectId}/answers`;
    const first = await get(url);
    expect(first.status).toBe(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    const r = await get(url, `If-None-Match: ${etag}\r\n`);
    expect(r.status).toBe(304);
    expect(r.body).toBe('');
    expect(r.headers.etag).toBe(etag);
    expect(r.headers['x-request-id']).toMatch(/^req_/);
    expect(r.headers.ratelimit).toMatch(/^limit=/);
    for (const name of ['content-type', 'content-length', 'transfer-encoding']) {
      expect(r.headerNames, name).not.toContain(name);
    }
  });
});

describe('refusals below the routes and the rate limit', () => {
  it('count against the caller address like unknown paths, and are 429 once its budget is spent', async () => {
    const h = await createHarness({ rateLimits: { perMinute: 3, perDay: 1_000 } });
    try {
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = h.app.server.address() as { port: number };
      const bad = `GET /v1/projects/%FF HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;
      expect((await rawExchange(port, bad)).headers.ratelimit).toBe('limit=3, remaining=2, reset=60');
      expect((await rawExchange(port, 'HELLO\r\n\r\n')).headers.ratelimit).toBe(
        'limit=3, remaining=1, reset=60',
      );
      expect((await rawExchange(port, bad)).headers.ratelimit).toBe('limit=3, remaining=0, reset=60');
      for (const request of [bad, 'HELLO\r\n\r\n']) {
        const limited = await rawExchange(port, request);
        expect(limited.status).toBe(429);
        expect(limited.headers['retry-after']).toBe('60');
        expect(JSON.parse(limited.body)).toMatchObject({ code: 'rate_limited', status: 429 });
      }
    } finally {
      await h.close();
    }
  });
});
