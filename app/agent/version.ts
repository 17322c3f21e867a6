import { readFileSync } from 'node:fs';

/** The agent's version as it reports it at pairing and check-in: the package's version. */
function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' && pkg.version ? pkg.version.slice(0, 40) : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const AGENT_VERSION = packageVersion();
