import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../domain/clock.ts';
import { storeUnavailable } from '../domain/errors.ts';
import { StoreUnavailableError } from '../store/errors.ts';
import { problemBody, PROBLEM_TYPE, sendProblem, type ProblemInput } from './problem.ts';
import { rateLimited, rateLimitHeader, type RateLimiter } from './rate-limit.ts';

/**
 * Requests refused before they reach any route: a path the router cannot decode or whose parameter is longer than
 * it takes, bytes Node's HTTP parser refuses, an `Expect` the server cannot meet, an HTTP/1.1 request without
 * `Host`. They get what every other refusal gets (problem+json, `X-Request-Id`, `RateLimit`), and count against
 * the caller's address as requests to unknown paths do, since no key has been read: past the limit they are 429.
 */
export interface RefusalDeps {
  baseUrl: string;
  limiter: RateLimiter;
  clock: Clock;
  newRequestId: () => string;
}

/** Problems of a request that never became one: the status says which layer refused it. */
function parserProblem(err: NodeJS.ErrnoException & { reason?: string }): ProblemInput {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: 'invalid_parameter',
        detail: 'The URL and headers together exceed 16 KB; send a shorter URL or fewer headers.',
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return {
        status: 413,
        code: 'invalid_parameter',
        detail: 'The chunk extensions of the body are too large.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'invalid_parameter', detail: 'The request did not arrive in time.' };
    default:
      return {
        status: 400,
        code: 'invalid_parameter',
        detail: `The request is not valid HTTP/1.1: ${err.reason ?? err.message}.`,
      };
  }
}

/** A path with a malformed percent-encoding, or a parameter longer than any id, names nothing that could exist. */
function routerProblem(err: FastifyError): ProblemInput {
  if (err.code === 'FST_ERR_BAD_URL') {
    return {
      status: 404,
      code: 'not_found',
      detail: 'The path is not valid percent-encoded UTF-8, so it names no resource.',
    };
  }
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return {
      status: 404,
      code: 'not_found',
      detail: 'A path segment is longer than any id, so it names no resource.',
    };
  }
  return { status: 500, code: 'internal', detail: 'Something went wrong on our side. Retry later.' };
}

export function createRefusals(deps: RefusalDeps) {
  /**
   * Charges the address; a spent budget turns any refusal into 429, as it does for every other request. Counts
   * that live in a database that cannot be reached make it 503, as every other request is then.
   */
  async function charge(
    ip: string | undefined,
    problem: ProblemInput,
  ): Promise<{ headers: Record<string, string>; problem: ProblemInput }> {
    let rate;
    try {
      rate = await deps.limiter.consume(`ip:${ip ?? 'unknown'}`, deps.clock.now().getTime());
    } catch (err) {
      if (!(err instanceof StoreUnavailableError)) throw err;
      const down = storeUnavailable();
      return {
        headers: { 'retry-after': String(down.retryAfter) },
        problem: { status: down.status, code: down.code, detail: down.detail },
      };
    }
    const headers: Record<string, string> = { ratelimit: rateLimitHeader(rate) };
    if (rate.allowed) return { headers, problem };
    const limited = rateLimited(rate);
    headers['retry-after'] = String(limited.retryAfter);
    return { headers, problem: { status: limited.status, code: limited.code, detail: limited.detail } };
  }

  /** Inside Fastify, where a request and a reply exist but the route's hooks did not run. */
  async function refuse(request: FastifyRequest, reply: FastifyReply, problem: ProblemInput) {
    const charged = await charge(request.ip, problem);
    return sendProblem(deps.baseUrl, request, reply.headers(charged.headers), charged.problem);
  }

  /** Outside Fastify: the status line, the headers and the body, for a connection that is closed afterwards. */
  async function raw(ip: string | undefined, problem: ProblemInput) {
    const requestId = deps.newRequestId();
    const charged = await charge(ip, problem);
    const body = JSON.stringify(problemBody(deps.baseUrl, charged.problem, requestId));
    const headers = {
      'content-type': PROBLEM_TYPE,
      'content-length': String(Buffer.byteLength(body)),
      'x-request-id': requestId,
      ...charged.headers,
      date: new Date().toUTCString(),
      connection: 'close',
    };
    return { status: charged.problem.status, headers, body, requestId };
  }

  return {
    /** Fastify's `frameworkErrors`: the router could not decode the path or a parameter is over its length. */
    frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
      refuse(request, reply, routerProblem(err)).catch((fault: unknown) => {
        request.log.error({ err: fault }, 'refusing a request failed');
        reply.code(500).send();
      });
    },

    /** HTTP/1.1 requires Host (RFC 9112 §3.2); Node's own check would answer an empty 400, so the app checks. */
    async requireHost(request: FastifyRequest, reply: FastifyReply) {
      if (request.raw.httpVersion !== '1.1' || request.headers.host !== undefined) return;
      return refuse(request, reply, {
        status: 400,
        code: 'invalid_parameter',
        detail: 'HTTP/1.1 requests must carry a Host header.',
      });
    },

    /** Node's `checkExpectation`: any `Expect` but `100-continue`, which Node would answer with a bare 417. */
    checkExpectation(req: IncomingMessage, res: ServerResponse): void {
      raw(req.socket.remoteAddress, {
        status: 417,
        code: 'invalid_parameter',
        detail: 'The only expectation this service meets is `Expect: 100-continue`.',
      }).then(
        (r) => res.writeHead(r.status, r.headers).end(r.body),
        (fault: unknown) => res.destroy(fault as Error),
      );
    },

    /**
     * Fastify's `clientErrorHandler`, on Node's `clientError`: bytes the HTTP parser refused (or a request that did
     * not arrive in time). No request exists, so the whole HTTP/1.1 response is written to the socket here.
     */
    clientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      // As Node itself does: never write into the middle of a response already under way on this connection.
      const writable = () => {
        const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
        return socket.writable && !socket.destroyed && !inFlight?.headersSent;
      };
      if (!writable()) {
        socket.destroy();
        return;
      }
      const log = this.log;
      raw(socket.remoteAddress, parserProblem(err)).then(
        (r) => {
          // Counting may have taken a round trip to the database: the client may have gone meanwhile.
          if (!writable()) {
            socket.destroy();
            return;
          }
          log.info({ requestId: r.requestId, code: err.code, status: r.status }, 'malformed request refused');
          const head = [`HTTP/1.1 ${r.status} ${STATUS_CODES[r.status] ?? ''}`];
          for (const [name, value] of Object.entries(r.headers)) head.push(`${name}: ${value}`);
          // Half-close after the response and let the parser swallow what the client still sends: closing at
          // once with unread bytes would reset the connection, and the client could lose the response.
          socket.end(`${head.join('\r\n')}\r\n\r\n${r.body}`);
          const linger = setTimeout(() => socket.destroy(), 2_000).unref();
          socket.once('close', () => clearTimeout(linger));
        },
        (fault: unknown) => {
          log.error({ err: fault }, 'refusing a malformed request failed');
          socket.destroy();
        },
      );
    },
  };
}
