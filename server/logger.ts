import { pino, type Logger } from 'pino';

/** Secrets never reach the logs: the key, and anything else a client may put in these headers. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  '*.apiKey',
  '*.secret',
];

/**
 * The service log (pino, JSON lines on stdout), shared by the HTTP API and the background jobs. `answerwatch mcp`
 * logs to stderr (file descriptor 2): its stdout carries the protocol.
 */
export function createLogger(level: string, fd: 1 | 2 = 1): Logger {
  const options = { level, redact: { paths: REDACT, censor: '[redacted]' } };
  return fd === 1 ? pino(options) : pino(options, pino.destination(fd));
}
