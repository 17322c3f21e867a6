import type { Client } from 'undici';

export interface Measurement {
  name: string;
  requests: number;
  p50: number;
  p99: number;
  /** Requests per second at concurrency 1. */
  throughput: number;
  bytes: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * Sends `count` requests one after another over one keep-alive connection, after a warm-up, and reports
 * latency percentiles in milliseconds and throughput. Every response must be 200: a benchmark of errors is void.
 */
export async function measure(
  client: Client,
  name: string,
  paths: () => string,
  headers: Record<string, string>,
  count: number,
): Promise<Measurement> {
  const once = async () => {
    const path = paths();
    const res = await client.request({ method: 'GET', path, headers });
    const body = await res.body.text();
    if (res.statusCode !== 200)
      throw new Error(`${name}: ${path} answered ${res.statusCode}: ${body.slice(0, 300)}`);
    return body.length;
  };
  for (let i = 0; i < Math.min(50, count); i++) await once();
  const times: number[] = [];
  let bytes = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const t0 = process.hrtime.bigint();
    bytes += await once();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  times.sort((a, b) => a - b);
  return {
    name,
    requests: count,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    throughput: count / seconds,
    bytes: Math.round(bytes / count),
  };
}
