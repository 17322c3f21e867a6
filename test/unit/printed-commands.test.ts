/**
 * Every command the service, the CLI, the agent and the web UI tell a person to run works as written in a checkout:
 * `npx answerwatch …` (the package's own command, which `npm install` puts on no PATH), never a bare `answerwatch …`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIRS = ['server', 'app/agent', 'app/ui/src', 'engines'];
const COMMANDS =
  'start|serve|accounts|keys|hosts|agent|answers|brand-truth|runs|demo|mcp|db|traffic|reports|site';
/** A command named in a string, not preceded by npx (comments name the commands as the program's parts). */
const BARE = new RegExp(`(?<!npx )\\banswerwatch (?:${COMMANDS})\\b`);
/** Names, not instructions: the label of the MCP owner caller in logs. */
const NAMES = ['Local owner (answerwatch mcp)'];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'dist' || e.name === 'node_modules'
        ? []
        : sources(join(dir, e.name))
      : /\.(ts|js)$/.test(e.name) && !e.name.endsWith('.d.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

describe('commands printed for a person to run', () => {
  it('are npx answerwatch …, everywhere outside comments', () => {
    const bare: string[] = [];
    for (const dir of DIRS) {
      for (const file of sources(dir)) {
        readFileSync(join(ROOT, file), 'utf8')
          .split('\n')
          .forEach((line, i) => {
            const code = line.trim();
            if (/^(\*|\/\/|\/\*)/.test(code) || NAMES.some((n) => code.includes(n))) return;
            if (BARE.test(code)) bare.push(`${relative(ROOT, join(ROOT, file))}:${i + 1}: ${code}`);
          });
      }
    }
    expect(bare).toEqual([]);
  });
});
