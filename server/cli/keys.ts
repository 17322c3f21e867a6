import type { Command } from 'commander';
import { clock, splitList, withStore, type DbOptions } from './context.ts';
import { print } from './output.ts';

export function registerKeys(program: Command): void {
  const keys = program.command('keys').description('Create, list and revoke API keys');
  keys
    .command('create')
    .description('Create an API key; the key is printed once and stored only as a hash')
    .requiredOption('--account <id>', 'account id')
    .requiredOption('--label <label>', 'label shown in listings')
    .option(
      '--scopes <list>',
      'comma-separated: visibility:read, tracking:write, runs:execute',
      'visibility:read',
    )
    .option('--projects <list>', 'comma-separated project ids (default: every project of the account)')
    .option('--expires-at <iso>', 'RFC 3339 expiry')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(
      async (
        opts: DbOptions & {
          account: string;
          label: string;
          scopes: string;
          projects?: string;
          expiresAt?: string;
        },
      ) => {
        const { createApiKey } = await import('../domain/api-keys.ts');
        await withStore(opts, async (store) => {
          const created = await createApiKey(store, clock, {
            accountId: opts.account,
            label: opts.label,
            scopes: splitList(opts.scopes),
            projectIds: splitList(opts.projects),
            expiresAt: opts.expiresAt ?? null,
          });
          print(opts, created, () =>
            [
              `Key ${created.keyId} (${created.scopes.join(', ')})`,
              created.key,
              'Store it now: it is not shown again.',
            ].join('\n'),
          );
        });
      },
    );
  keys
    .command('list')
    .description("List an account's keys (never the keys themselves)")
    .requiredOption('--account <id>', 'account id')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (opts: DbOptions & { account: string }) => {
      const { listKeys } = await import('../domain/api-keys.ts');
      await withStore(opts, async (store) => {
        const list = await listKeys(store, opts.account);
        print(opts, list, () =>
          list.length === 0
            ? 'No keys.'
            : list
                .map((k) => `${k.keyId}  ${k.label}  ${k.scopes.join(',')}${k.revokedAt ? '  revoked' : ''}`)
                .join('\n'),
        );
      });
    });
  keys
    .command('revoke <keyId>')
    .description('Revoke a key at once')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (keyId: string, opts: DbOptions) => {
      const { revokeKey } = await import('../domain/api-keys.ts');
      await withStore(opts, async (store) => {
        const revoked = await revokeKey(store, clock, keyId);
        print(opts, { keyId, revoked }, () =>
          revoked ? `Revoked ${keyId}` : `${keyId} was already revoked`,
        );
      });
    });
}
