import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of Answerwatch's package.json, next to the built web UI (app/ui/dist). Found by walking up from this
 * file, because the same code runs from the sources (server/) and compiled (dist/server/), one level deeper.
 */
function packageRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const PACKAGE_ROOT = packageRoot();

/** The package's version, as the agent reports it at pairing and check-in and the MCP server names itself. */
function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' && pkg.version ? pkg.version.slice(0, 40) : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const PACKAGE_VERSION = packageVersion();
