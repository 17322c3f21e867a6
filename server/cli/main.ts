import { Command } from 'commander';
import { registerAccounts } from './accounts.ts';
import { registerAgent } from './agent.ts';
import { registerAnswers } from './answers.ts';
import { registerBrandTruth } from './brand-truth.ts';
import { registerDb } from './db.ts';
import { registerDemo } from './demo.ts';
import { registerHosts } from './hosts.ts';
import { registerKeys } from './keys.ts';
import { registerRuns } from './runs.ts';
import { registerServe } from './serve.ts';

const program = new Command()
  .name('answerwatch')
  .description('Track what AI answer engines say about a brand.')
  .showHelpAfterError();

registerServe(program);
registerAccounts(program);
registerKeys(program);
registerHosts(program);
registerAgent(program);
registerAnswers(program);
registerBrandTruth(program);
registerRuns(program);
registerDemo(program);
registerDb(program);

await program.parseAsync(process.argv);
