import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../server/http/rate-limit.ts';
import { memoryRateCounter } from '../../server/store/rate-counter.ts';

const MINUTE = 60_000;
const START = Date.parse('2026-06-15T12:00:00.000Z');

describe('rate windows longer than a minute', () => {
  it('counts in 15-minute windows and says when the window ends', async () => {
    const limiter = new RateLimiter({ perMinute: 2, perDay: 100 }, memoryRateCounter(), 15 * MINUTE);
    expect((await limiter.consume('e', START)).allowed).toBe(true);
    expect((await limiter.consume('e', START + 5 * MINUTE)).allowed).toBe(true);
    const refused = await limiter.consume('e', START + 10 * MINUTE);
    expect(refused).toMatchObject({ allowed: false, limit: 2, reset: 5 * 60 });
    expect((await limiter.consume('e', START + 15 * MINUTE)).allowed).toBe(true);
  });

  it('keeps a live 15-minute count when the in-process counter sweeps for minute buckets', async () => {
    const counter = memoryRateCounter();
    const perEmail = new RateLimiter({ perMinute: 1, perDay: 100 }, counter, 15 * MINUTE);
    const perCaller = new RateLimiter({ perMinute: 300, perDay: 20_000 }, counter);
    expect((await perEmail.consume('sign-in-email:x', START)).allowed).toBe(true);
    // 50,000 one-off callers a minute later: the counter sweeps its idle buckets.
    for (let i = 0; i < 50_000; i += 1) await perCaller.consume(`ip:${i}`, START + MINUTE);
    expect((await perEmail.consume('sign-in-email:x', START + 2 * MINUTE)).allowed).toBe(false);
  });
});
