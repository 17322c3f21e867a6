import type { Command } from 'commander';
import { clock, keyOrFail, parseCount, parseShare, withStore, type DbOptions } from './context.ts';
import { print } from './output.ts';

const DEFAULT_ANSWERS = 2000;
const DEFAULT_DAYS = 30;

export function registerDemo(program: Command): void {
  const demo = program.command('demo').description('Demo data');
  demo
    .command('seed')
    .description(
      'Create a demo project: competitors, topics, prompts and a Brand Truth, imported answers, then a week of ' +
        'daily runs (one failed) whose alerts go to a demo webhook',
    )
    .requiredOption('--account <id>', 'account that owns the demo project')
    .option('--answers <n>', `imported answers, before the runs' own (default ${DEFAULT_ANSWERS})`)
    .option(
      '--days <n>',
      `days the answers span, ending today (default ${DEFAULT_DAYS}; runs need 8 or more)`,
    )
    .option(
      '--browser-twins <share>',
      "share of imported answers (0 to 1) also answered by the engine's signed-in browser, for the API vs app page (default 0.15)",
    )
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(
      async (
        opts: DbOptions & { account: string; answers?: string; days?: string; browserTwins?: string },
      ) => {
        const [{ seedDemoProject, DEMO_BROWSER_TWINS }, { createSecretBox }] = await Promise.all([
          import('../jobs/demo-seed.ts'),
          import('../domain/secret-box.ts'),
        ]);
        await withStore(opts, async (store, config) => {
          const seed = await seedDemoProject(store, clock, {
            accountId: opts.account,
            answers: parseCount('--answers', opts.answers) ?? DEFAULT_ANSWERS,
            days: parseCount('--days', opts.days) ?? DEFAULT_DAYS,
            browserTwins: parseShare('--browser-twins', opts.browserTwins) ?? DEMO_BROWSER_TWINS,
            secrets: createSecretBox(await keyOrFail(config.database)),
            baseUrl: config.baseUrl,
          });
          // Without --json only the id is printed, so scripts can capture it directly.
          print(opts, seed, () => seed.projectId);
        });
      },
    );
}
