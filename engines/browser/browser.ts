/**
 * Finding and starting the one browser the local-fetch engines share: a persistent profile (cookies, sign-ins)
 * the user signs in to once with `answerwatch agent login ENGINE`.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';

/** Environment variables naming the browser, in order of precedence (after the explicit option). */
export const BROWSER_ENV_VARS = ['ANSWERWATCH_CHROME', 'CHROME_PATH'] as const;

export class BrowserNotFoundError extends Error {
  readonly code = 'browser_not_found';
  constructor(readonly tried: readonly string[]) {
    super(
      `No Chrome or Chromium found (looked at: ${tried.join(', ')}). Install Google Chrome or Chromium, or set ` +
        `ANSWERWATCH_CHROME to the browser's executable.`,
    );
    this.name = 'BrowserNotFoundError';
  }
}

/** Where Chrome, Chromium or (on Windows) Edge usually live on this platform. */
export function browserCandidates(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  if (platform === 'darwin') {
    const apps = ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Chromium.app/Contents/MacOS/Chromium'];
    return [...apps.map((a) => `/Applications/${a}`), ...apps.map((a) => join(homedir(), 'Applications', a))];
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(
      (r): r is string => typeof r === 'string' && r !== '',
    );
    return [
      ...roots.map((r) => join(r, 'Google', 'Chrome', 'Application', 'chrome.exe')),
      ...roots.map((r) => join(r, 'Chromium', 'Application', 'chrome.exe')),
      ...roots.map((r) => join(r, 'Microsoft', 'Edge', 'Application', 'msedge.exe')),
    ];
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/snap/bin/chromium',
  ];
}

function runnable(path: string): boolean {
  try {
    if (process.platform === 'win32') return existsSync(path);
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface FindBrowserOptions {
  /** Wins over everything; must exist. */
  executablePath?: string;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** For tests. */
  exists?: (path: string) => boolean;
}

/**
 * The browser to run: the explicit path (option, then ANSWERWATCH_CHROME, then CHROME_PATH), which must
 * exist; else the first of the usual install locations that does. Throws BrowserNotFoundError.
 */
export function resolveBrowser(options: FindBrowserOptions = {}): string {
  const env = options.env ?? process.env;
  const exists = options.exists ?? runnable;
  const explicit =
    options.executablePath ?? BROWSER_ENV_VARS.map((v) => env[v]).find((v) => v !== undefined && v !== '');
  if (explicit !== undefined) {
    if (exists(explicit)) return explicit;
    throw new BrowserNotFoundError([explicit]);
  }
  const candidates = browserCandidates(options.platform, env);
  const found = candidates.find(exists);
  if (found === undefined) throw new BrowserNotFoundError(candidates);
  return found;
}

/** resolveBrowser, or null when there is none. */
export function findBrowser(options: FindBrowserOptions = {}): string | null {
  try {
    return resolveBrowser(options);
  } catch (err) {
    if (err instanceof BrowserNotFoundError) return null;
    throw err;
  }
}

/** The profile the user signs in to: `<dataDir>/browser-profile`. */
export function defaultProfileDir(dataDir = 'data'): string {
  return join(dataDir, 'browser-profile');
}

export interface LaunchOptions {
  profileDir: string;
  executablePath?: string;
  /** Default true. */
  headless?: boolean;
  /** Added to the defaults. */
  args?: readonly string[];
}

/** Flags for a quiet browser: no first-run UI, no background traffic, no QUIC; no sandbox only as root. */
export function launchArgs(headless: boolean): string[] {
  const args = [
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // Many asks run in background tabs: keep their timers and rendering at full speed.
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
    '--disable-backgrounding-occluded-windows',
  ];
  if (headless) args.push('--disable-gpu');
  // Chromium refuses to start its sandbox as root (containers, CI).
  if (typeof process.getuid === 'function' && process.getuid() === 0) args.push('--no-sandbox');
  return args;
}

/**
 * One persistent context on the profile (Chromium allows one process per profile directory). Playwright is loaded
 * here, when a browser starts: a service or agent that never asks a browser engine never loads it.
 */
export async function launchBrowser(options: LaunchOptions): Promise<BrowserContext> {
  const headless = options.headless ?? true;
  const { chromium } = await import('playwright-core');
  return chromium.launchPersistentContext(options.profileDir, {
    executablePath: resolveBrowser({ executablePath: options.executablePath }),
    headless,
    args: [...launchArgs(headless), ...(options.args ?? [])],
    viewport: headless ? { width: 1280, height: 900 } : null,
    acceptDownloads: false,
    // The process that launched the browser closes it on its own signals: Playwright's SIGINT handler would end the
    // process with code 130 before that process's own graceful stop finished, and its SIGHUP handler would keep
    // a process alive whose terminal is gone. Its exit handler still kills the browser if the process dies.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}
