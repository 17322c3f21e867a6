import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../server/package-root.ts';

/** The agent's version as it reports it at pairing and check-in: the package's version. */
function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' && pkg.version ? pkg.version.slice(0, 40) : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const AGENT_VERSION = packageVersion();
