import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, storeUnavailable } from '../domain/errors.ts';
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
  // A path parameter names a resource: one that breaks its rule names none that could exist, which the contract
  // answers as it answers any other missing resource (404), so only queries, bodies and headers are 400.
  if (err.validation && err.validationContext === 'params')
    return {
      status: 404,
      code: 'not_found',
      detail: `Nothing exists at this path: ${validationDetail(err)}.`,
    };
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

export function registerErrorHandler(app: FastifyInstance, baseUrl: string): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    let err = thrown;
    if (err instanceof StoreUnavailableError) {
      request.log.warn({ reason: err.reason }, 'database unavailable');
      err = storeUnavailable();
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
