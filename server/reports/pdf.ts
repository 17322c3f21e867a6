import { launchArgs, resolveBrowser } from '../../engines/browser/browser.ts';
import { AppError } from '../domain/errors.ts';

/**
 * The report page printed to PDF by Chromium (playwright-core's `page.pdf`). The page is set as content, with script
 * off and every request refused: it is self-contained, so nothing it holds can run or reach the network. One browser
 * per rendering, closed after: reports are asked for now and then, and no browser stays behind a request.
 */
/** Browsers at once in this process: a share link is public, so its PDFs queue rather than start a browser each. */
const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

export async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export function renderPdf(page: string): Promise<Buffer> {
  return inTurn(() => print(page));
}

async function print(page: string): Promise<Buffer> {
  let executablePath: string;
  try {
    executablePath = resolveBrowser();
  } catch (err) {
    throw new AppError('internal', `No Chromium to render the PDF with: ${(err as Error).message}`, {}, 503);
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: launchArgs(true),
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  try {
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    await context.route('**/*', (route) => route.abort());
    const tab = await context.newPage();
    await tab.setContent(page, { waitUntil: 'load' });
    return await tab.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  } finally {
    await browser.close();
  }
}
