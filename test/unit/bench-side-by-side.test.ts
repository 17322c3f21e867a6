import { describe, expect, it } from 'vitest';
import { measure, measureSideBySide, type Client, type Side } from '../bench/measure.ts';

/**
 * Two services that cost the same, on a machine whose cost per request grows as it serves (as a shared machine
 * gets busier while the bench runs): each request costs 1 ms plus 1 ms per 100 requests served so far, by either.
 */
function machine() {
  let served = 0;
  const order: string[] = [];
  const service = (name: string): Side => {
    let cpu = 0;
    const client: Client = {
      request: (async () => {
        served += 1;
        cpu += 1 + served / 100;
        order.push(name);
        return { statusCode: 200, body: (async function* () {})() };
      }) as unknown as Client['request'],
    };
    return { client, paths: () => '/', headers: {}, concurrency: 1, cpu: [() => cpu] };
  };
  return { service, order };
}

describe('bench: reads measured side by side', () => {
  it('reads each service’s CPU per request over its own phases only, taken in alternating turns', async () => {
    const { service, order } = machine();
    const [a, b] = await measureSideBySide('read', [service('a'), service('b')], 100, 0, 4);
    // The latency phases (50 warm-up and 100 timed each), then turns of 25: a b, b a, a b, b a.
    const turns = order
      .slice(300)
      .join('')
      .match(/(a+|b+)/g)!;
    expect(turns.map((t) => `${t[0]}${t.length}`)).toEqual(['a25', 'b50', 'a50', 'b50', 'a25']);
    // Same code, same minutes: the same CPU per request within 2 %, where a store measured minutes after the other
    // (below) is charged for the machine's drift.
    expect(b!.cpuPerRequest[0]! / a!.cpuPerRequest[0]!).toBeGreaterThan(0.98);
    expect(b!.cpuPerRequest[0]! / a!.cpuPerRequest[0]!).toBeLessThan(1.02);
    expect(a!.cpuPerRequest[0]!).toBeGreaterThan(4);
  });

  it('one store after the other charges the later one with the drift', async () => {
    const { service } = machine();
    const [a, b] = [service('a'), service('b')];
    const first = await measure(a.client, 'read', a.paths, {}, 100, 1, a.cpu);
    const second = await measure(b.client, 'read', b.paths, {}, 100, 1, b.cpu);
    expect(second.cpuPerRequest[0]! / first.cpuPerRequest[0]!).toBeGreaterThan(1.5);
  });
});
