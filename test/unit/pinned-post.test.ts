import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_TIMEOUT_MS, postPinned } from '../../server/net/pinned-post.ts';
import type { Resolver } from '../../server/net/webhook-url.ts';
import { signatureHeader, verifySignature } from '../../server/domain/webhook-signature.ts';
import { refusedUrl, startWebhookReceiver, testCa, type WebhookReceiver } from '../fakes/webhook-receiver.ts';

const PUBLIC = '93.184.216.34';

/** A resolver that answers each call with the next entry of `answers` (the last one repeats). */
function scriptedDns(answers: string[][]): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    const answer = answers[Math.min(calls.length, answers.length - 1)]!;
    calls.push(hostname);
    return answer;
  };
  return Object.assign(resolve, { calls });
}

const toLoopback: Resolver = async () => ['127.0.0.1'];
const BODY = JSON.stringify({ id: 'evt_1', event: 'ping', data: { projectId: 'p1', message: 'héllo ✓' } });

let receiver: WebhookReceiver;
let hookUrl: URL;
const dev = () => ({ allowPrivate: true, resolve: toLoopback, ca: testCa() });

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  hookUrl = new URL(`https://hooks.test:${receiver.port}/hook`);
});
afterEach(async () => {
  await receiver.close();
});

describe('postPinned: answers', () => {
  it('a 2xx is a success with the status and no error', async () => {
    const result = await postPinned(hookUrl, BODY, { 'X-Service-Event': 'ping' }, dev());
    expect(result.httpStatus).toBe(200);
    expect(result.error).toBeNull();
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.method).toBe('POST');
    expect(receiver.received[0]!.path).toBe('/hook');
  });

  it('other 2xx statuses succeed too', async () => {
    receiver.respond({ status: 204 });
    expect(await postPinned(hookUrl, BODY, {}, dev())).toMatchObject({ httpStatus: 204, error: null });
  });

  it.each([400, 404, 410, 500, 503])('a %i is a failure with the status recorded', async (status) => {
    receiver.respond({ status });
    const result = await postPinned(hookUrl, BODY, {}, dev());
    expect(result.httpStatus).toBe(status);
    expect(result.error).toBe(`receiver answered HTTP ${status}`);
  });

  it('a redirect is not followed', async () => {
    receiver.respond({ redirect: `https://hooks.test:${receiver.port}/elsewhere`, status: 307 });
    receiver.respond({ status: 200 });
    const result = await postPinned(hookUrl, BODY, {}, dev());
    expect(result.httpStatus).toBe(307);
    expect(result.error).toBe(`redirect not followed (307 to https://hooks.test:${receiver.port}/elsewhere)`);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.path).toBe('/hook');
  });

  it('a dropped connection is an answerless failure', async () => {
    receiver.respond({ destroy: true });
    const result = await postPinned(hookUrl, BODY, {}, dev());
    expect(result.httpStatus).toBeNull();
    expect(result.error).toBe('connection closed before a complete response');
  });

  it('the body arrives byte for byte, with the delivery headers and a verifiable signature', async () => {
    const secret = 'whsec_test_secret';
    const t = Math.floor(Date.now() / 1000);
    const signature = signatureHeader(secret, BODY, t);
    const result = await postPinned(
      hookUrl,
      BODY,
      {
        'X-Service-Signature': signature,
        'X-Service-Event': 'ping',
        'X-Service-Delivery': 'dlv_1',
        Host: 'evil.example.com', // transport headers are not the caller's to set
      },
      dev(),
    );
    expect(result.error).toBeNull();
    const got = receiver.received[0]!;
    expect(got.rawBody.equals(Buffer.from(BODY, 'utf8'))).toBe(true);
    expect(got.headers['x-service-signature']).toBe(signature);
    expect(got.headers['x-service-event']).toBe('ping');
    expect(got.headers['x-service-delivery']).toBe('dlv_1');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe('Service-Webhooks/1.0');
    expect(got.headers['host']).toBe(`hooks.test:${receiver.port}`);
    expect(got.headers['content-length']).toBe(String(Buffer.byteLength(BODY)));
    expect(verifySignature(got.rawBody, signature, secret)).toBe(true);
  });

  it('an IP-literal URL works when private targets are allowed', async () => {
    const result = await postPinned(new URL(`${receiver.url}/direct`), BODY, {}, dev());
    expect(result).toMatchObject({ httpStatus: 200, error: null });
    expect(receiver.received[0]!.path).toBe('/direct');
  });
});

