import type { Command } from 'commander';
import { clock, withStore, type DbOptions } from './context.ts';
import { print } from './output.ts';

export function registerHosts(program: Command): void {
  const hosts = program.command('hosts').description('Pair host computers');
  hosts
    .command('pair-code')
    .description(
      'A one-time code (valid 15 minutes) to pair a computer: npx answerwatch agent pair --code CODE',
    )
    .requiredOption('--account <id>', 'account id')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (opts: DbOptions & { account: string }) => {
      const { createPairCode } = await import('../domain/host-pairing.ts');
      await withStore(opts, async (store) => {
        const created = await createPairCode(store, clock, opts.account);
        print(opts, created, () =>
          [`Pairing code: ${created.code}`, `Valid until ${created.expiresAt}; it works once.`].join('\n'),
        );
      });
    });
}
