import type { IncomingHttpHeaders } from 'node:http';
import { CLIENT_ADDRESS_HEADER } from './audit-hooks.ts';

/** Node's request headers as the web-standard Headers the identity library reads (repeated headers kept). */
export function webHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, v);
  }
  return headers;
}

/**
 * A request's headers for the identity library, with the request's own address in CLIENT_ADDRESS_HEADER (a
 * client's replaced): the address its limits and the audit log read, whether the request came to /auth or to a
 * page that calls the library for it.
 */
export function identityHeaders(request: { headers: IncomingHttpHeaders; ip: string }): Headers {
  const headers = webHeaders(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, request.ip);
  return headers;
}