describe('postPinned: no answer', () => {
  it('the default deadline is the contract 10 seconds', () => {
    expect(DEFAULT_DELIVERY_TIMEOUT_MS).toBe(10_000);
  });

  it('a receiver slower than the deadline times out with no status', async () => {
    receiver.respond({ slowMs: 2_000 });
    const result = await postPinned(hookUrl, BODY, {}, { ...dev(), timeoutMs: 300 });
    expect(result.httpStatus).toBeNull();
    expect(result.error).toBe('timeout: no complete answer within 300 ms');
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
    expect(result.durationMs).toBeLessThan(1_900); // gave up at the deadline, not when the receiver answered
  });

  it('a TLS handshake that never finishes counts against the same deadline', async () => {
    const silent = createServer(() => undefined); // accepts TCP, never speaks TLS
    const open = new Set<Socket>();
    silent.on('connection', (socket) => void open.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    try {
      const url = new URL(`https://hooks.test:${(silent.address() as AddressInfo).port}/hook`);
      const result = await postPinned(url, BODY, {}, { ...dev(), timeoutMs: 300 });
      expect(result).toMatchObject({ httpStatus: null, error: 'timeout: no complete answer within 300 ms' });
      expect(open.size).toBe(1);
    } finally {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('a slow DNS answer counts against the same deadline', async () => {
    const slowDns: Resolver = () => new Promise((resolve) => setTimeout(() => resolve(['127.0.0.1']), 2_000));
    const result = await postPinned(hookUrl, BODY, {}, { ...dev(), resolve: slowDns, timeoutMs: 300 });
    expect(result).toMatchObject({ httpStatus: null, error: 'timeout: no complete answer within 300 ms' });
    expect(receiver.connectionCount()).toBe(0);
  });

  it('a refused connection', async () => {
    const url = new URL(await refusedUrl());
    const result = await postPinned(new URL(`https://hooks.test:${url.port}/hook`), BODY, {}, dev());
    expect(result).toMatchObject({ httpStatus: null, error: 'connection refused' });
  });

  it('a certificate from an untrusted CA fails TLS', async () => {
    const { ca: _ca, ...untrusting } = dev();
    const result = await postPinned(hookUrl, BODY, {}, untrusting);
    expect(result.httpStatus).toBeNull();
    expect(result.error).toMatch(/^TLS error: /);
    expect(receiver.received).toHaveLength(0);
  });

  it('the certificate is checked against the URL host name, not the pinned address', async () => {
    const url = new URL(`https://not-in-cert.test:${receiver.port}/hook`);
    const result = await postPinned(url, BODY, {}, dev());
    expect(result.httpStatus).toBeNull();
    expect(result.error).toBe('TLS error: certificate is not valid for "not-in-cert.test"');
    expect(receiver.received).toHaveLength(0);
  });

  it('a URL the policy refuses is not attempted', async () => {
    const result = await postPinned(new URL(`http://hooks.test:${receiver.port}/hook`), BODY, {}, dev());
    expect(result.httpStatus).toBeNull();
    expect(result.error).toBe('refused at delivery: webhook url must use https (plain http is refused)');
    expect(receiver.connectionCount()).toBe(0);
  });
});

describe('postPinned: DNS rebinding', () => {
  let raw: Server;
  let rawConnections: number;

  beforeEach(async () => {
    rawConnections = 0;
    raw = createServer((socket) => {
      rawConnections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', () => resolve()));
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => raw.close(() => resolve()));
  });

  it('a name that was public at registration but private at delivery is refused before connecting', async () => {
    const { vetWebhookUrl } = await import('../../server/net/webhook-url.ts');
    const rebinding = scriptedDns([[PUBLIC], ['127.0.0.1']]);
    const registered = await vetWebhookUrl(`https://hooks.example.com:${receiver.port}/hook`, {
      allowPrivate: false,
      resolve: rebinding,
    });
    const result = await postPinned(
      registered,
      BODY,
      {},
      { allowPrivate: false, resolve: rebinding, ca: testCa() },
    );
    expect(rebinding.calls).toEqual(['hooks.example.com', 'hooks.example.com']);
    expect(result.httpStatus).toBeNull();
    expect(result.error).toBe(
      'refused at delivery: webhook url host "hooks.example.com" resolves to 127.0.0.1, which is not allowed (loopback)',
    );
    expect(receiver.received).toHaveLength(0);
    expect(receiver.connectionCount()).toBe(0);

    const rawUrl = new URL(`https://hooks.example.com:${(raw.address() as AddressInfo).port}/hook`);
    const again = await postPinned(
      rawUrl,
      BODY,
      {},
      { allowPrivate: false, resolve: rebinding, ca: testCa() },
    );
    expect(again.error).toMatch(/resolves to 127\.0\.0\.1, which is not allowed \(loopback\)/);
    expect(rawConnections).toBe(0);
  });

  it('the connection goes to the address vetted for this attempt, never to a later answer', async () => {
    // The first answer of the attempt is public; every later lookup would say 127.0.0.1. Only the vetted
    // public address may be dialled (there is no route to it here, or it does not listen on this port).
    const rebinding = scriptedDns([[PUBLIC], ['127.0.0.1']]);
    const rawUrl = new URL(`https://hooks.example.com:${(raw.address() as AddressInfo).port}/hook`);
    const result = await postPinned(
      rawUrl,
      BODY,
      {},
      {
        allowPrivate: false,
        resolve: rebinding,
        ca: testCa(),
        timeoutMs: 500,
      },
    );
    expect(rebinding.calls).toEqual(['hooks.example.com']);
    expect(result.httpStatus).toBeNull();
    expect(result.error).not.toBeNull();
    expect(rawConnections).toBe(0);

    const viaReceiver = await postPinned(
      new URL(`https://hooks.example.com:${receiver.port}/hook`),
      BODY,
      {},
      { allowPrivate: false, resolve: scriptedDns([[PUBLIC], ['127.0.0.1']]), ca: testCa(), timeoutMs: 500 },
    );
    expect(viaReceiver.httpStatus).toBeNull();
    expect(receiver.received).toHaveLength(0);
    expect(receiver.connectionCount()).toBe(0);
  });

  it('one forbidden address among public ones refuses the whole attempt', async () => {
    const mixed = scriptedDns([[PUBLIC, '127.0.0.1']]);
    const result = await postPinned(
      new URL(`https://hooks.example.com:${receiver.port}/hook`),
      BODY,
      {},
      { allowPrivate: false, resolve: mixed, ca: testCa() },
    );
    expect(result.error).toMatch(/resolves to 127\.0\.0\.1, which is not allowed \(loopback\)/);
    expect(receiver.connectionCount()).toBe(0);
  });
});
