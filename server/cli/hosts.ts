import type { Command } from 'commander';
import { clock, withStore, type DbOptions } from './context.ts';
import { print } from './output.ts';

export function registerHosts(program: Command): void {
  const hosts = program.command('hosts').description('Pair, list and unpair host computers');
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
  hosts
    .command('list')
    .description("The account's paired computers (also those that signed in with `agent login --server`)")
    .requiredOption('--account <id>', 'account id')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (opts: DbOptions & { account: string }) => {
      await withStore(opts, async (store) => {
        const data = await store.hosts.list(opts.account);
        print(opts, { data }, () =>
          data.length === 0
            ? 'No computers paired.'
            : data
                .map((x) => `${x.id}  ${x.deviceLabel ?? '(no name)'}  last seen ${x.lastSeenAt ?? 'never'}`)
                .join('\n'),
        );
      });
    });
  hosts
    .command('unpair')
    .description(
      'Unpair a computer: it is refused at its next check-in; its projects have no host until another pairs',
    )
    .requiredOption('--account <id>', 'account id')
    .requiredOption('--host <id>', 'host id (from hosts list)')
    .option('--db <path>', 'SQLite database file')
    .action(async (opts: DbOptions & { account: string; host: string }) => {
      const { unpairHost } = await import('../domain/host-pairing.ts');
      await withStore(opts, async (store) => {
        await unpairHost(store, clock, opts.account, opts.host);
        process.stdout.write(`Unpaired ${opts.host}.\n`);
      });
    });
}
