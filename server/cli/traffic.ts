import { open, type FileHandle } from 'node:fs/promises';
import type { Command } from 'commander';
import type { TrafficImportResult } from '../traffic/import-traffic.ts';
import type { RangeUpdate } from '../traffic/ranges-update.ts';
import { clock, parseCount, withStore, type DbOptions } from './context.ts';
import { fail, print } from './output.ts';
import { linkBaseUrl } from './public-url.ts';

/** Lines between two full collections of an import: the lines of one of its batches. */
const COLLECT_LINES = 50_000;
const number = (n: number) => n.toLocaleString('en-US');

function summary(file: string, r: TrafficImportResult): string {
  const p = r.purposes;
  const lines = [
    `${file}: ${number(r.accepted)} hits counted; ${number(r.alreadyStored)} lines already stored; ${number(r.ignored)} of other hosts ignored; ${number(r.invalidCount)} bad lines.`,
    `  AI training ${number(p.training)}, AI search ${number(p.search)}, AI user ${number(p.user)}, classic search ${number(p['classic-search'])}, other bots ${number(p['other-bot'])}, people ${number(p.people)}; spoofed ${number(r.spoofed)}; AI referrals ${number(r.referrals)}`,
    ...r.invalid.map((i) => `  line ${i.line}: ${i.error}`),
  ];
  const unlisted = r.invalidCount - r.invalid.length;
  if (unlisted > 0) lines.push(`  ... and ${number(unlisted)} more bad lines`);
  return lines.join('\n');
}

function rangesSummary(updates: readonly RangeUpdate[]): string {
  return updates
    .map(
      (u) =>
        `${u.source.padEnd(26)} ${u.outcome.padEnd(9)} ${u.creationTime ?? ''}${u.outcome === 'updated' || u.outcome === 'unchanged' ? ` (${u.prefixes} prefixes)` : ''}${u.detail ? `  ${u.detail}` : ''}`,
    )
    .join('\n');
}

export function registerTraffic(program: Command): void {
  const traffic = program.command('traffic').description('AI crawlers and AI referrals from access logs');
  traffic
    .command('import <files...>')
    .description('Import access logs (combined, combined + request time, JSON lines; plain or gzip)')
    .requiredOption('--project <id>', 'project id')
    .option(
      '--format <format>',
      'auto (default), combined, combined-time, answerwatch, cloudflare, cloudfront, fastly',
    )
    .option('--keep-hours <days>', 'days of hourly rows to keep (default 90; daily rows are always kept)')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(
      async (files: string[], opts: DbOptions & { project: string; format?: string; keepHours?: string }) => {
        const keepHourDays = parseCount('--keep-hours', opts.keepHours);
        const { LOG_FORMATS } = await import('../traffic/formats.ts');
        const format = opts.format ?? 'auto';
        if (!(LOG_FORMATS as readonly string[]).includes(format))
          fail(`--format must be one of ${LOG_FORMATS.join(', ')}; got ${format}`);
        // Opened before the database, so a typo in a path does not create an empty database file.
        const handles: { file: string; handle: FileHandle; size: number }[] = [];
        for (const file of files) {
          const handle = await open(file).catch((err: Error) => fail(`cannot read ${file}: ${err.message}`));
          const stat = await handle.stat();
          if (!stat.isFile()) fail(`cannot read ${file}: not a file`);
          handles.push({ file, handle, size: stat.size });
        }
        const [{ importTraffic }, { logFileLines }, { progressBar }, { fullCollection }] = await Promise.all([
          import('../traffic/import-traffic.ts'),
          import('../traffic/log-file.ts'),
          import('./progress.ts'),
          import('./full-collection.ts'),
        ]);
        // Keeps the command's memory flat whatever the file's size (see full-collection.ts).
        const collect = fullCollection();
        await withStore(opts, async (store, config) => {
          // The events a batch raises link to the service's reads; its deliverer sends them from the outbox.
          const baseUrl = await linkBaseUrl(store, config, process.env);
          const results: (TrafficImportResult & { file: string })[] = [];
          for (const { file, handle, size } of handles) {
            const state = { bytes: 0, failure: null as string | null };
            // On stderr, so stdout keeps only the summary (or the JSON); not with --json.
            const bar = opts.json ? null : progressBar();
            const show = (lines: number) =>
              bar?.update({
                done: Math.min(state.bytes, size),
                total: size,
                label: file,
                items: { count: lines, unit: 'lines' },
              });
            try {
              const result = await importTraffic(store, clock, opts.project, logFileLines(handle, state), {
                format: format as (typeof LOG_FORMATS)[number],
                identity: 'first-line',
                baseUrl,
                keepHourDays,
                onProgress: (lines) => {
                  show(lines);
                  if (lines % COLLECT_LINES === 0) collect();
                },
                endOfInput: () => state.failure,
              });
              bar?.end();
              results.push({ file, ...result });
            } finally {
              await handle.close();
            }
          }
          print(opts, files.length === 1 ? results[0] : results, () =>
            results.map((r) => summary(r.file, r)).join('\n'),
          );
          if (results.some((r) => r.invalidCount > 0)) process.exitCode = 1;
        });
      },
    );

  const ranges = traffic.command('ranges').description("The operators' published crawler address ranges");
  ranges
    .command('update')
    .description(
      "Store the operators' current ranges, from their URLs or from a folder of <source>.json files",
    )
    .option('--from <dir>', 'a folder holding the files (for machines without internet)')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (opts: DbOptions & { from?: string }) => {
      const { updateRanges, folderReader, urlReader } = await import('../traffic/ranges-update.ts');
      await withStore(opts, async (store) => {
        const updates = await updateRanges(store, clock, opts.from ? folderReader(opts.from) : urlReader());
        print(opts, updates, () => rangesSummary(updates));
        if (updates.some((u) => u.outcome === 'invalid')) process.exitCode = 1;
      });
    });
  ranges
    .command('list')
    .description('The ranges in use, with their dates')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (opts: DbOptions) => {
      const { snapshotsInUse } = await import('../traffic/range-sources.ts');
      await withStore(opts, async (store) => {
        const inUse = snapshotsInUse(await store.traffic.storedRanges()).map((s) => ({
          source: s.source,
          creationTime: s.creationTime,
          prefixes: s.prefixes.length,
          updatedAt: s.updatedAt,
        }));
        print(opts, inUse, () =>
          inUse
            .map((s) => `${s.source.padEnd(26)} ${s.creationTime}  ${s.prefixes} prefixes  (${s.updatedAt})`)
            .join('\n'),
        );
      });
    });
}
