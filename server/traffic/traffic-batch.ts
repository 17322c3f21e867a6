import { createHash } from 'node:crypto';
import { TRAFFIC_BATCH_LINES } from '../contract/operations/traffic.ts';
import { readableProject } from '../domain/access.ts';
import type { Caller, Services } from '../domain/context.ts';
import { invalid } from '../domain/errors.ts';
import { importTraffic } from './import-traffic.ts';

/**
 * The lines of a shipper's batch: NDJSON as sent, or the objects of a JSON array (Logstash's `json_batch`, Fluent
 * Bit's `json`) each as a line, so line numbers mean the same either way (the array's Nth object is line N).
 */
function linesOf(body: string, json: boolean): string[] {
  if (!json || !body.trimStart().startsWith('[')) return body.split(/\r?\n/);
  let items: unknown;
  try {
    items = JSON.parse(body);
  } catch (err) {
    throw invalid(`body: not a JSON array: ${(err as Error).message}`);
  }
  return (items as unknown[]).map((item) => JSON.stringify(item));
}

/**
 * Counts a batch of access-log lines into the project's rollups (through the same pipeline as a file import).
 * The batch is known by a hash of its body, so a shipper's retry of a batch that was stored is answered with its
 * lines as alreadyStored. A `crawler.blocked` event it queues is sent at once.
 */
export async function storeTrafficBatch(
  s: Services,
  caller: Caller,
  projectId: string,
  body: string,
  json: boolean,
) {
  await readableProject(s, caller, projectId);
  const lines = linesOf(body, json);
  if (lines.at(-1) === '') lines.pop();
  if (lines.length > TRAFFIC_BATCH_LINES)
    throw invalid(
      `body: ${lines.length} lines; a batch holds at most ${TRAFFIC_BATCH_LINES.toLocaleString('en-US')}`,
    );
  const key = `batch:${createHash('sha256').update(body).digest('hex')}`;
  const r = await importTraffic(s.store, s.clock, projectId, lines, {
    identity: { key },
    baseUrl: s.baseUrl,
    onQueued: () => s.signals.runEnded(),
  });
  return {
    accepted: r.accepted,
    ignored: r.ignored,
    alreadyStored: r.alreadyStored,
    refused: { count: r.invalidCount, lines: r.invalid },
    purposes: r.purposes,
    spoofed: r.spoofed,
    referrals: r.referrals,
  };
}
