import type { Command } from 'commander';
import { clock, parseCount, parseShare, withStore, type DbOptions } from './context.ts';
import { print } from './output.ts';

/**
 * The box that seals the demo webhook's secret, with the key the service uses; without one (a PostgreSQL database
 * and no ANSWERWATCH_SECRET_KEY) the demo is seeded without its webhook, and so without alerts, and says why.
 */
async function sealingBox(database: string) {
  const [{ loadSecretKey }, { createSecretBox }] = await Promise.all([
    import('../secret-key.ts'),
    import('../domain/secret-box.ts'),
  ]);
  try {
    return createSecretBox(loadSecretKey(process.env, database));
  } catch (err) {
    process.stderr.write(`No demo webhook, so the demo's runs raise no alerts: ${(err as Error).message}\n`);
    return null;
  }
}

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
        const { seedDemoProject, DEMO_BROWSER_TWINS } = await import('../jobs/demo-seed.ts');
        await withStore(opts, async (store, config) => {
          const seed = await seedDemoProject(store, clock, {
            accountId: opts.account,
            answers: parseCount('--answers', opts.answers) ?? DEFAULT_ANSWERS,
            days: parseCount('--days', opts.days) ?? DEFAULT_DAYS,
            browserTwins: parseShare('--browser-twins', opts.browserTwins) ?? DEMO_BROWSER_TWINS,
            secrets: await sealingBox(config.database),
            baseUrl: config.baseUrl,
          });
          // Without --json only the id is printed, so scripts can capture it directly.
          print(opts, seed, () => seed.projectId);
        });
      },
    );
}
