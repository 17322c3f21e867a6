import { describe, expect, it } from 'vitest';
import { classifyStatus, httpError, parseRetryAfter, redact } from '../../../engines/cloud/errors.ts';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-05-01T10:00:00Z');

  it('reads retry-after-ms first, then retry-after in seconds or as an HTTP date', () => {
    expect(parseRetryAfter({ 'retry-after-ms': '1500', 'retry-after': '9' }, now)).toBe(1500);
    expect(parseRetryAfter({ 'retry-after': '9' }, now)).toBe(9000);
    expect(parseRetryAfter({ 'retry-after': '0.5' }, now)).toBe(500);
    expect(parseRetryAfter({ 'retry-after': 'Thu, 01 May 2025 10:00:30 GMT' }, now)).toBe(30_000);
  });

  it('is null without a usable header, and never negative', () => {
    expect(parseRetryAfter({}, now)).toBeNull();
    expect(parseRetryAfter({ 'retry-after': 'soon' }, now)).toBeNull();
    expect(parseRetryAfter({ 'retry-after-ms': 'x', 'retry-after': '2' }, now)).toBe(2000);
    expect(parseRetryAfter({ 'retry-after': 'Thu, 01 May 2025 09:00:00 GMT' }, now)).toBe(0);
  });
});

describe('classifyStatus', () => {
  it.each([
    [401, 'fatal', 'auth'],
    [403, 'fatal', 'auth'],
    [402, 'fatal', 'insufficient_quota'],
    [404, 'fatal', 'not_found'],
    [400, 'fatal', 'bad_request'],
    [422, 'fatal', 'bad_request'],
    [408, 'retryable', 'timeout'],
    [409, 'retryable', 'conflict'],
    [429, 'retryable', 'rate_limited'],
    [500, 'retryable', 'server_error'],
    [503, 'retryable', 'server_error'],
    [529, 'retryable', 'overloaded'],
    [302, 'fatal', 'invalid_response'],
  ])('%i is %s %s', (status, kind, code) => {
    expect(classifyStatus(status)).toEqual({ kind, code });
  });
});

describe('httpError', () => {
  it('carries the vendor message, the status and the wait, without keys', () => {
    const error = httpError(
      'chatgpt',
      429,
      { 'retry-after': '3' },
      JSON.stringify({ error: { message: 'Slow down, key sk-secret-123 is busy' } }),
      ['sk-secret-123'],
    );
    expect(error).toMatchObject({
      engineId: 'chatgpt',
      kind: 'retryable',
      code: 'rate_limited',
      status: 429,
    });
    expect(error.retryAfterMs).toBe(3000);
    expect(error.message).toBe('chatgpt: HTTP 429 (rate_limited): Slow down, key [redacted] is busy');
  });

  it('leaves out HTML pages and cuts long messages', () => {
    expect(httpError('x', 502, {}, '<html><body>Bad gateway</body></html>', []).message).toBe(
      'x: HTTP 502 (server_error)',
    );
    expect(
      httpError('x', 500, {}, JSON.stringify({ error: 'e'.repeat(1000) }), []).message.length,
    ).toBeLessThan(400);
  });

  it('lets a vendor rule decide first', () => {
    const error = httpError('x', 400, {}, '{}', [], () => ({ kind: 'fatal', code: 'auth', retryAfterMs: 5 }));
    expect(error).toMatchObject({ kind: 'fatal', code: 'auth', retryAfterMs: 5 });
  });
});

describe('redact', () => {
  it('hides the given secrets and any api_key or key query parameter', () => {
    expect(redact('GET /search.json?q=x&api_key=abc123&key=zzz', [])).toBe(
      'GET /search.json?q=x&api_key=[redacted]&key=[redacted]',
    );
    expect(redact('token sk-1234 here', ['sk-1234'])).toBe('token [redacted] here');
  });
});
