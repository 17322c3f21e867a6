/**
 * Webhook signatures (contract section 5 point 6): header `X-Service-Signature: t=<unix seconds>,v1=<hex>`,
 * where v1 is the lowercase hex HMAC-SHA256 of `<t>.<raw body>`. The HMAC key is the whole secret string,
 * `whsec_` prefix included, as UTF-8 — the same scheme as Stripe, so Stripe's own verifier accepts it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const SECRET_PREFIX = 'whsec_';
/** Contract section 8: receivers reject timestamps more than five minutes away. */
export const DEFAULT_TOLERANCE_SECONDS = 300;
const MAX_HEADER_LENGTH = 8192;

/** `whsec_` followed by 32 random bytes in base64url (43 characters). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64url');
}

function digest(secret: string, timestamp: string, rawBody: string | Buffer): Buffer {
  const hmac = createHmac('sha256', Buffer.from(secret, 'utf8'));
  hmac.update(`${timestamp}.`, 'utf8');
  if (typeof rawBody === 'string') hmac.update(rawBody, 'utf8');
  else hmac.update(rawBody);
  return hmac.digest();
}

/** The signature header value for `rawBody` sent at `unixSeconds`. */
export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  if (!Number.isSafeInteger(unixSeconds) || unixSeconds < 0) {
    throw new RangeError('signatureHeader: unixSeconds must be a non-negative integer');
  }
  const t = String(unixSeconds);
  return `t=${t},v1=${digest(secret, t, rawBody).toString('hex')}`;
}

/**
 * For receivers: true when `header` carries a timestamp within `toleranceSeconds` of `now` (milliseconds,
 * either direction) and at least one `v1` signature of `<t>.<rawBody>` made with `secret`. Verify the raw
 * bytes as received, before parsing JSON. Other schemes (v0, …) are ignored. Never throws: malformed input
 * gives false.
 */
export function verifySignature(
  rawBody: string | Buffer,
  header: string,
  secret: string,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
  now = Date.now(),
): boolean {
  try {
    if (typeof header !== 'string' || header.length === 0 || header.length > MAX_HEADER_LENGTH) return false;
    if (typeof secret !== 'string' || secret.length === 0) return false;
    if (typeof rawBody !== 'string' && !Buffer.isBuffer(rawBody)) return false;
    if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0 || !Number.isFinite(now)) return false;

    let timestamp: string | undefined;
    const candidates: Buffer[] = [];
    for (const part of header.split(',')) {
      const eq = part.indexOf('=');
      if (eq <= 0) return false;
      const key = part.slice(0, eq).trim();
      const value = part.slice(eq + 1).trim();
      if (key === 't') {
        if (timestamp !== undefined || !/^\d{1,15}$/.test(value)) return false;
        timestamp = value;
      } else if (key === 'v1' && /^[0-9a-fA-F]{64}$/.test(value)) {
        candidates.push(Buffer.from(value, 'hex'));
      }
    }
    if (timestamp === undefined || candidates.length === 0) return false;
    const age = Math.floor(now / 1000) - Number(timestamp);
    if (Math.abs(age) > toleranceSeconds) return false;

    const expected = digest(secret, timestamp, rawBody);
    let ok = false;
    // Compare against every candidate (no early exit) so the time taken does not say which one matched.
    for (const candidate of candidates) {
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) ok = true;
    }
    return ok;
  } catch {
    return false;
  }
}
