/** One node:http server on 127.0.0.1 speaking one vendor's wire format, with a request log and scripts. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Behaviour, ReceivedRequest, Reply, VendorContext, VendorFake } from './types.ts';

export interface VendorServer {
  url: string;
  requests: ReceivedRequest[];
  maxInFlight(): number;
  waitForRequests(count: number): Promise<void>;
  script(behaviour: Behaviour): void;
  reset(): void;
  close(): Promise<void>;
}

const COMMON: readonly Behaviour['kind'][] = [
  'rate-limit',
  'server-error',
  'unauthorized',
  'hang',
  'malformed',
  'raw',
];

const MESSAGES: Record<number, string> = {
  429: 'Rate limit reached, please retry later.',
  500: 'Internal server error.',
  502: 'Bad gateway.',
  503: 'The service is currently unavailable.',
  529: 'Overloaded',
};

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, reply: Reply): void {
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
  res.end(text);
}

/** The reply for a behaviour every vendor shares, in that vendor's shape; undefined for the vendor's own. */
function common(fake: VendorFake, behaviour: Behaviour | undefined): Reply | undefined {
  switch (behaviour?.kind) {
    case 'rate-limit': {
      const headers: Record<string, string> = {};
      if (behaviour.retryAfter !== undefined) headers['retry-after'] = behaviour.retryAfter;
      if (behaviour.retryAfterMs !== undefined) headers['retry-after-ms'] = behaviour.retryAfterMs;
      return { status: 429, headers, body: fake.errorBody(429, MESSAGES[429]!, behaviour) };
    }
    case 'server-error': {
      const status = behaviour.status ?? 500;
      return { status, body: fake.errorBody(status, MESSAGES[status] ?? 'Server error.', behaviour) };
    }
    case 'unauthorized':
      return fake.unauthorized();
    case 'malformed':
      return { status: 200, body: '{"id": "fake", "output": [{"type": "message", "content": [' };
    case 'raw':
      return behaviour.reply;
    default:
      return undefined;
  }
}

export async function startVendorServer(
  fake: VendorFake,
  ctx: VendorContext,
  latencyMs: number,
): Promise<VendorServer> {
  const requests: ReceivedRequest[] = [];
  const queue: Behaviour[] = [];
  let waiters: { count: number; resolve: () => void }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;

  const server = createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let counted = true;
    res.on('close', () => {
      if (counted) inFlight--;
      counted = false;
    });
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const received: ReceivedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: await readBody(req),
      };
      requests.push(received);
      waiters = waiters.filter((w) => (requests.length >= w.count ? (w.resolve(), false) : true));
      const refused = fake.gate(received, ctx);
      const behaviour = refused ? undefined : queue.shift();
      if (behaviour?.kind === 'hang') return;
      const reply = refused ?? common(fake, behaviour) ?? fake.reply(received, ctx, behaviour);
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      if (!res.destroyed) send(res, reply);
    })().catch((err: unknown) => {
      if (!res.headersSent) send(res, { status: 500, body: { error: `fake failed: ${String(err)}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    maxInFlight: () => maxInFlight,
    waitForRequests: (count) =>
      requests.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    script(behaviour) {
      if (!COMMON.includes(behaviour.kind) && !fake.behaviours.includes(behaviour.kind)) {
        throw new Error(`the ${fake.engineId} fake has no behaviour ${behaviour.kind}`);
      }
      queue.push(behaviour);
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
      maxInFlight = inFlight;
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
