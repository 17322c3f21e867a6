import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/domain/database.ts';
import { variedLines } from '../support/answers.ts';
import { e2eEngines, serviceDatabase, type ServiceDatabase } from '../support/e2e-db.ts';
import { cli, runCli, until } from '../support/e2e.ts';

const LINES = 40_000;
/** Rows per transaction of the import (BATCH_ROWS in server/domain/import-answers.ts). */
const BATCH = 5_000;

/**
 * `answers import` killed with SIGKILL in the middle of a file, then run again on the same file: every answer
 * is stored once, none is lost, and the summaries count each once. Each batch commits with its summaries, and
 * answers are known again by their ids, so the second run stores exactly what the first did not.
 */
describe.each(e2eEngines())('an import killed mid-file and run again (%s)', (engine) => {
  let dir: string;
  let database: ServiceDatabase;
  let db: Db;
  let file: string;
  let projectId: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'aw-import-kill-'));
    database = await serviceDatabase(engine, { durable: true });
    const account = await cli('accounts', 'create', '--plan', 'premium', '--db', database.location);
    projectId = // One day: the demo's prompts without answers or runs (a week of runs needs more days).
      (
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
    file = join(dir, 'answers.ndjson');
    const lines = variedLines(LINES, '2026-06-15', 60).map((l) => JSON.stringify(l));
    // A bad line near the end, which the second run reports by its number as the first would have.
    lines.splice(LINES - 10, 0, '{"promptText": oops}');
    writeFileSync(file, `${lines.join('\n')}\n`);
    db = await openDatabase(database.location);
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = async () =>
    Number((await db.selectFrom('answers').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('stores every answer once after a kill -9 and a second run', async () => {
    const args = ['server/cli/bin.js', 'answers', 'import', '--project', projectId, file];
    const first = spawn(process.execPath, [...args, '--db', database.location, '--workers', '2'], {
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => first.once('exit', resolve));
    // Killed once at least one batch has committed, while the import is still running.
    const before = await until('a committed batch', count, (n) => n >= BATCH || first.exitCode !== null);
    first.kill('SIGKILL');
    await exited;
    expect(first.signalCode).toBe('SIGKILL');
    const survived = await count();
    expect(before).toBeGreaterThanOrEqual(BATCH);
    // Batches commit whole: what survived is a number of whole batches, short of the whole file.
    expect(survived % BATCH).toBe(0);
    expect(survived).toBeLessThan(LINES);

    const again = await runCli('answers', 'import', '--project', projectId, file, '--db', database.location);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain(
      `Imported ${LINES - survived} answers; ${survived} already stored; 1 invalid lines.`,
    );
    expect(again.stdout).toContain(`line ${LINES - 9}: not valid JSON`);
    // stderr is a pipe here, not a terminal: the progress comes as plain lines with the rate and the time left.
    expect(again.stderr).toMatch(/\] +\d+% [\d,]+ answers {2}[\d,]+ answers\/s {2}[\d:-]+ left/);

    expect(await count()).toBe(LINES);
    const daily = await db
      .selectFrom('daily_summaries')
      .select((eb) => [eb.fn.sum<number>('answers').as('answers'), eb.fn.sum<number>('mentioned').as('m')])
      .where('project_id', '=', projectId)
      .where('topic_id', '=', '*')
      .executeTakeFirstOrThrow();
    const answers = await db
      .selectFrom('answers')
      .select((eb) => eb.fn.sum<number>('mentioned').as('m'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(Number(daily.answers)).toBe(LINES);
    expect(Number(daily.m)).toBe(Number(answers.m));
  }, 300_000);
});
