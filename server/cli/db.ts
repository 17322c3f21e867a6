import { existsSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { fail, print } from './output.ts';

interface MigrateOptions {
  db?: string;
  json?: boolean;
}

interface CopyOptions {
  from: string;
  to: string;
  batch?: string;
  json?: boolean;
}

async function migrate(opts: MigrateOptions): Promise<void> {
  const { loadConfig } = await import('../config.ts');
  const { openDatabase } = await import('../domain/database.ts');
  const { appliedMigrations } = await import('../store/migrate.ts');
  const { redactLocation } = await import('../store/location.ts');
  const { StoreOpenError } = await import('../store/errors.ts');
  const config = loadConfig(process.env, opts.db ? { database: opts.db } : {});
  const db = await openDatabase(config.database, { poolSize: 1 }).catch((err: unknown) =>
    err instanceof StoreOpenError ? fail(err.message) : Promise.reject(err),
  );
  try {
    const applied = await appliedMigrations(db);
    const where = redactLocation(config.database);
    print(
      opts,
      { database: where, migrations: applied },
      () =>
        `Database ${where} is up to date: ${applied.length} migrations, the last ${applied.at(-1) ?? 'none'}.`,
    );
  } finally {
    await db.destroy();
  }
}

async function copy(opts: CopyOptions): Promise<void> {
  const { isPostgresUrl, redactLocation } = await import('../store/location.ts');
  if (isPostgresUrl(opts.from)) fail('--from is the SQLite database file to copy');
  if (!existsSync(opts.from) || !statSync(opts.from).isFile()) fail(`cannot read ${opts.from}: no such file`);
  if (!isPostgresUrl(opts.to)) fail('--to is the postgres:// URL of the database to copy into');
  const batch = opts.batch === undefined ? undefined : Number(opts.batch);
  if (batch !== undefined && (!Number.isInteger(batch) || batch < 1))
    fail('--batch must be a whole number of 1 or more');
  const { openDatabase } = await import('../domain/database.ts');
  const { StoreOpenError } = await import('../store/errors.ts');
  const { copyDatabase, CopyRefused, finishCopy } = await import('../store/copy.ts');
  const { verifyCopy } = await import('../store/copy-verify.ts');
  const { sealingKeyOf } = await import('./db-secrets.ts');
  const { progressBar } = await import('./progress.ts');
  const key = sealingKeyOf(opts.from);
  const to = redactLocation(opts.to);
  const open = (location: string) =>
    openDatabase(location, { poolSize: 2 }).catch((err: unknown) =>
      err instanceof StoreOpenError ? fail(err.message) : Promise.reject(err),
    );
  const source = await open(opts.from);
  const target = await open(opts.to);
  try {
    if (!opts.json) process.stderr.write(`Copying ${opts.from} to ${to}\n`);
    const bar = opts.json ? null : progressBar();
    const tables = await copyDatabase(source, target, {
      batch,
      onProgress: (p) => bar?.update({ done: p.copied, total: p.total, label: p.table }),
    }).catch((err: unknown) => (err instanceof CopyRefused ? fail(err.message) : Promise.reject(err)));
    bar?.end();
    const checks = await verifyCopy(source, target, tables);
    const secrets = await key.check(source);
    const failed = checks.filter((c) => c.differences.length > 0);
    if (failed.length === 0) await finishCopy(target);
    print(opts, { from: opts.from, to, tables: checks, secrets, key: key.advice }, () =>
      [
        'Compared (rows in source = rows copied; rows sampled across each table, every column):',
        ...checks.map(
          (c) =>
            `  ${c.table.padEnd(20)} ${c.sourceRows.toLocaleString('en-US').padStart(12)} = ${c.targetRows
              .toLocaleString('en-US')
              .padStart(12)}  ${String(c.sampled).padStart(3)} sampled  ${
              c.differences.length === 0 ? 'identical' : c.differences.join('; ')
            }`,
        ),
        secrets.summary,
        key.advice,
      ].join('\n'),
    );
    if (failed.length > 0) {
      fail(`the copy differs from the source in ${failed.map((c) => c.table).join(', ')}; run db copy again`);
    }
    if (!secrets.ok) process.exitCode = 1;
  } finally {
    await source.destroy();
    await target.destroy();
  }
}

export function registerDb(program: Command): void {
  const db = program.command('db').description('Set up and move the database');
  db.command('migrate')
    .description('Bring the database schema up to date (the service also does this at start)')
    .option('--db <location>', 'SQLite database file or postgres:// URL (default ANSWERWATCH_DB)')
    .option('--json', 'print JSON')
    .action((opts: MigrateOptions) => migrate(opts));
  db.command('copy')
    .description('Copy a whole SQLite database into an empty PostgreSQL database; resumes where it stopped')
    .requiredOption('--from <file>', 'the SQLite database file')
    .requiredOption('--to <url>', 'the postgres:// URL of the database to fill')
    .option('--batch <rows>', 'rows per transaction (default 1000)')
    .option('--json', 'print JSON')
    .action((opts: CopyOptions) => copy(opts));
}
