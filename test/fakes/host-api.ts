/**
 * A fake of the service's host sync API (`/host/v1`, server/contract/host-sync.ts) on 127.0.0.1, with its state
 * in memory: pairing codes, device tokens, projects, host-mode run requests, runs and the answers stored by key.
 * Bodies are checked with the contract's schemas; errors are problem+json with a `code`, as the service sends.
 *
 *   const api = await startFakeHostApi();
 *   api.addPairCode('ABCDE-23456');
 *   api.addProject(project({ id: 'p1' }));
 *   const requestId = api.queueRequest('p1');
 *   await api.goOffline();   // connections refused until api.goOnline()
 *   api.failWith(503);       // every call answers 503 until api.failWith(null)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { z } from 'zod';
import type { HostProject } from '../../server/contract/host-sync.ts';
import { createFakeHostService, Problem, type FakeHostState } from './host-api-service.ts';

type Project = z.infer<typeof HostProject>;

/** Every request as it arrived: what the service would have seen. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeHostApi extends FakeHostState {
  readonly url: string;
  readonly seen: SeenRequest[];
  /** Stops listening and drops open connections: calls fail with ECONNREFUSED. */
  goOffline(): Promise<void>;
  goOnline(): Promise<void>;
  /** Every call answers this status (problem+json) until null. */
  failWith(status: number | null): void;
  /** Resolves once `predicate` holds, checked after every handled call (and now). */
  until(predicate: () => boolean): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeHostApi(): Promise<FakeHostApi> {
  const { state, route } = createFakeHostService();
  const seen: SeenRequest[] = [];
  let failStatus: number | null = null;
  let waiters: { predicate: () => boolean; resolve: () => void }[] = [];

  const notify = () => {
    waiters = waiters.filter((w) => (w.predicate() ? (w.resolve(), false) : true));
  };

  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0]!;
      seen.push({ method: req.method ?? 'GET', path, headers: { ...req.headers }, body: text });
      let status: number;
      let reply: unknown;
      let type = 'application/json';
      try {
        if (failStatus !== null)
          throw new Problem(failStatus, failStatus >= 500 ? 'internal' : 'rate_limited', 'failing');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          throw new Problem(400, 'invalid_parameter', 'The body is not JSON.');
        }
        [status, reply] = route(req.method ?? 'GET', path, body, req.headers.authorization);
      } catch (err) {
        const p = err instanceof Problem ? err : new Problem(500, 'internal', String(err));
        status = p.status;
        type = 'application/problem+json';
        reply = {
          type: `about:blank#${p.code}`,
          title: 'Error',
          status: p.status,
          detail: p.message,
          code: p.code,
        };
      }
      res.writeHead(status, { 'content-type': type });
      res.end(JSON.stringify(reply));
      notify();
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });

  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    ...state,
    goOffline: stopListening,
    goOnline: () => (server.listening ? Promise.resolve() : listen(port)),
    failWith(status) {
      failStatus = status;
    },
    until(predicate) {
      if (predicate()) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
    close: stopListening,
  };
}

/** A project as the service lists it to its host, with sensible defaults. */
export function hostProject(over: Partial<Project> & { id: string }): Project {
  return {
    name: `Project ${over.id}`,
    accessMode: 'managed',
    tracking: {
      engineIds: ['chatgpt-local-fetch'],
      cadence: 'daily',
      timeOfDay: '09:00',
      weeklyDay: 'monday',
      timezone: 'UTC',
      samplesPerPrompt: 1,
    },
    prompts: [],
    ...over,
  };
}
