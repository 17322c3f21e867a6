/**
 * The browser the browser-engine tests drive. Without one the tests are skipped with a message, except on
 * CI (`CI=true`), where a missing browser is a failure: the tests must not pass by not running.
 */
import { findBrowser } from '../../engines/browser/browser.ts';

/** Chrome or Chromium as the engines would find it (option-less: ANSWERWATCH_CHROME, CHROME_PATH, the usual paths). */
export function browserPath(): string | null {
  return findBrowser();
}

/** The browser's path; null (with a warning) when there is none and this is not CI; throws on CI. */
export function requireBrowser(): string | null {
  const path = browserPath();
  if (path !== null) return path;
  const message =
    'No Chrome or Chromium found (set ANSWERWATCH_CHROME or install chromium): the browser-engine tests cannot run.';
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`${message} Skipping them.`);
  return null;
}
