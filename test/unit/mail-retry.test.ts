import { describe, expect, it } from 'vitest';
import { isPermanent, MAX_MAIL_ATTEMPTS, retryDelayMs } from '../../server/mail/retry.ts';

const failure = (responseCode: number | null, code: string | null = null) => ({
  responseCode,
  code,
  message: 'x',
});

describe('mail retries', () => {
  it('wait 30 s after the first failure, twice as long each time, at most 2 h, and end at the twelfth', () => {
    const waits = Array.from({ length: MAX_MAIL_ATTEMPTS }, (_, i) => retryDelayMs(i + 1));
    expect(waits).toEqual([
      30_000,
      60_000,
      120_000,
      240_000,
      480_000,
      960_000,
      1_920_000,
      3_840_000,
      7_200_000,
      7_200_000,
      7_200_000,
      null,
    ]);
    expect(MAX_MAIL_ATTEMPTS).toBe(12);
    const total = waits.reduce<number>((sum, w) => sum + (w ?? 0), 0);
    expect(total / 3_600_000).toBeCloseTo(8.125, 3);
  });

  it('give up at once on a 5xx reply, and on content that does not open', () => {
    expect(isPermanent(failure(550, 'EENVELOPE'))).toBe(true);
    expect(isPermanent(failure(554, 'EMESSAGE'))).toBe(true);
    expect(isPermanent(failure(null, 'ESEALED'))).toBe(true);
  });

  it('try again after a 4xx reply, a connection failure, a timeout, or a refused login', () => {
    expect(isPermanent(failure(451, 'EENVELOPE'))).toBe(false);
    expect(isPermanent(failure(421, 'EPROTOCOL'))).toBe(false);
    expect(isPermanent(failure(null, 'ECONNECTION'))).toBe(false);
    expect(isPermanent(failure(null, 'ETIMEDOUT'))).toBe(false);
    expect(isPermanent(failure(535, 'EAUTH'))).toBe(false);
  });
});
