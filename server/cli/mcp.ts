import type { Command } from 'commander';
import { fail } from './output.ts';

interface McpOptions {
  db?: string;
  account?: string;
}

export function registerMcp(program: Command): void {
  program
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
}
