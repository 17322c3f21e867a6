import type { Command } from 'commander';
import type { ServeOptions } from './run-service.ts';
import { boundHeapGrowth } from './service-heap.ts';

export function registerServe(program: Command): void {
  for (const [name, description] of [
    ['start', 'Run everything on this machine on the embedded SQLite database'],
    ['serve', 'Run the cloud service that integrators call'],
  ] as const) {
    const command = program
      .command(name)
      .description(description)
      .option(
        '--db <location>',
        'SQLite database file or postgres:// URL (default ./data/answerwatch.db or ANSWERWATCH_DB)',
      )
      .option('--port <port>', 'port (default 8787 or PORT)')
      .option('--host <host>', 'address to listen on (default 127.0.0.1 or HOST)')
      .action(async (opts: ServeOptions) => {
        // Before the service's modules load: the start-up's garbage is bounded as well.
        boundHeapGrowth();
        const { runService } = await import('./run-service.ts');
        await runService(name, opts);
      });
    // serve logs on stdout as services do; start on a terminal keeps stdout for the person reading it.
    if (name === 'start')
      command.option(
        '--verbose',
        'request and job logs on this terminal too (default: a log file beside the database)',
      );
  }
}
