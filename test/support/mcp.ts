import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** fetch answered by `app.inject`: the SDK's own Streamable HTTP client against the app in-process. */
export function injectFetch(app: FastifyInstance) {
  return async (url: string | URL, init: RequestInit = {}): Promise<Response> => {
    const target = new URL(url);
    const r = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST' | 'DELETE',
      url: `${target.pathname}${target.search}`,
      headers: Object.fromEntries(new Headers(init.headers)),
      ...(typeof init.body === 'string' && { payload: init.body }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(r.headers)) {
      for (const v of [value ?? []].flat()) headers.append(name, String(v));
    }
    const empty = r.statusCode === 202 || r.statusCode === 204 || r.rawPayload.length === 0;
    return new Response(empty ? null : new Uint8Array(r.rawPayload), { status: r.statusCode, headers });
  };
}

/** The SDK's client over Streamable HTTP with a bearer key, at `url` or in-process through `app`. */
export function httpTransport(url: string, key: string, app?: FastifyInstance): Transport {
  return headerTransport(url, { authorization: `Bearer ${key}` }, app);
}

/** The SDK's client over Streamable HTTP sending `headers` on every request (a session cookie, an Origin). */
export function headerTransport(
  url: string,
  headers: Record<string, string>,
  app?: FastifyInstance,
): Transport {
  return new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers },
    ...(app && { fetch: injectFetch(app) }),
  });
}

export async function connect(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'answerwatch-tests', version: '1.0.0' });
  await client.connect(transport);
  // Caches each tool's output schema: every later callTool is checked against it by the SDK itself.
  await client.listTools();
  return client;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- results are read by the assertions that check them
export type Structured = any;

/** A successful call's structured content (and its text block, which must be the same JSON). */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Structured> {
  const r = await client.callTool({ name, arguments: args });
  expect(r.isError, `${name}: ${JSON.stringify(r.content)}`).toBeFalsy();
  const content = r.content as { type: string; text: string }[];
  expect(JSON.parse(content[0]!.text)).toEqual(r.structuredContent);
  return r.structuredContent;
}

/** A failed call's error member: `{code, status, detail, ...}`. */
export async function refusal(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Structured> {
  const r = await client.callTool({ name, arguments: args });
  expect(r.isError, `${name} should fail: ${JSON.stringify(r.structuredContent)}`).toBe(true);
  return (r.structuredContent as { error: Structured }).error;
}

/** Where in `value` a string containing `needle` occurs, as member paths. */
export function pathsContaining(value: unknown, needle: string, path: string[] = []): string[][] {
  if (typeof value === 'string') return value.includes(needle) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => pathsContaining(v, needle, [...path, String(i)]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => pathsContaining(v, needle, [...path, k]));
  }
  return [];
}

/** Engine text reaches the assistant only inside a `quoted` member, and does reach it there. */
export function expectOnlyQuoted(value: unknown, needle: string): void {
  const paths = pathsContaining(value, needle);
  expect(paths.length, `${needle} should be in the result`).toBeGreaterThan(0);
  for (const p of paths) expect(p, `found outside quoted at ${p.join('.')}`).toContain('quoted');
}
