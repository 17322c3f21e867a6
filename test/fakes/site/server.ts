/**
 * A fake brand site for the crawl tests: an HTTPS server on 127.0.0.1 with the test certificate (../certs, valid
 * for `hooks.test`, which the tests resolve to 127.0.0.1), serving the pages of ./pages.ts, a log of every request
 * and a hook called as each one arrives.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

const CERT = fileURLToPath(new URL('../certs/server.pem', import.meta.url));
const KEY = fileURLToPath(new URL('../certs/server-key.pem', import.meta.url));
/** The test certificate's name for the site (resolved to 127.0.0.1 by the tests' resolver). */
export const SITE_HOST = 'hooks.test';
export const toLoopback = async (): Promise<string[]> => ['127.0.0.1'];

export interface SiteRequest {
  path: string;
  userAgent: string;
}

/** One path's answer; `origin` is the site's https://hooks.test:PORT. */
export type Route = (origin: string, res: ServerResponse) => void;

export interface FakeSite {
  origin: string;
  port: number;
  requests: SiteRequest[];
  /** How often each path was asked. */
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startFakeSite(
  routes: Record<string, Route>,
  onRequest?: (request: SiteRequest) => void,
  /** The name in its URLs; `localhost` (also on the certificate) for a process that resolves names itself. */
  host = SITE_HOST,
): Promise<FakeSite> {
  const requests: SiteRequest[] = [];
  const sockets = new Set<Socket>();
  let origin = '';
  const server: Server = createServer({ cert: readFileSync(CERT), key: readFileSync(KEY) }, (req, res) => {
    const request = { path: req.url ?? '', userAgent: req.headers['user-agent'] ?? '' };
    requests.push(request);
    onRequest?.(request);
    const route = routes[request.path];
    if (route) route(origin, res);
    else
      res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title><h1>Not found</h1>');
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `https://${host}:${port}`;
  return {
    origin,
    port,
    requests,
    hits: (path) => requests.filter((r) => r.path === path).length,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
