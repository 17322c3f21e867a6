import type { Command } from 'commander';
import { fail, print, type OutputOptions } from './output.ts';

interface McpOptions {
  db?: string;
  account?: string;
}

export function registerMcp(program: Command): void {
  const mcp = program
    .command('mcp')
    .description(
      'Serve the Model Context Protocol over stdio, for assistants (Claude Desktop, Cursor, Codex)',
    )
    .option(
      '--db <location>',
      'SQLite database file or postgres:// URL (default ./data/answerwatch.db or ANSWERWATCH_DB)',
    )
    .option(
      '--account <id>',
      'without ANSWERWATCH_API_KEY: the account to act on as this machine’s owner (default: the only one)',
    )
    .action(async (opts: McpOptions) => {
      const [{ serveStdio }, { AppError }, { StoreOpenError }] = await Promise.all([
        import('../mcp/stdio.ts'),
        import('../domain/errors.ts'),
        import('../store/errors.ts'),
      ]);
      await serveStdio(opts).catch((err: unknown) => {
        if (err instanceof AppError) fail(err.detail);
        if (err instanceof StoreOpenError) fail(err.message);
        throw err;
      });
    });
  // Needs no database and no key: what an assistant is offered, to check the set-up before configuring one.
  mcp
    .command('tools')
    .description('List the MCP tools as tools/list answers them (--json: that whole result)')
    .option('--json', 'print the tools/list result as JSON')
    .action(async (opts: OutputOptions) => {
      const [{ TOOLS }, { listing }] = await Promise.all([
        import('../mcp/tools/index.ts'),
        import('../mcp/tool.ts'),
      ]);
      const width = Math.max(...TOOLS.map((t) => t.name.length));
      print(opts, { tools: TOOLS.map(listing) }, () =>
        TOOLS.map((t) => `${t.name.padEnd(width)}  ${t.scope.padEnd(15)}  ${t.description}`).join('\n'),
      );
    });
}
