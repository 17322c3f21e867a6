/**
 * A fake webhook receiver: an HTTPS server on 127.0.0.1 with the test certificate (certs/server.pem, signed by
 * the TEST-ONLY CA certs/ca.pem), a log of what arrived and a queue of scripted answers.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

export const TEST_CA_PATH = fileURLToPath(new URL('./certs/ca.pem', import.meta.url));
const SERVER_CERT_PATH = fileURLToPath(new URL('./certs/server.pem', import.meta.url));
const SERVER_KEY_PATH = fileURLToPath(new URL('./certs/server-key.pem', import.meta.url));

/** The test CA certificate (PEM), to pass as `ca` to a client. */
export function testCa(): string {
  return readFileSync(TEST_CA_PATH, 'utf8');
}

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  at: Date;
}

/** What the receiver does with the next request; without a scripted behaviour it answers 200. */
export type ReceiverBehaviour =
  | { status: number }
  | { slowMs: number; status?: number }
  | { redirect: string; status?: number }
  | { destroy: true };

export interface WebhookReceiver {
  /** `https://127.0.0.1:PORT` (no path; any path is accepted). */
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** What arrived at one path, each body parsed as the JSON event it is, beside its raw bytes and headers. */
  receivedAt(
    path: string,
  ): { event: ReturnType<typeof JSON.parse>; raw: Buffer; headers: ReceivedWebhook['headers'] }[];
  /** Queues the behaviour for the next request not yet answered (first in, first out). */
  respond(behaviour: ReceiverBehaviour): void;
  /** TCP connections accepted so far (including ones that never sent a request). */
  connectionCount(): number;
  /** Resolves once `count` requests have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface ReceiverOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Called with each request as it arrives, before it is answered. */
  onReceive?: (received: ReceivedWebhook) => void;
}

export async function startWebhookReceiver(opts: ReceiverOptions = {}): Promise<WebhookReceiver> {
  const host = opts.host ?? '127.0.0.1';
  const received: ReceivedWebhook[] = [];
  const queue: ReceiverBehaviour[] = [];
  const waiters = new Set<() => void>();
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();
  let connections = 0;

  const server: Server = createServer(
    { cert: readFileSync(SERVER_CERT_PATH), key: readFileSync(SERVER_KEY_PATH) },
    (req, res) => {
      const behaviour = queue.shift() ?? { status: 200 };
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const arrived: ReceivedWebhook = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: { ...req.headers },
          rawBody: Buffer.concat(chunks),
          at: new Date(),
        };
        received.push(arrived);
        opts.onReceive?.(arrived);
        for (const wake of waiters) wake();
        if ('destroy' in behaviour) {
          req.socket.destroy();
          return;
        }
        const answer = () => {
          if ('redirect' in behaviour) {
            res.writeHead(behaviour.status ?? 302, { location: behaviour.redirect }).end();
          } else {
            res.writeHead(behaviour.status ?? 200, { 'content-type': 'text/plain' }).end('ok');
          }
        };
        if ('slowMs' in behaviour) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            answer();
          }, behaviour.slowMs);
          timers.add(timer);
        } else {
          answer();
        }
      });
    },
  );
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A failed handshake (an untrusting client) is expected in tests; keep it off stderr.
  server.on('tlsClientError', () => undefined);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `https://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    received,
    receivedAt: (path) =>
      received
        .filter((r) => r.path === path)
        .map((r) => ({ event: JSON.parse(r.rawBody.toString('utf8')), raw: r.rawBody, headers: r.headers })),
    respond: (behaviour) => void queue.push(behaviour),
    connectionCount: () => connections,
    waitFor(count, timeoutMs = 5_000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`webhook receiver: ${received.length} of ${count} requests after ${timeoutMs} ms`),
          );
        }, timeoutMs);
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An https URL on 127.0.0.1 whose port has nothing listening (it was bound, then released). */
export async function refusedUrl(path = '/hook'): Promise<string> {
  const probe = createNetServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `https://127.0.0.1:${port}${path}`;
}
