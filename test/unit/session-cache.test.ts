import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS, SessionCache } from '../../server/auth/session-cache.ts';

const session = (token: string, expiresAt = 1_000_000) => ({ token, expiresAt, value: { token } });

describe('the per-instance session cache', () => {
  it('keeps what a cookie resolved to for a few seconds at most', () => {
    expect(SESSION_CACHE_MS).toBeLessThanOrEqual(5_000);
    const cache = new SessionCache<{ token: string }>();
    cache.set('cookie', 0, session('t1'));
    expect(cache.get('cookie', SESSION_CACHE_MS - 1)?.token).toBe('t1');
    expect(cache.get('cookie', SESSION_CACHE_MS)).toBeUndefined();
    // Gone once past, not only hidden: asking again a moment "earlier" finds nothing.
    expect(cache.get('cookie', 0)).toBeUndefined();
  });

  it('never outlives the session itself', () => {
    const cache = new SessionCache<{ token: string }>();
    cache.set('cookie', 0, session('t1', 1_000));
    expect(cache.get('cookie', 999)?.token).toBe('t1');
    expect(cache.get('cookie', 1_000)).toBeUndefined();
  });

  it('drops an entry at once when told', () => {
    const cache = new SessionCache<{ token: string }>();
    cache.set('cookie', 0, session('t1'));
    cache.drop('cookie');
    expect(cache.get('cookie', 1)).toBeUndefined();
  });

  it('holds at most 10,000 sessions, letting the oldest go first', () => {
    const cache = new SessionCache<{ token: string }>();
    for (let i = 0; i <= 10_000; i += 1) cache.set(`cookie-${i}`, 0, session(`t${i}`));
    expect(cache.get('cookie-0', 1)).toBeUndefined();
    expect(cache.get('cookie-1', 1)?.token).toBe('t1');
    expect(cache.get('cookie-10000', 1)?.token).toBe('t10000');
  });
});
