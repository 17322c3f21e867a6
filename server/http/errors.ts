import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../domain/errors.ts';
import { StoreUnavailableError } from '../store/errors.ts';
import { sendProblem, type ProblemInput } from './problem.ts';

const LOCATION: Record<string, string> = {
  body: 'body',
  querystring: 'query parameter',
  params: 'path parameter',
  headers: 'header',
};

function validationDetail(err: FastifyError): string {
  const where = LOCATION[err.validationContext ?? ''] ?? err.validationContext ?? 'request';
  const issues = (err.validation ?? []).map((v) => {
    const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return path ? `${where} ${path}: ${v.message}` : `${where}: ${v.message}`;
  });
  return issues.join('; ') || err.message;
}

/** Maps every failure to a problem: refusals keep their code, framework errors get the nearest one, faults are 500. */
function toProblem(err: FastifyError | AppError): ProblemInput | null {
  if (err instanceof AppError)
    return { status: err.status, code: err.code, detail: err.detail, extras: err.extras };
  if (err.validation) return { status: 400, code: 'invalid_parameter', detail: validationDetail(err) };
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'invalid_parameter', detail: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, code: 'invalid_parameter', detail: 'Send the body as application/json.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'invalid_parameter', detail: 'The JSON body is empty.' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: 'invalid_parameter', detail: 'The body is not valid JSON.' };
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status: 400, code: 'invalid_parameter', detail: err.message || 'The request is malformed.' };
  }
  return null;
}

/** Seconds a client waits before retrying while the database is unreachable. */
const UNAVAILABLE_RETRY_SECONDS = 5;

export function registerErrorHandler(app: FastifyInstance, baseUrl: string): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof StoreUnavailableError) {
      // Nothing is wrong with the request and nothing half-done was kept: the same request works once the
      // database is back, so say when to try again rather than report a fault.
      request.log.warn({ reason: err.reason }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
      return sendProblem(baseUrl, request, reply, {
        status: 503,
        code: 'internal',
        detail: `The database is unavailable for the moment. Retry in ${UNAVAILABLE_RETRY_SECONDS} s.`,
      });
    }
    const problem = toProblem(err);
    if (err instanceof AppError && err.retryAfter !== null)
      reply.header('retry-after', String(err.retryAfter));
    if (problem) return sendProblem(baseUrl, request, reply, problem);
    request.log.error({ err }, 'unexpected fault');
    return sendProblem(baseUrl, request, reply, {
      status: 500,
      code: 'internal',
      detail: 'Something went wrong on our side. Retry later; quote the requestId if it persists.',
    });
  });
}
