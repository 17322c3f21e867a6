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
 * The service log (pino, JSON lines), shared by the HTTP API and the background jobs: on stdout (1) as services log,
 * on stderr (2) for `answerwatch mcp` whose stdout carries the protocol, or appended to a file for `answerwatch
 * start` on a terminal, whose stdout is for the person reading it.
 */
export function createLogger(level: string, to: 1 | 2 | { file: string } = 1): Logger {
  const options = { level, redact: { paths: REDACT, censor: '[redacted]' } };
  if (to === 1) return pino(options);
  return pino(options, pino.destination(to === 2 ? 2 : { dest: to.file, append: true, mkdir: true }));
}
