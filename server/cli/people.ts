import type { Command } from 'commander';
import type { Config } from '../config.ts';
import type { Store } from '../store/index.ts';
import { clock, withStore, type DbOptions } from './context.ts';
import { print } from './output.ts';
import { linkBaseUrl } from './public-url.ts';

/**
 * The identity library over the command's store, for its rows only: it signs no cookie here, so the secret it is
 * given is thrown away with it.
 */
async function identityRows(store: Store, config: Config) {
  const [
    { createIdentity },
    { authMail },
    { randomAlnum },
    { createSecretBox },
    { loadSecretKey },
    { NO_SIGNALS },
  ] = await Promise.all([
    import('../auth/identity.ts'),
    import('../auth/mail-flows.ts'),
    import('../domain/ids.ts'),
    import('../domain/secret-box.ts'),
    import('../secret-key.ts'),
    import('../domain/context.ts'),
  ]);
  // Mail is sealed in the outbox under the service's key; the serving instance's sender sends it at its next look.
  const secrets = createSecretBox(loadSecretKey(process.env, config.database));
  const baseUrl = await linkBaseUrl(store, config, process.env);
  const mail = authMail({
    store,
    clock,
    secrets,
    signals: NO_SIGNALS,
    baseUrl,
  });
  const identity = createIdentity({
    store,
    clock,
    plans: config.plans,
    baseUrl,
    secret: randomAlnum(64),
    signUp: config.signUp,
    mail,
    secrets,
    ssoNet: { allowPrivate: config.ssoAllowPrivate },
  });
  return {
    rows: (await identity.$context).adapter,
    store,
    clock,
    origin: new URL(baseUrl).origin,
    mail,
  };
}

export function registerPeople(program: Command): void {
  const people = program
    .command('people')
    .description('Invite people into accounts, withdraw invitations, list them');
  people
    .command('invite')
    .description(
      'Invite a person into an account; prints the link that accepts the invitation (valid 7 days)',
    )
    .requiredOption('--account <id>', 'account id')
    .requiredOption('--email <address>', 'e-mail address of the person')
    .requiredOption('--role <role>', 'owner, admin, member or viewer (owner only while the account has none)')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (opts: DbOptions & { account: string; email: string; role: string }) => {
      const { operatorInvite } = await import('../auth/operator-invite.ts');
      await withStore(opts, async (store, config) => {
        const invited = await operatorInvite(await identityRows(store, config), {
          accountId: opts.account,
          email: opts.email,
          role: opts.role,
        });
        print(opts, invited, () =>
          [
            `Invited ${invited.email} as ${invited.role} of account ${invited.accountId} (until ${invited.expiresAt}).`,
            `The invitation mail is queued for the service to send; the link, to send yourself: ${invited.link}`,
          ].join('\n'),
        );
      });
    });
  people
    .command('cancel')
    .description("Withdraw an address's open invitation to an account (its link stops working)")
    .requiredOption('--account <id>', 'account id')
    .requiredOption('--email <address>', 'e-mail address the invitation went to')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (opts: DbOptions & { account: string; email: string }) => {
      const { operatorCancel } = await import('../auth/operator-invite.ts');
      await withStore(opts, async (store, config) => {
        const canceled = await operatorCancel(await identityRows(store, config), {
          accountId: opts.account,
          email: opts.email,
        });
        print(
          opts,
          canceled,
          () => `Withdrew the invitation to ${canceled.email} (account ${canceled.accountId}).`,
        );
      });
    });
  people
    .command('list')
    .description("List an account's people and pending invitations")
    .requiredOption('--account <id>', 'account id')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (opts: DbOptions & { account: string }) => {
      const { listPeople } = await import('../auth/operator-invite.ts');
      await withStore(opts, async (store, config) => {
        const listed = await listPeople(await identityRows(store, config), opts.account);
        print(
          opts,
          listed,
          () =>
            [
              ...listed.members.map((m) => `${m.email}\t${m.role}`),
              ...listed.invitations.map((i) => `${i.email}\t${i.role}\tinvited, until ${i.expiresAt}`),
            ].join('\n') || 'Nobody yet: invite the owner with `answerwatch people invite --role owner`.',
        );
      });
    });
}
