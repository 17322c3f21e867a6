import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildIfNeeded } from '../../server/cli/build.js';
import { createAccount as createAccountHere, type createAccount } from '../../server/domain/accounts.ts';
import { systemClock, type Clock } from '../../server/domain/clock.ts';
import { createDemoProject, mulberry32, type seedDemo } from '../../server/domain/demo-data.ts';
import type { ImportResult } from '../../server/domain/import-answers.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { open } from 'node:fs/promises';
import { fileLines } from '../../server/cli/file-lines.ts';
import { databaseUrl, onServer } from '../support/pg-cluster.ts';
import { cpuMs } from './cpu.ts';

export const IMPORT_ANSWERS = Number(process.env.BENCH_IMPORT_ANSWERS ?? 50_000);
const SHAPE = { answers: IMPORT_ANSWERS, days: 60, competitors: 50 };
const SEED = 16;
/** The import measured as before (BENCH_IMPORT_BASELINE), by default the commit issue 16's work started from. */
export const IMPORT_BASELINE = process.env.BENCH_IMPORT_BASELINE ?? 'fa8eaa5';
/**
 * Fields of the import format the baseline does not know yet (BENCH_IMPORT_BASELINE_OMIT, comma-separated, e.g.
 * `searchQueries` for a tree before issue 25): its strict line format would refuse every line, so its copy of the
 * file goes without them, and the comparison says what storing them costs.
 */
const BASELINE_OMIT = (process.env.BENCH_IMPORT_BASELINE_OMIT ?? '').split(',').filter(Boolean);

