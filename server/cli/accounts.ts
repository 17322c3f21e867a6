import type { Command } from 'commander';
import { clock, parseCount, withStore, type DbOptions } from './context.ts';
import { print } from './output.ts';

export function registerAccounts(program: Command): void {
  const accounts = program.command('accounts').description('Create and change accounts');
  accounts
    .command('create')
    .description('Create an account')
    .requiredOption('--plan <plan>', 'free, premium or byok')
    .option('--name <name>', 'account name')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (opts: DbOptions & { plan: string; name?: string }) => {
      const { createAccount } = await import('../domain/accounts.ts');
      await withStore(opts, async (store, config) => {
        const account = await createAccount(store, clock, { plan: opts.plan, name: opts.name }, config.plans);
        print(opts, account, () => `Created account ${account.id} (${account.plan})`);
      });
    });
  accounts
    .command('update <id>')
    .description("Change an account's plan or allowance")
    .option('--plan <plan>', 'free, premium or byok')
    .option('--remaining-units <n>', 'units left in the current period')
    .option('--prepaid-credits <n>', 'prepaid credits left')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(
      async (
        id: string,
        opts: DbOptions & { plan?: string; remainingUnits?: string; prepaidCredits?: string },
      ) => {
        const { updateAccount } = await import('../domain/accounts.ts');
        await withStore(opts, async (store, config) => {
          const account = await updateAccount(
            store,
            id,
            {
              plan: opts.plan,
              remainingUnits: parseCount('--remaining-units', opts.remainingUnits),
              prepaidCredits: parseCount('--prepaid-credits', opts.prepaidCredits),
            },
            config.plans,
          );
          print(opts, account, () => `Updated account ${account.id} (${account.plan})`);
        });
      },
    );
}
