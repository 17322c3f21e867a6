import type { Command } from 'commander';
import { clock, withStore, type DbOptions } from './context.ts';
import { print } from './output.ts';

export function registerRuns(program: Command): void {
  const runs = program.command('runs').description('Control runs');
  runs
    .command('cancel')
    .description('Cancel a run request: at once when it has not started, within seconds when it is running')
    .argument('<requestId>', 'run request id')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (requestId: string, opts: DbOptions) => {
      const { cancelRunRequest } = await import('../domain/cancel-run.ts');
      await withStore(opts, async (store) => {
        const outcome = await cancelRunRequest(store, clock, requestId);
        print(opts, { requestId, outcome }, () =>
          outcome === 'canceled'
            ? `Run request ${requestId} canceled.`
            : `Cancel requested: run request ${requestId} stops within seconds and keeps the answers stored so far.`,
        );
      });
    });
}
