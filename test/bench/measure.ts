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

/** What one store's service is asked in a side-by-side measurement (measureSideBySide). */
export interface Side {
  client: Client;
  paths: () => string;
  headers: Record<string, string>;
  concurrency: number;
  /** CPU ms so far of each measured group of processes (service, database). */
  cpu: (() => number)[];
}

/** Warm-up, then `count` requests one after another: their latency. */
async function latency(side: Side, name: string, count: number) {
  const { client, paths, headers } = side;
  for (let i = 0; i < Math.min(50, count); i++) await once(client, name, paths(), headers);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const t0 = process.hrtime.bigint();
    bytes += await once(client, name, paths(), headers);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), bytes: Math.round(bytes / count) };
}

/** What throughput phases added up to: requests, seconds, and CPU ms of each measured group. */
interface Served {
  sent: number;
  seconds: number;
  cpuMs: number[];
}

/** At least `count` requests kept `concurrency` in flight, and more until `minSeconds` have passed. */
async function serve(side: Side, name: string, count: number, minSeconds: number, into: Served) {
  const { client, paths, headers, cpu } = side;
  let sent = 0;
  const cpuBefore = cpu.map((read) => read());
  const started = process.hrtime.bigint();
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e9;
  await Promise.all(
    Array.from({ length: side.concurrency }, async () => {
      while (sent < count || elapsed() < minSeconds) {
        sent += 1;
        await once(client, name, paths(), headers);
      }
    }),
  );
  into.seconds += elapsed();
  into.sent += sent;
  cpu.forEach((read, i) => (into.cpuMs[i] = (into.cpuMs[i] ?? 0) + read() - cpuBefore[i]!));
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
  const [m] = await measureSideBySide(
    name,
    [{ client, paths, headers, concurrency, cpu }],
    count,
    minSeconds,
    1,
  );
  return m!;
}

/**
 * One read on several services (SQLite's and PostgreSQL's) compared: the latency of each in turn, then their
 * throughput phases taken in turns, `rounds` phases each of at least `count / rounds` requests and
 * `minSeconds / rounds`, the order reversed every round. What a request costs in CPU is read over each service's
 * own phases and summed, so both are measured in the same minutes: a build starting elsewhere on a shared machine,
 * the database's checkpoint or a cold first phase falls on both instead of on whichever store ran then. Measured
 * one store after the other, minutes apart, the same code's ratio of the two moved from 0.85 to 1.64 between runs.
 */
export async function measureSideBySide(
  name: string,
  sides: readonly Side[],
  count: number,
  minSeconds: number,
  rounds: number,
): Promise<Measurement[]> {
  const latencies: Awaited<ReturnType<typeof latency>>[] = [];
  for (const side of sides) latencies.push(await latency(side, name, count));
  const served: Served[] = sides.map(() => ({ sent: 0, seconds: 0, cpuMs: [] }));
  for (let round = 0; round < rounds; round++) {
    const order = sides.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order)
      await serve(sides[i]!, name, Math.ceil(count / rounds), minSeconds / rounds, served[i]!);
  }
  return sides.map((side, i) => ({
    name,
    ...latencies[i]!,
    throughput: served[i]!.sent / served[i]!.seconds,
    cpuPerRequest: side.cpu.map((_, g) => served[i]!.cpuMs[g]! / served[i]!.sent),
  }));
}
