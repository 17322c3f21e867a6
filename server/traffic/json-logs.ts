import { clip, hostOnly, LineError, orNull, splitTarget, statusOf, type LogHit } from './log-hit.ts';

/**
 * Access logs as JSON lines. Each variant is known by a field only it has, so one file (or one batch from a
 * shipper) may mix them:
 * - `answerwatch`, our own: `{time, ip, method, url, status, bytes, referer, userAgent, host}`;
 * - `cloudflare`, Logpush's http_requests dataset (`ClientRequestURI`, `EdgeStartTimestamp` as RFC 3339, unix
 *   seconds or unix nanoseconds, whichever the job's timestamp option chose);
 * - `cloudfront`, CloudFront standard logging v2 with JSON output (`cs-uri-stem`, `timestamp` in epoch seconds or
 *   `date` + `time`; the user agent and referer URL-encoded, as CloudFront writes them);
 * - `fastly`, the JSON format of Fastly's "useful log formats" guide (`client_ip`, `url`, `request_user_agent`, …).
 */
export const JSON_FORMATS = ['answerwatch', 'cloudflare', 'cloudfront', 'fastly'] as const;
export type JsonFormat = (typeof JSON_FORMATS)[number];

type Fields = Record<string, unknown>;

export function jsonFormatOf(o: Fields): JsonFormat | null {
  if ('ClientRequestURI' in o) return 'cloudflare';
  if ('cs-uri-stem' in o) return 'cloudfront';
  if ('userAgent' in o) return 'answerwatch';
  if ('request_user_agent' in o || 'client_ip' in o) return 'fastly';
  return null;
}

/** An instant as the JSON formats write it: RFC 3339 text, or a number of seconds, milliseconds or nanoseconds. */
export function instant(raw: unknown, field: string): number {
  if (typeof raw === 'number' || (typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw))) {
    const n = Number(raw);
    // By magnitude: nanoseconds (Logpush's default), microseconds, milliseconds, then seconds.
    const ms = n > 1e17 ? n / 1e6 : n > 1e14 ? n / 1e3 : n > 1e11 ? n : n * 1000;
    return Math.floor(ms);
  }
  if (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(raw)) {
    // strftime's %z writes +0000, which Date.parse reads only with a colon.
    const ms = Date.parse(raw.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    if (Number.isFinite(ms) && /(Z|[+-]\d{2}:?\d{2})$/i.test(raw)) return ms;
  }
  throw new LineError(`${field} ${clip(String(raw))} is not a time with a time zone`);
}

const text = (o: Fields, key: string): string | null => {
  const v = o[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw new LineError(`${key} must be text`);
  return orNull(v);
};

const required = (o: Fields, key: string): string => {
  const v = text(o, key);
  if (v === null) throw new LineError(`${key} is missing`);
  return v;
};

/** CloudFront encodes spaces and other characters of these fields (RFC 1738); a broken escape is kept as it is. */
const decoded = (raw: string | null) => {
  if (raw === null || !raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

function hit(
  o: { time: number; ip: string | null; method: string | null; target: string; host: string | null },
  status: unknown,
  referer: string | null,
  userAgent: string | null,
): LogHit {
  const target = splitTarget(o.target);
  return {
    time: o.time,
    ip: o.ip,
    method: o.method ?? 'GET',
    path: target.path,
    query: target.query,
    host: target.host ?? (o.host === null ? null : hostOnly(o.host)),
    status: statusOf(status),
    referer,
    userAgent: userAgent ?? '',
  };
}

const READERS: Record<JsonFormat, (o: Fields) => LogHit> = {
  answerwatch: (o) =>
    hit(
      {
        time: instant(o.time, 'time'),
        ip: text(o, 'ip'),
        method: text(o, 'method'),
        target: required(o, 'url'),
        host: text(o, 'host'),
      },
      o.status,
      text(o, 'referer'),
      text(o, 'userAgent'),
    ),
  cloudflare: (o) =>
    hit(
      {
        time: instant(o.EdgeStartTimestamp, 'EdgeStartTimestamp'),
        ip: text(o, 'ClientIP'),
        method: text(o, 'ClientRequestMethod'),
        target: required(o, 'ClientRequestURI'),
        host: text(o, 'ClientRequestHost'),
      },
      o.EdgeResponseStatus,
      text(o, 'ClientRequestReferer'),
      text(o, 'ClientRequestUserAgent'),
    ),
  cloudfront: (o) => {
    const query = text(o, 'cs-uri-query');
    const time =
      o.timestamp !== undefined
        ? instant(o.timestamp, 'timestamp')
        : instant(`${required(o, 'date')}T${required(o, 'time')}Z`, 'date and time');
    return hit(
      {
        time,
        ip: text(o, 'c-ip'),
        method: text(o, 'cs-method'),
        target: `${required(o, 'cs-uri-stem')}${query === null ? '' : `?${query}`}`,
        // x-host-header is the Host the viewer asked for; cs(Host) the distribution's own cloudfront.net name.
        host: text(o, 'x-host-header') ?? text(o, 'cs(Host)'),
      },
      o['sc-status'],
      decoded(text(o, 'cs(Referer)')),
      decoded(text(o, 'cs(User-Agent)')),
    );
  },
  fastly: (o) =>
    hit(
      {
        time: instant(o.timestamp ?? o.time_start ?? o.time, 'timestamp'),
        ip: text(o, 'client_ip'),
        method: text(o, 'request_method') ?? text(o, 'request'),
        target: required(o, 'url'),
        host: text(o, 'host'),
      },
      o.response_status ?? o.status,
      text(o, 'request_referer'),
      text(o, 'request_user_agent'),
    ),
};

/** One JSON line in the given variant, or in whichever its fields name when `format` is null. */
export function parseJsonLine(line: string, format: JsonFormat | null): LogHit {
  let o: unknown;
  try {
    o = JSON.parse(line);
  } catch (err) {
    throw new LineError(`not valid JSON: ${(err as Error).message}`);
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new LineError('not a JSON object');
  const fields = o as Fields;
  const variant = jsonFormatOf(fields);
  if (variant === null || (format !== null && variant !== format))
    throw new LineError(
      format === null
        ? 'a JSON object of no known log format (answerwatch, cloudflare, cloudfront, fastly)'
        : `not a ${format} log line`,
    );
  return READERS[variant](fields);
}
