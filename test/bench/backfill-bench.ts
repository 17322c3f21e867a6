import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { INSIGHT_TABLES } from '../support/insights.ts';

const exec = promisify(execFile);

export interface BackfillFigures {
  answers: number;
  seconds: number;
  answersPerSecond: number;
  /** Bytes in use (pages minus free pages) before and after. */
  bytesBefore: number;
  bytesAfter: number;
  peakMiB: number;
}

function bytesInUse(db: SQLite.Database): number {
  const pages = db.pragma('page_count', { simple: true }) as number;
  const free = db.pragma('freelist_count', { simple: true }) as number;
  return (pages - free) * (db.pragma('page_size', { simple: true }) as number);
}

/**
 * Migrations 0006 to 0008 on a copy of a benchmark database put back as it was before them: the insight tables
 * dropped and the migrations unrecorded, then the database opened by a process of its own, which migrates it and so builds the
 * insight summaries from every stored answer.
 */
export async function measureBackfill(source: string): Promise<BackfillFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'aw-bench-backfill-'));
  try {
    const copy = join(dir, 'backfill.db');
    copyFileSync(source, copy);
    const db = new SQLite(copy);
    for (const table of INSIGHT_TABLES) db.exec(`drop table ${table}`);
    db.exec('alter table webhooks drop column thresholds');
    db.prepare("delete from kysely_migration where name >= '0006' and name < '0010'").run();
    const answers = (db.prepare('select count(*) as n from answers').get() as { n: number }).n;
    const bytesBefore = bytesInUse(db);
    db.close();
    const { stdout } = await exec(process.execPath, ['--import', 'tsx', 'test/bench/migrate-once.ts', copy], {
      maxBuffer: 1 << 20,
    });
    const { seconds, peakMiB } = JSON.parse(stdout) as { seconds: number; peakMiB: number };
    const after = new SQLite(copy, { readonly: true });
    const bytesAfter = bytesInUse(after);
    after.close();
    return { answers, seconds, answersPerSecond: answers / seconds, bytesBefore, bytesAfter, peakMiB };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