/** A fresh, empty database: an SQLite file in a temporary folder, or a new database on a PostgreSQL server. */
async function freshDatabase(pg: string | null): Promise<{ location: string; drop(): Promise<void> }> {
  if (pg) {
    const name = `import_${randomBytes(4).toString('hex')}`;
    await onServer(pg, `create database ${name}`);
    return {
      location: databaseUrl(pg, name),
      drop: async () => {
        await onServer(pg, `drop database ${name} with (force)`);
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'aw-bench-import-'));
  return {
    location: join(dir, 'import.db'),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The modules an import needs, from this tree or from the baseline's. */
interface ImportModules {
  openDatabase: typeof openDatabase;
  createStore: typeof createStore;
  createAccount: typeof createAccount;
  seedDemo: typeof seedDemo;
  importAnswers: (
    store: Store,
    clock: Clock,
    projectId: string,
    lines: AsyncIterable<string>,
    options?: { workers: number },
  ) => Promise<ImportResult>;
}

/** The import's modules of a tree at `root`: its TypeScript sources (`ts`) or its compiled code (`js`). */
async function modulesAt(root: string, ext: 'ts' | 'js'): Promise<ImportModules> {
  const from = async <T>(path: string) => (await import(join(root, `${path}.${ext}`))) as T;
  return {
    // The domain opens the database since the store stopped importing the domain (issue 20); older trees, the store.
    ...(await from<Pick<ImportModules, 'openDatabase'>>(
      existsSync(join(root, `server/domain/database.${ext}`))
        ? 'server/domain/database'
        : 'server/store/database',
    )),
    ...(await from<Pick<ImportModules, 'createStore'>>('server/store/index')),
    ...(await from<Pick<ImportModules, 'createAccount'>>('server/domain/accounts')),
    ...(await from<Pick<ImportModules, 'seedDemo'>>('server/domain/demo-data')),
    ...(await from<Pick<ImportModules, 'importAnswers'>>('server/domain/import-answers')),
  };
}

/**
 * This tree's import as `answerwatch answers import` runs it: the JavaScript compiled into dist/ (built first
 * when the sources changed), whose workers start from compiled code, not through tsx as the sources' would.
 */
function currentModules(): Promise<ImportModules> {
  buildIfNeeded();
  return modulesAt(join(process.cwd(), 'dist'), 'js');
}

/**
 * The import path before issue 16 (the store and the domain of BENCH_IMPORT_BASELINE, default the commit this work
 * started from), taken from git into .bench/ (inside the tree, so its imports resolve) and run through tsx.
 */
function baselineModules(ref: string): Promise<ImportModules> {
  const dir = join('.bench', `import-${ref}`);
  if (!existsSync(join(dir, 'server/domain/import-answers.ts'))) {
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync('git', ['archive', ref, 'server', 'engines'], { maxBuffer: 256 << 20 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
  }
  return modulesAt(join(process.cwd(), dir), 'ts');
}

/**
 * Answers a second of `answers import` (the same function, reading the file the same way) of the file into the
 * demo project in a fresh database, scored by `workers` threads (0: in the importing thread).
 */
async function importOnce(
  m: ImportModules,
  file: string,
  pg: string | null,
  workers: number,
  dbPid: number | null,
): Promise<Pass> {
  const database = await freshDatabase(pg);
  try {
    const store = m.createStore(await m.openDatabase(database.location));
    try {
      const account = await m.createAccount(store, systemClock, { plan: 'premium' });
      // The same seed makes the same prompts and competitors as the project the file was written for.
      const projectId = await m.seedDemo(store, systemClock, {
        accountId: account.id,
        ...SHAPE,
        answers: 0,
        random: mulberry32(SEED),
      });
      const lines = fileLines(await open(file));
      const started = performance.now();
      const cpu = process.cpuUsage();
      const dbCpu = dbPid ? cpuMs([dbPid]) : 0;
      const result = await m.importAnswers(store, systemClock, projectId, lines, { workers });
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      if (result.imported !== IMPORT_ANSWERS) throw new Error(`imported ${result.imported} answers`);
      return {
        rate: IMPORT_ANSWERS / seconds,
        // Every thread of this process (the importing thread and the workers), then the database server's.
        cpuUs: (used.user + used.system) / IMPORT_ANSWERS,
        dbCpuUs: dbPid ? ((cpuMs([dbPid]) - dbCpu) * 1000) / IMPORT_ANSWERS : 0,
      };
    } finally {
      await store.close();
    }
  } finally {
    await database.drop();
  }
}

/** Writes the import file: the demo project's answers, as `answers import` reads them. */
async function writeImportFile(dir: string): Promise<string> {
  const database = await freshDatabase(null);
  try {
    const store = createStore(await openDatabase(database.location));
    const account = await createAccountHere(store, systemClock, { plan: 'premium' });
    const { lines } = await createDemoProject(store, systemClock, {
      accountId: account.id,
      ...SHAPE,
      random: mulberry32(SEED),
    });
    const file = join(dir, `import-${IMPORT_ANSWERS}.ndjson`);
    writeFileSync(file, `${[...lines].join('\n')}\n`);
    await store.close();
    return file;
  } finally {
    await database.drop();
  }
}

/** A copy of the import file beside it, its lines without `fields`. */
function withoutFields(file: string, fields: readonly string[]): string {
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  const out = `${file}.baseline`;
  writeFileSync(
    out,
    `${lines
      .map((line) => {
        const answer = JSON.parse(line) as Record<string, unknown>;
        for (const field of fields) delete answer[field];
        return JSON.stringify(answer);
      })
      .join('\n')}\n`,
  );
  return out;
}

/** One import: answers a second, and CPU microseconds per answer of the importing process and the database. */
export interface Pass {
  rate: number;
  cpuUs: number;
  dbCpuUs: number;
}

export interface ImportFigures {
  /** null: the import before issue 16. */
  workers: number | null;
  passes: Pass[];
}

/**
 * The import before issue 16, then this tree's with each worker count in `counts`, in alternating passes (so a
 * change in the machine's load falls on every variant alike), `passes` times each, on SQLite or on the PostgreSQL
 * server `pg`.
 */
export async function measureImport(
  counts: readonly number[],
  passes: number,
  pg: { url: string; pid: number | null } | null,
): Promise<ImportFigures[]> {
  const dir = mkdtempSync(join(tmpdir(), 'aw-bench-file-'));
  try {
    const file = await writeImportFile(dir);
    const baselineFile = BASELINE_OMIT.length > 0 ? withoutFields(file, BASELINE_OMIT) : file;
    const baseline = await baselineModules(IMPORT_BASELINE);
    const CURRENT = await currentModules();
    const variants: [ImportModules, ImportFigures][] = [
      [baseline, { workers: null, passes: [] }],
      ...counts.map((workers): [ImportModules, ImportFigures] => [CURRENT, { workers, passes: [] }]),
    ];
    for (let pass = 0; pass < passes; pass++)
      for (const [m, f] of variants)
        f.passes.push(
          await importOnce(
            m,
            f.workers === null ? baselineFile : file,
            pg?.url ?? null,
            f.workers ?? 0,
            pg?.pid ?? null,
          ),
        );
    return variants.map(([, f]) => f);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
