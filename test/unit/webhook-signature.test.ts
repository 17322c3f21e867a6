import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureHeader, verifySignature } from '../../server/domain/webhook-signature.ts';

const SECRET = 'whsec_3c0e1f0f1d7b4b9c8a6e2d5f4a3b2c1d';
const BODY = JSON.stringify({
  id: 'evt_123',
  event: 'run.completed',
  createdAt: '2026-03-01T10:00:00Z',
  data: { projectId: 'p1', runId: 'run_1', note: 'ünïcödé ✓' },
});
const T = 1_772_359_200; // 2026-03-01T10:00:00Z
const NOW = T * 1000;

describe('newWebhookSecret', () => {
  it('is whsec_ plus 32 random bytes in base64url', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64url')).toHaveLength(32);
  });

  it('differs every time', () => {
    const secrets = new Set(Array.from({ length: 50 }, () => newWebhookSecret()));
    expect(secrets.size).toBe(50);
  });
});

describe('signatureHeader', () => {
  it('is t=<seconds>,v1=<lowercase hex HMAC-SHA256 of "<t>.<body>" keyed with the whole secret>', () => {
    const expected = createHmac('sha256', Buffer.from(SECRET, 'utf8'))
      .update(`${T}.${BODY}`, 'utf8')
      .digest('hex');
    expect(signatureHeader(SECRET, BODY, T)).toBe(`t=${T},v1=${expected}`);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keys the HMAC with the whsec_ prefix included', () => {
    const withoutPrefix = createHmac('sha256', SECRET.slice('whsec_'.length))
      .update(`${T}.${BODY}`)
      .digest('hex');
    expect(signatureHeader(SECRET, BODY, T)).not.toContain(withoutPrefix);
  });

  it('refuses a timestamp that is not whole seconds', () => {
    expect(() => signatureHeader(SECRET, BODY, NOW / 1000 + 0.5)).toThrow(RangeError);
    expect(() => signatureHeader(SECRET, BODY, -1)).toThrow(RangeError);
  });
});

