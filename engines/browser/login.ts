/** `answerwatch agent login ENGINE`: the profile in a visible window at the engine's sign-in page. */
import { launchBrowser } from './browser.ts';
import { browserEngineSpec } from './index.ts';

export interface LoginWindowOptions {
  profileDir: string;
  executablePath?: string;
  engineId: string;
  baseUrl?: string;
}

/** Resolves when the user closes the window (the browser engines must not hold the profile meanwhile). */
export async function openLoginWindow(options: LoginWindowOptions): Promise<void> {
  const spec = browserEngineSpec(options.engineId);
  if (!spec) throw new Error(`${options.engineId} is not a browser engine`);
  const base = (options.baseUrl ?? spec.defaultBaseUrl).replace(/\/+$/, '');
  const context = await launchBrowser({
    profileDir: options.profileDir,
    executablePath: options.executablePath,
    headless: false,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const closed = new Promise<void>((resolve) => {
    context.on('close', () => resolve());
    page.on('close', () => resolve());
  });
  await page.goto(new URL(spec.signInPath, `${base}/`).href).catch(() => undefined);
  await closed;
  await context.close().catch(() => undefined);
}
