import type { Command } from 'commander';
import { clock, splitList, withStore, type DbOptions } from './context.ts';
import { fail, print } from './output.ts';

interface SendOptions extends DbOptions {
  project: string;
  from?: string;
  to?: string;
  recipients?: string;
}

export function registerReports(program: Command): void {
  const reports = program.command('reports').description('Send a project’s report');
  reports
    .command('send')
    .description(
      'Queue the report of a period (default the last full week) by mail, PDF attached, to the recipients named or else to the digest’s; the running service sends it',
    )
    .requiredOption('--project <id>', 'project id')
    .option(
      '--recipients <list>',
      'comma-separated e-mail addresses; default the project’s digest recipients (with share and unsubscribe links)',
    )
    .option('--from <day>', 'first day (YYYY-MM-DD)')
    .option('--to <day>', 'last day (YYYY-MM-DD)')
    .option('--db <path>', 'SQLite database file')
    .option('--json', 'print JSON')
    .action(async (opts: SendOptions) => {
      const [
        { queueReportMail },
        { sendDigest },
        { ownerCaller },
        { createServices },
        { createSecretBox },
        jobs,
        { loadSecretKey },
      ] = await Promise.all([
        import('../reports/mail.ts'),
        import('../reports/digest-send.ts'),
        import('../domain/callers.ts'),
        import('../domain/context.ts'),
        import('../domain/secret-box.ts'),
        import('./report-jobs.ts'),
        import('../secret-key.ts'),
      ]);
      await withStore(opts, async (store, config) => {
        const project = await store.readProject(opts.project);
        if (!project) fail(`No project ${opts.project} in this database.`);
        const secrets = createSecretBox(loadSecretKey(process.env, config.database));
        const s = await createServices({
          store,
          clock,
          baseUrl: config.baseUrl,
          secrets,
          webhooks: jobs.idleWebhooks(store, secrets),
        });
        try {
          const caller = await ownerCaller(
            { store, plans: config.plans },
            project.accountId,
            'Operator (command line)',
            'The project’s account has no plan this service knows.',
          );
          const sent =
            opts.recipients === undefined
              ? await sendDigest(s, caller, opts.project, opts, 'manual')
              : await queueReportMail(s, caller, opts.project, opts, splitList(opts.recipients) ?? []);
          print(opts, sent, () =>
            [
              `Report of ${sent.from} to ${sent.to}:`,
              ...sent.mails.map(
                (m) => `  ${m.to}: ${m.queued ? 'queued' : 'already queued for this period'}`,
              ),
              'The running service (npx answerwatch start or serve) sends queued mail.',
            ].join('\n'),
          );
        } finally {
          s.reads.close();
        }
      });
    });
}