describe('verifySignature', () => {
  const header = signatureHeader(SECRET, BODY, T);

  it('accepts its own signature, on the string or the raw bytes', () => {
    expect(verifySignature(BODY, header, SECRET, 300, NOW)).toBe(true);
    expect(verifySignature(Buffer.from(BODY, 'utf8'), header, SECRET, 300, NOW)).toBe(true);
  });

  it('uses a 300 second tolerance and Date.now() by default', () => {
    const fresh = signatureHeader(SECRET, BODY, Math.floor(Date.now() / 1000));
    expect(verifySignature(BODY, fresh, SECRET)).toBe(true);
    const old = signatureHeader(SECRET, BODY, Math.floor(Date.now() / 1000) - 3600);
    expect(verifySignature(BODY, old, SECRET)).toBe(false);
  });

  it.each([
    [-301, false],
    [-300, true],
    [0, true],
    [300, true],
    [301, false],
    [86_400, false],
  ])('a signature made %i s from now: %s', (offset, ok) => {
    const signed = signatureHeader(SECRET, BODY, T + offset);
    expect(verifySignature(BODY, signed, SECRET, 300, NOW)).toBe(ok);
  });

  it('honours a custom tolerance', () => {
    const signed = signatureHeader(SECRET, BODY, T - 60);
    expect(verifySignature(BODY, signed, SECRET, 60, NOW)).toBe(true);
    expect(verifySignature(BODY, signed, SECRET, 59, NOW)).toBe(false);
  });

  it('rejects a tampered body', () => {
    expect(verifySignature(BODY.replace('run_1', 'run_2'), header, SECRET, 300, NOW)).toBe(false);
    expect(verifySignature(`${BODY} `, header, SECRET, 300, NOW)).toBe(false);
    expect(verifySignature(JSON.stringify(JSON.parse(BODY), null, 2), header, SECRET, 300, NOW)).toBe(false);
  });

  it('rejects a wrong secret, including the secret without its prefix', () => {
    expect(verifySignature(BODY, header, newWebhookSecret(), 300, NOW)).toBe(false);
    expect(verifySignature(BODY, header, SECRET.slice('whsec_'.length), 300, NOW)).toBe(false);
  });

  it('rejects a timestamp changed after signing', () => {
    const moved = header.replace(`t=${T}`, `t=${T + 1}`);
    expect(verifySignature(BODY, moved, SECRET, 300, NOW)).toBe(false);
  });

  it('accepts any matching v1 among several, and ignores other schemes', () => {
    const v1 = header.split(',v1=')[1]!;
    const other = signatureHeader(newWebhookSecret(), BODY, T).split(',v1=')[1]!;
    expect(verifySignature(BODY, `t=${T},v1=${other},v1=${v1}`, SECRET, 300, NOW)).toBe(true);
    expect(verifySignature(BODY, `t=${T},v1=${v1},v1=${other}`, SECRET, 300, NOW)).toBe(true);
    expect(verifySignature(BODY, `t=${T},v0=abc,v1=${v1},v2=zzz`, SECRET, 300, NOW)).toBe(true);
    expect(verifySignature(BODY, `t=${T}, v1=${v1}`, SECRET, 300, NOW)).toBe(true);
    expect(verifySignature(BODY, `v1=${v1},t=${T}`, SECRET, 300, NOW)).toBe(true);
    expect(verifySignature(BODY, `t=${T},v1=${other}`, SECRET, 300, NOW)).toBe(false);
    expect(verifySignature(BODY, `t=${T},v0=${v1}`, SECRET, 300, NOW)).toBe(false);
  });

  it.each([
    [''],
    ['garbage'],
    ['t='],
    ['v1=abc'],
    ['t=abc,v1=00'],
    [`t=${T}`],
    [`t=${T},v1=`],
    [`t=${T},v1=xyz`],
    [`t=${T},v1=${'0'.repeat(63)}`],
    [`t=${T},v1=${'0'.repeat(66)}`],
    [`t=${T},t=${T},v1=${'0'.repeat(64)}`],
    [`t=-${T},v1=${'0'.repeat(64)}`],
    [`t=${T}.5,v1=${'0'.repeat(64)}`],
    [`t=1e9,v1=${'0'.repeat(64)}`],
    [`t=${T},,v1=${'0'.repeat(64)}`],
    [`t=${T},v1=${'a'.repeat(10_000)}`],
  ])('a malformed header %j is false', (bad) => {
    expect(verifySignature(BODY, bad, SECRET, 300, NOW)).toBe(false);
  });

  it('never throws on hostile input', () => {
    const cases: unknown[][] = [
      [undefined, header, SECRET],
      [BODY, undefined, SECRET],
      [BODY, header, undefined],
      [BODY, header, ''],
      [BODY, header, SECRET, Number.NaN, NOW],
      [BODY, header, SECRET, -1, NOW],
      [BODY, header, SECRET, 300, Number.NaN],
      [{ toString: () => BODY }, header, SECRET],
      [BODY, 42, SECRET],
    ];
    for (const args of cases) {
      expect(() => (verifySignature as (...a: unknown[]) => boolean)(...args)).not.toThrow();
      expect((verifySignature as (...a: unknown[]) => boolean)(...args)).toBe(false);
    }
  });
});

describe("Stripe's own verifier accepts our signatures", () => {
  const stripe = new Stripe('sk_test_x');

  it('constructEvent parses a body signed with a whsec_ secret from newWebhookSecret', () => {
    const secret = newWebhookSecret();
    const header = signatureHeader(secret, BODY, Math.floor(Date.now() / 1000));
    const event = stripe.webhooks.constructEvent(BODY, header, secret) as unknown as { id: string };
    expect(event).toEqual(JSON.parse(BODY));
    expect(event.id).toBe('evt_123');
  });

  it('signature.verifyHeader accepts raw bytes and a fixed clock, and rejects what we reject', () => {
    const header = signatureHeader(SECRET, BODY, T);
    const signature = stripe.webhooks.signature!;
    const verify = (body: string | Buffer, h: string, secret: string, nowMs: number) =>
      signature.verifyHeader(body, h, secret, 300, undefined, nowMs);
    expect(verify(Buffer.from(BODY, 'utf8'), header, SECRET, NOW)).toBe(true);
    expect(verify(BODY, header, SECRET, NOW + 300_000)).toBe(true);
    expect(() => verify(BODY, header, SECRET, NOW + 301_000)).toThrow(/Timestamp outside the tolerance zone/);
    expect(() => verify(`${BODY} `, header, SECRET, NOW)).toThrow(/No signatures found matching/);
    expect(verifySignature(`${BODY} `, header, SECRET, 300, NOW)).toBe(false);
  });

  it('our verifier accepts a header made by Stripe for the same secret', () => {
    const made = stripe.webhooks.generateTestHeaderString({ payload: BODY, secret: SECRET, timestamp: T });
    expect(verifySignature(BODY, made, SECRET, 300, NOW)).toBe(true);
    expect(made).toBe(signatureHeader(SECRET, BODY, T));
  });
});
