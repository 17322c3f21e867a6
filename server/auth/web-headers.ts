import type { IncomingHttpHeaders } from 'node:http';

/** Node's request headers as the web-standard Headers the identity library reads (repeated headers kept). */
export function webHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, v);
  }
  return headers;
}
