/**
 * The `answerwatch` command. Starting it loads commander and the command table below, nothing more: each command
 * loads what it uses when it runs, so `--help` or `keys list` never load Fastify, Playwright or the engines.
 *
 * A command lives in `server/cli/<name>.ts`, exporting `register<Name>(program)`, registered here. At its top it
 * imports only types, `commander` types, `./context.ts`, `./output.ts` and Node.js built-ins; anything else is
 * imported inside the action (`const { createAccount } = await import('../domain/accounts.ts')`), and a long
 * action body lives in a module of its own, imported the same way (`serve.ts` loads `run-service.ts`).
 * test/e2e/cli-startup.test.ts checks what starting the CLI loads.
 */
import { Command } from 'commander';
import { registerAccounts } from './accounts.ts';
import { registerAgent } from './agent.ts';
import { registerAnswers } from './answers.ts';
import { registerReports } from './reports.ts';
import { registerBrandTruth } from './brand-truth.ts';
import { registerDb } from './db.ts';
import { registerDemo } from './demo.ts';
import { registerHosts } from './hosts.ts';
import { registerKeys } from './keys.ts';
import { registerMcp } from './mcp.ts';
import { registerPeople } from './people.ts';
import { registerRuns } from './runs.ts';
import { registerServe } from './serve.ts';
import { registerTraffic } from './traffic.ts';

const program = new Command()
  .name('answerwatch')
  .description('Track what AI answer engines say about a brand.')
  .showHelpAfterError();

registerServe(program);
registerAccounts(program);
registerKeys(program);
registerPeople(program);
registerHosts(program);
registerAgent(program);
registerAnswers(program);
registerTraffic(program);
registerReports(program);
registerBrandTruth(program);
registerRuns(program);
registerDemo(program);
registerMcp(program);
registerDb(program);

await program.parseAsync(process.argv);
