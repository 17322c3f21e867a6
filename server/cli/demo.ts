import type { Command } from 'commander';
import { clock, parseCount, parseShare, withStore, type DbOptions } from './context.ts';
import { print } from './output.ts';

const DEFAULT_ANSWERS = 2000;
const DEFAULT_DAYS = 30;

export function registerDemo(program: Command): void {
  const demo = program.command('demo').description('Demo data');
  demo
    .command('seed')
    .description('Create a demo project with competitors, topics, prompts and scored answers')
    .requiredOption('--account <id>', 'account that owns the demo project')
    .option('--answers <n>', `answers to generate (default ${DEFAULT_ANSWERS})`)
    .option('--days <n>', `days the answers span, ending today (default ${DEFAULT_DAYS})`)
    .option(
      '--browser-twins <share>',
      "share of answers (0 to 1) also answered by the engine's signed-in browser, for the API vs app page (default 0)",
    )
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(
      async (
        opts: DbOptions & { account: string; answers?: string; days?: string; browserTwins?: string },
      ) => {
        const { seedDemo } = await import('../domain/demo-data.ts');
        await withStore(opts, async (store) => {
          const answers = parseCount('--answers', opts.answers) ?? DEFAULT_ANSWERS;
          const days = parseCount('--days', opts.days) ?? DEFAULT_DAYS;
          const browserTwins = parseShare('--browser-twins', opts.browserTwins);
          const projectId = await seedDemo(store, clock, {
            accountId: opts.account,
            answers,
            days,
            browserTwins,
          });
          // Without --json only the id is printed, so scripts can capture it directly.
          print(opts, { projectId, answers }, () => projectId);
        });
      },
    );
}
