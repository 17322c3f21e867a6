/** The walls an engine's page can put up before or during an answer: a sign-in page, a CAPTCHA, a Cloudflare check. */
import type { Page } from 'playwright-core';
import type { PageState } from './page-script.ts';
import type { BrowserEngineSpec } from './spec.ts';

/** Frames that hold a CAPTCHA widget (Turnstile can sit in a closed shadow root, out of the DOM's sight). */
const CAPTCHA_FRAMES = [
  /challenges\.cloudflare\.com/,
  /\/cdn-cgi\/challenge-platform\/.*turnstile/,
  /\/recaptcha\/(api2|enterprise)\/(anchor|bframe)/,
  /hcaptcha\.com\/captcha/,
];

type Block = { code: 'login_required' | 'captcha' | 'cloudflare_challenge'; detail: string };

async function captchaFrame(page: Page): Promise<string | null> {
  for (const frame of page.frames()) {
    if (frame === page.mainFrame() || !CAPTCHA_FRAMES.some((re) => re.test(frame.url()))) continue;
    const element = await frame.frameElement().catch(() => null);
    const box = element ? await element.boundingBox().catch(() => null) : null;
    if (box && box.width > 0 && box.height > 0) return `frame ${frame.url().slice(0, 120)}`;
  }
  return null;
}

/** Cloudflare first: its interstitial holds a Turnstile widget that is not the CAPTCHA we mean. */
export async function findBlock(
  page: Page,
  spec: BrowserEngineSpec,
  state: PageState,
): Promise<Block | null> {
  if (state.cloudflare) return { code: 'cloudflare_challenge', detail: state.title || 'Just a moment...' };
  const captcha = state.captcha ?? (await captchaFrame(page));
  if (captcha) return { code: 'captcha', detail: captcha };
  if (state.login) return { code: 'login_required', detail: `the page shows ${state.login}` };
  const loginUrl = spec.loginUrls?.find((re) => re.test(state.url));
  if (loginUrl) return { code: 'login_required', detail: `the page went to ${state.url.slice(0, 120)}` };
  return null;
}
