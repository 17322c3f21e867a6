import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/domain/database.ts';
import { e2eEngines, serviceDatabase, type ServiceDatabase } from '../support/e2e-db.ts';
import { cli, runCli, until } from '../support/e2e.ts';
import { shippedAddress } from '../support/shipped-ranges.ts';

const LINES = 400_000;
/** Lines per transaction of the traffic import (BATCH_LINES in server/traffic/import-traffic.ts). */
const BATCH = 50_000;
const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Every third line a verified GPTBot, every third a person from ChatGPT, the rest people from elsewhere. */
function logLine(i: number): string {
  const minute = String(i % 60).padStart(2, '0');
  const hour = String(Math.floor(i / 20_000) % 24).padStart(2, '0');
  const [ip, ua, referer] =
    i % 3 === 0
      ? [shippedAddress('openai-gptbot', i % 250), GPTBOT, '-']
      : i % 3 === 1
        ? [`192.0.2.${i % 250}`, CHROME, 'https://chatgpt.com/']
        : [`198.51.100.${i % 250}`, CHROME, 'https://www.google.com/'];
  return `${ip} - - [20/Nov/2026:${hour}:${minute}:00 +0000] "GET /p${i % 700} HTTP/1.1" 200 512 "${referer}" "${ua}"`;
}

/**
 * `traffic import` killed with SIGKILL in the middle of a file, then run again on the same file: each batch's
 * rollups commit with how far the file got, so the second run skips exactly what was stored and counts the rest;
 * every hit is counted once.
 */
describe.each(e2eEngines())('a traffic import killed mid-file and run again (%s)', (engine) => {
  let dir: string;
  let database: ServiceDatabase;
  let db: Db;
  let file: string;
  let projectId: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-traffic-kill-'));
    database = await serviceDatabase(engine, { durable: true });
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
    file = join(dir, 'access.log');
    writeFileSync(file, `${Array.from({ length: LINES }, (_, i) => logLine(i)).join('\n')}\n`);
    db = await openDatabase(database.location);
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const linesDone = async () =>
    Number((await db.selectFrom('traffic_imports').select('lines_done').executeTakeFirst())?.lines_done ?? 0);
  const sum = async (table: 'traffic_days' | 'traffic_hours') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.sum<number>('hits').as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const visits = async () =>
    Number(
      (
        await db
          .selectFrom('traffic_referral_days')
          .select((eb) => eb.fn.sum<number>('visits').as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );

  it('counts every hit once after a kill -9 and a second run', async () => {
    const first = spawn(
      process.execPath,
      ['server/cli/bin.js', 'traffic', 'import', '--project', projectId, file, '--db', database.location],
      { stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => first.once('exit', resolve));
    await until('a committed batch', linesDone, (n) => n >= BATCH || first.exitCode !== null);
    first.kill('SIGKILL');
    await exited;
    expect(first.signalCode).toBe('SIGKILL');
    const survived = await linesDone();
    // Batches commit whole, with the rollups of exactly their lines.
    expect(survived % BATCH).toBe(0);
    expect(survived).toBeLessThan(LINES);
    expect(await sum('traffic_days')).toBe(Math.ceil(survived / 3));

    const again = await runCli('traffic', 'import', '--project', projectId, file, '--db', database.location);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(
      `${(LINES - survived).toLocaleString('en-US')} hits counted; ${survived.toLocaleString('en-US')} lines already stored`,
    );
    // stderr is a pipe here: the progress comes as plain lines with the rate and the time left.
    expect(again.stderr).toMatch(/\] +\d+% [\d,]+ lines {2}[\d,]+ lines\/s {2}[\d:-]+ left/);

    expect(await linesDone()).toBe(LINES);
    expect(await sum('traffic_days')).toBe(Math.ceil(LINES / 3));
    expect(await sum('traffic_hours')).toBe(Math.ceil(LINES / 3));
    expect(await visits()).toBe(Math.floor((LINES + 1) / 3));

    const third = await runCli('traffic', 'import', '--project', projectId, file, '--db', database.location);
    expect(third.stdout).toContain(`0 hits counted; ${LINES.toLocaleString('en-US')} lines already stored`);
    expect(await sum('traffic_days')).toBe(Math.ceil(LINES / 3));
  }, 300_000);
});
