/**
 * `answerwatch agent …`: this computer as the host of a cloud service's projects (app/agent). The agent keeps
 * its own SQLite file in the data directory (default ./data/agent): the pairing, the last check-in's projects,
 * bring-your-own-key engine keys (sealed) and settings, and the outbox of answers not yet uploaded. What each
 * command does is in agent-actions.ts, loaded when one runs.
 */
import type { Command } from 'commander';
import { KEYED_ENGINES } from '../../app/agent/keyed-engines.ts';
import { DEFAULT_DATA_DIR } from '../../app/agent/paths.ts';
import { ENGINES, isLocalFetch } from '../../engines/catalog.ts';
import { CADENCES } from '../contract/cadences.ts';
import type { DataOptions, TrackingOptions } from './agent-actions.ts';
import type { CloudLoginOptions } from './agent-cloud-login.ts';
import { fail } from './output.ts';

const actions = () => import('./agent-actions.ts');

export function registerAgent(program: Command): void {
  const agent = program
    .command('agent')
    .description('Run this computer as a host: signed-in browser engines and your own engine keys');
  const browserEngineIds = ENGINES.filter((e) => isLocalFetch(e.id)).map((e) => e.id);
  const data = ['--data <dir>', `the agent's data directory (default ${DEFAULT_DATA_DIR})`] as const;

  agent
    .command('run', { isDefault: true })
    .description('Check in, run the host engines and upload answers until SIGINT/SIGTERM (the default)')
    .option('--server <url>', 'the service address (default: the one this computer was paired with)')
    .option(...data)
    .action(async (opts: DataOptions & { server?: string }) => (await actions()).runAgent(opts));

  agent
    .command('pair')
    .description('Pair this computer with a code from `npx answerwatch hosts pair-code` or the web UI')
    .requiredOption('--server <url>', 'the service address, e.g. https://answerwatch.example')
    .requiredOption('--code <code>', 'the one-time pairing code')
    .option('--label <name>', "this computer's name in the service (default: its host name)")
    .option(...data)
    .option('--json', 'print JSON')
    .action(async (opts: DataOptions & { server: string; code: string; label?: string }) =>
      (await actions()).pairComputer(opts),
    );

  agent
    .command('login [engine]')
    .description(
      `With --server: sign this computer in to a cloud service (a code to approve at /app/device). ` +
        `With an engine: sign in to it in the agent's browser profile (${browserEngineIds.join(', ')})`,
    )
    .option('--server <url>', 'the cloud service to sign in to, e.g. https://answerwatch.example')
    .option('--label <name>', "with --server: this computer's name in the service (default: its host name)")
    .option(...data)
    .option('--json', 'with --server: print JSON')
    .action(async (engineId: string | undefined, opts: CloudLoginOptions) => {
      if (opts.server && engineId) fail('give either an engine or --server, not both');
      if (opts.server)
        return (await import('./agent-cloud-login.ts')).cloudLogin({ ...opts, server: opts.server });
      if (!engineId) fail('name a browser engine to sign in to, or --server URL to sign this computer in');
      return (await actions()).login(engineId, opts);
    });

  const keys = agent.command('keys').description('Your own engine API keys (kept sealed on this computer)');
  const keyedIds = Object.keys(KEYED_ENGINES).join(', ');
  keys
    .command('set <engine>')
    .description(`Store an engine's API key, read from stdin (${keyedIds})`)
    .option(...data)
    .action(async (engineId: string, opts: DataOptions) => (await actions()).setKey(engineId, opts));
  keys
    .command('list')
    .description('The engines that have a key (never the keys)')
    .option(...data)
    .option('--json', 'print JSON')
    .action(async (opts: DataOptions) => (await actions()).listKeys(opts));
  keys
    .command('remove <engine>')
    .description("Delete an engine's key")
    .option(...data)
    .action(async (engineId: string, opts: DataOptions) => (await actions()).removeKey(engineId, opts));

  agent
    .command('tracking')
    .description('Show or change the tracking of a bring-your-own-key project (kept on this computer)')
    .requiredOption('--project <id>', 'project id')
    .option('--cadence <cadence>', CADENCES.join(' | '))
    .option('--time <HH:MM>', 'time of day in the timezone')
    .option('--weekly-day <day>', 'day of a weekly schedule')
    .option('--timezone <iana>', 'IANA time zone, e.g. Europe/Berlin')
    .option('--engines <a,b>', 'engines to ask (each prompt keeps only these)')
    .option('--samples <n>', 'times each prompt is asked per engine, 1-5')
    .option(...data)
    .option('--json', 'print JSON')
    .action(async (opts: TrackingOptions) => (await actions()).tracking(opts));
}
