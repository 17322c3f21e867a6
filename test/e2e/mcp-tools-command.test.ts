/**
 * The command the documentation gives for listing the MCP tools, run exactly as written from the repository root,
 * as a newcomer pastes it into a shell: no database, no key, no service running.
 */
import { exec } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { listing } from '../../server/mcp/tool.ts';
import { TOOLS } from '../../server/mcp/tools/index.ts';

const sh = promisify(exec);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('npx answerwatch mcp tools, from the repository root', () => {
  it('lists every tool with its scope and one-line description', async () => {
    const { stdout } = await sh('npx answerwatch mcp tools', { cwd: ROOT });
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(TOOLS.length);
    lines.forEach((line, i) => {
      const t = TOOLS[i]!;
      expect(line.split(/\s{2,}/)).toEqual([t.name, t.scope, t.description]);
    });
  }, 60_000);

  it('prints with --json the tools/list result the MCP server answers', async () => {
    const { stdout } = await sh('npx answerwatch mcp tools --json', { cwd: ROOT });
    const listed = JSON.parse(stdout) as { tools: { name: string; inputSchema: object }[] };
    expect(listed).toEqual(JSON.parse(JSON.stringify({ tools: TOOLS.map(listing) })));
    expect(listed.tools.find((t) => t.name === 'start_run')?.inputSchema).toMatchObject({ type: 'object' });
  }, 60_000);
});
