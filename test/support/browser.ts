/**
 * The browser the browser-engine tests drive. Without one the run leaves those tests out, saying once what to
 * install (test/support/global-setup.ts), except on CI (`CI=true`), where a missing browser is a failure: the
 * tests must not pass by not running.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSER_ENV_VARS, findBrowser } from '../../engines/browser/browser.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type BrowserVerdict = { run: true; path: string } | { run: false; fail: boolean; message: string };

/**
 * What a test run does about the browser: run the browser tests with the one found; else leave them out with one
 * line saying what to install and which tests that leaves out; on CI, fail with that line.
 */
export function browserVerdict(
  found: string | null,
  env: NodeJS.ProcessEnv,
  browserTests: readonly string[],
): BrowserVerdict {
  if (found !== null) return { run: true, path: found };
  const named = BROWSER_ENV_VARS.find((v) => env[v]);
  const where = named ? ` (${named}=${env[named]} does not exist)` : '';
  const fix = 'install it (apt-get install chromium) or set ANSWERWATCH_CHROME to its executable';
  const tests = browserTests.join(', ');
  return env.CI === 'true'
    ? {
        run: false,
        fail: true,
        message: `No Chrome or Chromium found${where}: ${fix}. On CI (CI=true) the browser tests must run: ${tests}.`,
      }
    : {
        run: false,
        fail: false,
        message: `No Chrome or Chromium found${where}: ${fix}. Leaving out the browser tests in ${tests}.`,
      };
}

/** The test files that drive the browser: those that call requireBrowser. */
export function browserTestFiles(): string[] {
  const dir = join(ROOT, 'test');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => /\brequireBrowser\(\)/.test(readFileSync(join(dir, file), 'utf8')))
    .map((file) => relative(ROOT, join(dir, file)).split('\\').join('/'))
    .sort();
}

/**
 * The browser's path (as the engines find it: ANSWERWATCH_CHROME, CHROME_PATH, the usual places); null when there
 * is none and this is not CI (the run has said so once); throws on CI. Each browser test file calls it and skips
 * its browser suites on null.
 */
export function requireBrowser(): string | null {
  const found = findBrowser();
  if (found !== null) return found;
  const verdict = browserVerdict(null, process.env, browserTestFiles());
  if (!verdict.run && verdict.fail) throw new Error(verdict.message);
  return null;
}
