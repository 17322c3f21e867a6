import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlerBlockedEvent } from '../../server/contract/traffic-events.ts';
import { openDatabase, type Db } from '../../server/domain/database.ts';
import { newWebhookSecret } from '../../server/domain/webhook-signature.ts';
import { createStore } from '../../server/store/index.ts';
import { e2eEngines, serviceDatabase, type ServiceDatabase } from '../support/e2e-db.ts';
import { cli, cliWithEnv } from '../support/e2e.ts';
import { testSecrets } from '../support/mail.ts';
import { shippedAddress } from '../support/shipped-ranges.ts';

const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const PUBLIC = 'https://watch.acme.example';

/** A combined line at 2026-11-20 `hh`:00 from GPTBot's published range. */
const line = (hour: string, path: string, status: number) =>
  `${shippedAddress('openai-gptbot', 10)} - - [20/Nov/2026:${hour}:00:00 +0000] "GET ${path} HTTP/1.1" ${status} 512 "-" "${GPTBOT}"`;

/**
 * `answerwatch traffic import` raises crawler.blocked in the transaction that stores the file's lines: the outbox
 * holds one delivery, to the webhook subscribed to it, when GPTBot, which got /pricing in one file, is refused it in
 * the next; the links point at the service's public address.
 */
describe.each(e2eEngines())('traffic import queues crawler.blocked (%s)', (engine) => {
  let dir: string;
  let database: ServiceDatabase;
  let db: Db;
  let projectId: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-traffic-blocked-'));
    database = await serviceDatabase(engine);
    const account = await cli('accounts', 'create', '--plan', 'premium', '--db', database.location);
    projectId = (
      await cli(
        'demo',
        'seed',
        '--account',
        account.id,
        '--answers',
        '0',
        '--days',
        '1',
        '--db',
        database.location,
      )
    ).projectId;
    db = await openDatabase(database.location);
    // Two webhooks, one subscribed: the outbox shows what the import queued (no service runs to deliver it).
    const store = createStore(db);
    for (const [id, events] of [
      ['whkBlocked', ['crawler.blocked']],
      ['whkRuns', ['run.completed', 'run.failed']],
    ] as const) {
      await store.webhooks.create({
        id,
        projectId,
        url: `https://hooks.acme.example/${id}`,
        events: JSON.stringify(events),
        description: null,
        thresholds: null,
        secretSealed: testSecrets().seal(newWebhookSecret()),
        createdAt: new Date().toISOString(),
      });
    }
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const importFile = (name: string, lines: string[]) => {
    const file = join(dir, name);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return cliWithEnv(
      { ANSWERWATCH_PUBLIC_URL: PUBLIC },
      'traffic',
      'import',
      '--project',
      projectId,
      file,
      '--db',
      database.location,
    );
  };
  const blocked = () =>
    db
      .selectFrom('webhook_deliveries')
      .select(['payload', 'run_id', 'webhook_id'])
      .where('event', '=', 'crawler.blocked')
      .execute();

  it('queues one event when GPTBot, having got /pricing, gets 403 on it', async () => {
    await importFile('monday.log', [line('08', '/pricing', 200), line('09', '/about', 404)]);
    expect(await blocked()).toEqual([]);
    const second = await importFile('tuesday.log', [
      line('10', '/pricing', 403),
      line('11', '/pricing', 403),
      line('11', '/about', 404),
    ]);
    expect(second.accepted).toBe(3);
    const rows = await blocked();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ webhook_id: 'whkBlocked', run_id: null });
    expect(CrawlerBlockedEvent.parse(JSON.parse(rows[0]!.payload)).data).toEqual({
      projectId,
      agent: 'GPTBot',
      operator: 'OpenAI',
      purpose: 'training',
      verification: 'verified',
      page: '/pricing',
      previous: { statusClass: '2xx', at: '2026-11-20T08:00:00.000Z' },
      current: { statusClass: '4xx', at: '2026-11-20T10:00:00.000Z' },
      links: {
        unreachable: `${PUBLIC}/v1/projects/${projectId}/stats/pages?problem=unreachable`,
        crawlers: `${PUBLIC}/v1/projects/${projectId}/stats/crawlers`,
      },
    });
  });
});
