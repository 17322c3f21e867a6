/**
 * Recorded vendor responses (test/fixtures/vendors, see the README there) replayed on 127.0.0.1, so the real
 * adapters read bodies the real APIs wrote. Each request gets the next recorded body, whatever its path; a
 * request past the last one is a 500 the adapter reports. Paths in `redirects` answer a 302 to their target
 * instead (Gemini's grounding redirect service), and every other GET a 404.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(new URL('../../fixtures/vendors/', import.meta.url));

/** A recorded body: `test/fixtures/vendors/<engine>/<name>.json`. */
export function recorded(engine: string, name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`${FIXTURES}${engine}/${name}.json`, 'utf8')) as Record<string, unknown>;
}

export interface ReplayRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface Replay {
  url: string;
  requests: ReplayRequest[];
  /** TCP connections accepted so far. */
  connectionCount(): number;
  close(): Promise<void>;
}

export async function startReplay(
  bodies: readonly unknown[],
  redirects: Readonly<Record<string, string>> = {},
): Promise<Replay> {
  const requests: ReplayRequest[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://replay').pathname;
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: req.method ?? 'GET',
        path,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      });
      const target = redirects[path];
      if (target !== undefined) {
        res.writeHead(302, { location: target, 'content-type': 'text/html' }).end('<h1>302 Moved</h1>');
      } else if (req.method === 'GET' && !path.endsWith('.json')) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('Not Found');
      } else if (next < bodies.length) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(bodies[next++]));
      } else {
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end('{"error":"no more recorded responses"}');
      }
    });
  });
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    connectionCount: () => connections,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
