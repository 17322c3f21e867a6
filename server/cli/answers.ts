import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import type { ImportResult } from '../domain/import-answers.ts';
import { clock, withStore, type DbOptions } from './context.ts';
import { fail, print } from './output.ts';

function summary(result: ImportResult): string {
  const lines = [
    `Imported ${result.imported} answers; ${result.duplicates} already stored; ${result.invalidCount} invalid lines.`,
    ...result.invalid.map((i) => `  line ${i.line}: ${i.error}`),
  ];
  const unlisted = result.invalidCount - result.invalid.length;
  if (unlisted > 0) lines.push(`  ... and ${unlisted} more invalid lines`);
  return lines.join('\n');
}

export function registerAnswers(program: Command): void {
  const answers = program.command('answers').description('Import engine answers');
  answers
    .command('import <file>')
    .description('Import raw answers, one JSON object a line; they are scored on import')
    .requiredOption('--project <id>', 'project id')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (file: string, opts: DbOptions & { project: string }) => {
      // Opened before the database, so a typo in the path does not create an empty database file.
      const handle = await open(file).catch((err: Error) => fail(`cannot read ${file}: ${err.message}`));
      if (!(await handle.stat()).isFile()) fail(`cannot read ${file}: not a file`);
      const { importAnswers } = await import('../domain/import-answers.ts');
      await withStore(opts, async (store) => {
        const input = handle.createReadStream({ encoding: 'utf8' });
        // Streamed line by line: a file of millions of answers never sits in memory whole.
        const lines = createInterface({ input, crlfDelay: Infinity });
        const result = await importAnswers(store, clock, opts.project, lines);
        print(opts, result, () => summary(result));
        if (result.invalidCount > 0) process.exitCode = 1;
      });
    });
}
