import { pino, type Logger } from 'pino';

/** Secrets never reach the logs: the key, and anything else a client may put in these headers. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  '*.apiKey',
  '*.secret',
];

/** The service log (pino, JSON lines on stdout), shared by the HTTP API and the background jobs. */
export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } });
}
