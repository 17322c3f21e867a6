import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeEngines } from '../fakes/engines/index.ts';
import { startWebhookReceiver, TEST_CA_PATH } from '../fakes/webhook-receiver.ts';
import { accountWithKey, apiClient, type Call } from '../support/e2e.ts';
import { rawDb } from '../support/raw-db.ts';
import { startServer } from '../support/server-process.ts';
import { cpuMs } from './cpu.ts';

export interface WebhookFigures {
  events: number;
  deliveries: number;
  /** From the first run's end to the last receipt, while the runs go. */
  streamPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** A backlog of the same 5,000 deliveries, made due at once in a started service (null: not measured). */
  backlogPerSecond: number | null;
  /** The service's CPU per delivery while it drains the backlog (null: not measured): not inflated by a busy machine. */
  backlogCpuUsPerDelivery: number | null;
}

/** How long the slow endpoint takes to answer: just inside the contract's 10-second attempt. */
const SLOW_MS = 9_000;

/** Projects per account stay under the premium plan's 25; runs per project under the 24 a day. */
const PROJECTS = 50;
/** BENCH_WEBHOOK_RUNS shrinks it for a quick look. */
const RUNS_PER_PROJECT = Number(process.env.BENCH_WEBHOOK_RUNS ?? 20);
const WEBHOOKS_PER_PROJECT = 5;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function project(call: Call, i: number, receiverUrl: string, slowUrl: string | null): Promise<string> {
  const id = (
    await call('/projects', 'POST', { name: `Brand ${i}`, websiteUrl: `https://brand${i}.example` })
  ).body.id;
  await call(`/projects/${id}/prompts`, 'POST', { text: 'best tool?', engineIds: ['chatgpt'] });
  for (let w = 0; w < WEBHOOKS_PER_PROJECT; w += 1) {
    // With a slow endpoint, the first project's first webhook is it.
    const url = slowUrl && i === 0 && w === 0 ? `${slowUrl}/slow` : `${receiverUrl}/p${i}/w${w}`;
    const r = await call(`/projects/${id}/webhooks`, 'POST', { url });
    if (r.status !== 201) throw new Error(`webhook: ${JSON.stringify(r.body)}`);
  }
  return id;
}

/**
 * 1,000 runs (one answer each, from a fake engine that answers at once), each ending in a run.completed event to the
 * project's 5 webhooks on a local HTTPS receiver: 5,000 deliveries through a real `start` process. Latency is from the
 * run's completedAt to the receipt. `slowEndpoint`: one of the 250 webhooks answers every delivery after 9 s
 * (on a receiver of its own); the figures are the others' deliveries, and no backlog is measured.
 */
export async function measureWebhooks(slowEndpoint = false): Promise<WebhookFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'aw-bench-hooks-'));
  const fakes = await startFakeEngines();
  // The requests whose run event arrived, and the project loops waiting for one: woken by the receipt itself, as an
  // integrator's handler would be, so the bench's own process spends nothing polling beside its receiver.
  const ended = new Set<string>();
  const waiting = new Map<string, () => void>();
  const receiver = await startWebhookReceiver({
    onReceive: (r) => {
      const { requestId } = (JSON.parse(r.rawBody.toString('utf8')) as { data: { requestId: string } }).data;
      ended.add(requestId);
      waiting.get(requestId)?.();
    },
  });
  const slow = slowEndpoint ? await startWebhookReceiver() : null;
  for (let r = 0; slow && r < RUNS_PER_PROJECT; r += 1) slow.respond({ slowMs: SLOW_MS });
  const db = join(dir, 'hooks.db');
  const env = {
    ...fakes.env,
    ANSWERWATCH_WEBHOOK_ALLOW_PRIVATE: '1',
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    ANSWERWATCH_JUDGE: 'off',
    ANSWERWATCH_LOG_LEVEL: 'warn',
    ANSWERWATCH_RATE_LIMIT_PER_MINUTE: '100000000',
  };
  let server = await startServer(db, env);
  try {
    const calls: Call[] = [];
    for (let a = 0; a < PROJECTS / 25; a += 1) {
      calls.push(apiClient(() => server.baseUrl, (await accountWithKey(db)).key));
    }
    const projects = await Promise.all(
      Array.from({ length: PROJECTS }, (_, i) =>
        project(calls[Math.floor(i / 25)]!, i, receiver.url, slow?.url ?? null).then((id) => ({
          id,
          call: calls[Math.floor(i / 25)]!,
        })),
      ),
    );
    await Promise.all(
      projects.map(async ({ id, call }) => {
        for (let r = 0; r < RUNS_PER_PROJECT; r += 1) {
          const request = (await call(`/projects/${id}/run-requests`, 'POST')).body;
          // As an integrator would: the run's own event says it ended, so nothing polls the API.
          if (!ended.has(request.id)) await new Promise<void>((resolve) => waiting.set(request.id, resolve));
          waiting.delete(request.id);
        }
      }),
    );
    const deliveries = PROJECTS * RUNS_PER_PROJECT * WEBHOOKS_PER_PROJECT - (slow ? RUNS_PER_PROJECT : 0);
    await receiver.waitFor(deliveries, 120_000);
    const latencies = receiver.received
      .map(
        (r) =>
          r.at.getTime() -
          Date.parse(
            (JSON.parse(r.rawBody.toString('utf8')) as { data: { completedAt: string } }).data.completedAt,
          ),
      )
      .sort((a, b) => a - b);
    const ends = receiver.received.map((r) =>
      Date.parse(
        (JSON.parse(r.rawBody.toString('utf8')) as { data: { completedAt: string } }).data.completedAt,
      ),
    );
    const span = Math.max(...receiver.received.map((r) => r.at.getTime())) - Math.min(...ends);
    const figures = {
      events: PROJECTS * RUNS_PER_PROJECT,
      deliveries,
      streamPerSecond: deliveries / (span / 1000),
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
    };
    if (slow) return { ...figures, backlogPerSecond: null, backlogCpuUsPerDelivery: null };

    // The backlog: every delivery made pending again, the service started, then all of them made due at once. The
    // service's CPU is counted from that moment: what it spends starting (some of it after it listens) is not
    // delivering. It finds them at its next look (within a second), so the rate runs from the first receipt.
    await server.stop();
    const pending = async (nextAttemptAt: string) => {
      const raw = rawDb(db);
      await raw
        .updateTable('webhook_deliveries')
        .set({
          status: 'pending',
          attempt_count: 0,
          attempts: '[]',
          delivered_at: null,
          next_attempt_at: nextAttemptAt,
          lease_until: null,
        })
        .execute();
      await raw.destroy();
    };
    await pending('9999-12-31T00:00:00.000Z');
    const received = receiver.received.length;
    server = await startServer(db, env);
    const cpu0 = cpuMs([server.child.pid!]);
    await pending(new Date().toISOString());
    await receiver.waitFor(received + deliveries, 120_000);
    const cpuUs = ((cpuMs([server.child.pid!]) - cpu0) * 1000) / deliveries;
    const times = receiver.received.slice(received).map((r) => r.at.getTime());
    const backlogMs = Math.max(...times) - Math.min(...times);
    return { ...figures, backlogPerSecond: deliveries / (backlogMs / 1000), backlogCpuUsPerDelivery: cpuUs };
  } finally {
    await server.stop();
    await receiver.close();
    await slow?.close();
    await fakes.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
