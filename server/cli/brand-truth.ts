import { open } from 'node:fs/promises';
import type { Command } from 'commander';
import type { ParsedBrandTruth } from '../domain/brand-truth.ts';
import { clock, withStore, type DbOptions } from './context.ts';
import { fail, print } from './output.ts';

type ProjectOptions = DbOptions & { project: string };

/** Reads and checks the file before the database is opened: a bad file stores nothing and creates no database. */
async function readStatements(file: string): Promise<ParsedBrandTruth> {
  const [{ MAX_FILE_BYTES, parseBrandTruthFile }, { AppError }] = await Promise.all([
    import('../domain/brand-truth.ts'),
    import('../domain/errors.ts'),
  ]);
  const handle = await open(file).catch((err: Error) => fail(`cannot read ${file}: ${err.message}`));
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) fail(`cannot read ${file}: not a file`);
    if (stat.size > MAX_FILE_BYTES)
      fail(`${file}: the file has ${stat.size} bytes; at most ${MAX_FILE_BYTES} are allowed`);
    return parseBrandTruthFile(await handle.readFile());
  } catch (err) {
    if (err instanceof AppError) fail(`${file}: ${err.detail}`);
    throw err;
  } finally {
    await handle.close();
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function registerBrandTruth(program: Command): void {
  const truth = program
    .command('brand-truth')
    .description(
      "Set, show and clear a project's Brand Truth, the statements narrative drift is judged against",
    );
  truth
    .command('set <file>')
    .description(
      'Replace the Brand Truth with the statements in FILE: a JSON array of strings, or one statement a line ' +
        '(blank lines and lines starting with # are ignored); 1 to 100 statements of at most 500 characters',
    )
    .requiredOption('--project <id>', 'project id')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (file: string, opts: ProjectOptions) => {
      const parsed = await readStatements(file);
      const { setBrandTruth } = await import('../domain/brand-truth.ts');
      await withStore(opts, async (store) => {
        const stored = await setBrandTruth(store, clock, opts.project, parsed.statements);
        const result = { ...stored, duplicatesDropped: parsed.duplicatesDropped };
        print(opts, result, () => {
          const dropped =
            result.duplicatesDropped > 0 ? `; ${plural(result.duplicatesDropped, 'duplicate')} dropped` : '';
          return `Stored ${plural(result.statements.length, 'Brand Truth statement')} for ${opts.project}${dropped}.`;
        });
      });
    });
  truth
    .command('show')
    .description("Print a project's Brand Truth statements")
    .requiredOption('--project <id>', 'project id')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (opts: ProjectOptions) => {
      const { getBrandTruth } = await import('../domain/brand-truth.ts');
      await withStore(opts, async (store) => {
        const current = await getBrandTruth(store, opts.project);
        print(opts, current, () =>
          current.updatedAt === null
            ? `No Brand Truth for ${opts.project}.`
            : [
                `Brand Truth of ${opts.project}, updated ${current.updatedAt}:`,
                ...current.statements.map((s, i) => `${String(i + 1).padStart(3)}. ${s}`),
              ].join('\n'),
        );
      });
    });
  truth
    .command('clear')
    .description("Remove a project's Brand Truth; narrative drift is then no longer judged")
    .requiredOption('--project <id>', 'project id')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (opts: ProjectOptions) => {
      const { clearBrandTruth } = await import('../domain/brand-truth.ts');
      await withStore(opts, async (store) => {
        const result = await clearBrandTruth(store, opts.project);
        print(opts, result, () =>
          result.cleared
            ? `Cleared the Brand Truth of ${opts.project}.`
            : `${opts.project} had no Brand Truth.`,
        );
      });
    });
}
