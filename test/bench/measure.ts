import type { Dispatcher } from 'undici';

export interface Measurement {
  name: string;
  /** Latency at concurrency 1, in milliseconds. */
  p50: number;
  p99: number;
  /** Requests per second with `concurrency` requests in flight: what the service can serve. */
  throughput: number;
  bytes: number;
  /** CPU ms per request during the throughput phase, per measured group of processes (service, database). */
  cpuPerRequest: number[];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** What the measurement sends requests through: one connection pool, or several in turn. */
export type Client = Pick<Dispatcher, 'request'>;

async function once(
  client: Client,
  name: string,
  path: string,
  headers: Record<string, string>,
): Promise<number> {
  const res = await client.request({ method: 'GET', path, headers });
  if (res.statusCode !== 200) {
    throw new Error(`${name}: ${path} answered ${res.statusCode}: ${(await res.body.text()).slice(0, 300)}`);
  }
  // Bytes are counted, not decoded: turning a 300 KB body into a string is the client's work, not the service's.
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Buffer).length;
  return bytes;
}

/**
 * Latency: `count` requests one after another, after a warm-up. Throughput: `count` requests spread over
 * `concurrency` connections kept busy, the usual way to measure how much a service can serve, and more until
 * `minSeconds` have passed: the CPU per request is read over that phase, and a phase of a fraction of a second
 * charges a whole garbage collection or background job to whichever read it fell in. Every response must be 200: a
 * benchmark of errors is void.
 */
export async function measure(
  client: Client,
  name: string,
  paths: () => string,
  headers: Record<string, string>,
  count: number,
  concurrency: number,
  cpu: (() => number)[] = [],
  minSeconds = 0,
): Promise<Measurement> {
  for (let i = 0; i < Math.min(50, count); i++) await once(client, name, paths(), headers);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const t0 = process.hrtime.bigint();
    bytes += await once(client, name, paths(), headers);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  let sent = 0;
  const cpuBefore = cpu.map((read) => read());
  const started = process.hrtime.bigint();
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e9;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < count || elapsed() < minSeconds) {
        sent += 1;
        await once(client, name, paths(), headers);
      }
    }),
  );
  const seconds = elapsed();
  const cpuPerRequest = cpu.map((read, i) => (read() - cpuBefore[i]!) / sent);
  return {
    cpuPerRequest,
    name,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    throughput: sent / seconds,
    bytes: Math.round(bytes / count),
  };
}
