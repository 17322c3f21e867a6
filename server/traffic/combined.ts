import { clip, LineError, splitTarget, statusOf, type LogHit } from './log-hit.ts';

/**
 * The combined log format of nginx and Apache (`%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-agent}i"`), with or
 * without a trailing request time (nginx's `$request_time` in seconds, Apache's `%D` in microseconds): read by
 * hand, field by field, because a regular expression over a 5-million-line file costs several times as much.
 */

const MONTHS: Record<string, number> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
};

/** `10/Oct/2000:13:55:36 -0700` (the `%t` of both servers) as epoch milliseconds. */
export function clfTime(text: string): number {
  const m = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2})(?:\.\d+)? ([+-])(\d{2})(\d{2})$/.exec(
    text,
  );
  const month = m && MONTHS[m[2]!];
  if (!m || month === undefined || month === null)
    throw new LineError(`the time ${clip(text)} is not a log time`);
  const offset = (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9])) * 60_000;
  return Date.UTC(+m[3]!, month, +m[1]!, +m[4]!, +m[5]!, +m[6]!) - offset;
}

/** Reads a quoted field starting at `at` (its opening quote): its text with `\"` and `\\` unescaped, and where it ends. */
function quoted(line: string, at: number): { text: string; end: number } {
  if (line.charCodeAt(at) !== 34) throw new LineError('a quoted field is missing');
  let escaped = false;
  for (let i = at + 1; i < line.length; i += 1) {
    const c = line.charCodeAt(i);
    // Apache escapes a quote inside a field as `\"`; nginx writes `\x22`, which needs nothing here.
    if (c === 92) {
      i += 1;
      escaped = true;
    } else if (c === 34) {
      const text = line.slice(at + 1, i);
      return { text: escaped ? text.replace(/\\(["\\])/g, '$1') : text, end: i + 1 };
    }
  }
  throw new LineError('a quoted field is not closed');
}

/** The next space-separated token from `at`, and where it ends. */
function token(line: string, at: number): { text: string; end: number } {
  const end = line.indexOf(' ', at);
  return end === -1 ? { text: line.slice(at), end: line.length } : { text: line.slice(at, end), end };
}

/** Whether a trailing request time may follow (auto), must not (`combined`) or must (`combined-time`). */
export type RequestTime = 'optional' | 'absent' | 'present';

export function parseCombined(line: string, requestTime: RequestTime = 'optional'): LogHit {
  const ip = token(line, 0);
  const open = line.indexOf(' [', ip.end);
  const close = open === -1 ? -1 : line.indexOf('] ', open);
  if (ip.text === '' || open === -1 || close === -1) throw new LineError('not a combined log line');
  const time = clfTime(line.slice(open + 2, close));
  const request = quoted(line, close + 2);
  const parts = request.text.split(' ');
  // `"-"` or a bare garbled request is what servers log for a connection that sent no valid request line.
  if (parts.length < 2 || !/^[A-Z]+$/.test(parts[0]!))
    throw new LineError(`the request ${clip(request.text)} is not an HTTP request line`);
  const target = splitTarget(parts[1]!);
  const status = token(line, request.end + 1);
  const bytes = token(line, status.end + 1);
  if (!/^(\d+|-)$/.test(bytes.text)) throw new LineError(`the size ${clip(bytes.text)} is not a byte count`);
  const referer = quoted(line, bytes.end + 1);
  const agent = quoted(line, referer.end + 1);
  const rest = line.slice(agent.end).trim();
  if (rest !== '' && !/^\d+(\.\d+)?$/.test(rest))
    throw new LineError(`${clip(rest)} after the user agent is not a request time`);
  if (requestTime === 'absent' && rest !== '') throw new LineError('a request time follows: not combined');
  if (requestTime === 'present' && rest === '')
    throw new LineError('no request time at the end: not combined-time');
  return {
    time,
    ip: ip.text,
    method: parts[0]!,
    path: target.path,
    query: target.query,
    host: target.host,
    status: statusOf(status.text),
    referer: referer.text === '-' || referer.text === '' ? null : referer.text,
    userAgent: agent.text === '-' ? '' : agent.text,
  };
}
