import { open } from 'node:fs/promises';
import type { Command } from 'commander';
import type { ImportResult } from '../domain/import-answers.ts';
import { clock, scoringWorkers, withStore, type DbOptions } from './context.ts';
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
    .option('--workers <n>', 'threads that score (default: one a core but one; 0 scores in the main thread)')
    .option('--json', 'print JSON')
    .action(async (file: string, opts: DbOptions & { project: string; workers?: string }) => {
      const workers = scoringWorkers(opts.workers);
      // Opened before the database, so a typo in the path does not create an empty database file.
      const handle = await open(file).catch((err: Error) => fail(`cannot read ${file}: ${err.message}`));
      const stat = await handle.stat();
      if (!stat.isFile()) fail(`cannot read ${file}: not a file`);
      const [{ importAnswers }, { progressBar }, { fileLines }] = await Promise.all([
        import('../domain/import-answers.ts'),
        import('./progress.ts'),
        import('./file-lines.ts'),
      ]);
      await withStore(opts, async (store) => {
        // The bytes read so far measure how far the import has got, and so the time left.
        const read = { bytes: 0 };
        const lines = fileLines(handle, read);
        // On stderr, so stdout keeps only the summary (or the JSON) for whoever reads it; not with --json.
        const bar = opts.json ? null : progressBar();
        const show = (bytes: number, answers: number) =>
          bar?.update({
            done: Math.min(bytes, stat.size),
            total: stat.size,
            label: '',
            items: { count: answers, unit: 'answers' },
          });
        const result = await importAnswers(store, clock, opts.project, lines, {
          workers,
          onProgress: (p) => show(read.bytes, p.answers),
        });
        // The whole file is read (the count of its bytes through the lines misses the \r of CRLF line ends).
        show(stat.size, result.imported + result.duplicates);
        bar?.end();
        print(opts, result, () => summary(result));
        if (result.invalidCount > 0) process.exitCode = 1;
      });
    });
}
