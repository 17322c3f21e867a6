/**
 * Once before any test file runs. The end-to-end tests spawn `server/cli/bin.js`, which runs the compiled code in
 * dist/ and serves app/ui/dist: both are built here from the current sources (incrementally), so no test runs
 * stale code. Then the browser is looked for once: without one, a single line says what to install and which tests
 * are left out, or, on CI, the run fails.
 */
import { build } from '../../server/cli/build.js';
import { findBrowser } from '../../engines/browser/browser.ts';
import { browserTestFiles, browserVerdict } from './browser.ts';

export default function setup(): void {
  build();
  const verdict = browserVerdict(findBrowser(), process.env, browserTestFiles());
  if (verdict.run) return;
  if (verdict.fail) throw new Error(verdict.message);
  console.warn(verdict.message);
}
