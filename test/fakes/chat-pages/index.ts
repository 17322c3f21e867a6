/**
 * Mock chat apps on 127.0.0.1 for the browser engines: ChatGPT, Perplexity, Gemini, Google AI Mode, Claude,
 * Grok and Copilot, each under its own path, each built like the real app as far as engines/browser's
 * selectors look. Answers stream in; modes script walls and failures per engine.
 *
 *   const pages = await startChatPages({ streamMs: 400 });
 *   const { engines } = createBrowserEngines({ profileDir, baseUrls: pages.baseUrls, … });
 *   pages.setMode('chatgpt-local-fetch', 'captcha');
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserEngineId } from '../../../engines/browser/spec.ts';
import { defaultAnswer, type AnswerFn } from '../engines/answer.ts';
import { CLIENT_SCRIPT } from './client.ts';
import { TEMPLATES, withUtm, type ChatPageSlug, type PageTemplate } from './templates.ts';

/**
 * normal; login (a sign-in wall instead of the prompt box); login-during (the wall comes up after the send);
 * captcha (Google: a redirect to `/sorry/index`, "unusual traffic"; others: a Turnstile widget);
 * turnstile (a Turnstile iframe in a closed shadow root, as Cloudflare now renders it); cloudflare ("Just a
 * moment...", 403); cloudflare-pass (the same, passing by itself: it sets a cookie and reloads); cloudflare-then-app
 * (the check that does not clear, for the first `challenges` page loads, then the app); stall (the stream stops
 * half way and never ends); reply-error (the stream stops half way and the app shows its in-turn error box with a
 * Retry button, no copy button); slow (streams over `slowStreamMs`).
 */
export type ChatPageMode =
  | 'normal'
  | 'login'
  | 'login-during'
  | 'captcha'
  | 'turnstile'
  | 'cloudflare'
  | 'cloudflare-pass'
  | 'cloudflare-then-app'
  | 'stall'
  | 'reply-error'
  | 'slow';

export interface ChatPagesOptions {
  /** What the app answers; called with the local-fetch engine id. Default: three brands, three URLs. */
  answer?: AnswerFn;
  /** How long an answer takes to stream in. Default 450 ms. */
  streamMs?: number;
  /** The same in `slow` mode. Default 3000 ms. */
  slowStreamMs?: number;
  /** Between two chunks of the stream. Default 30 ms. */
  tickMs?: number;
}

export interface ChatPageRequest {
  engineId: BrowserEngineId;
  method: string;
  path: string;
  mode: ChatPageMode;
  /** The prompt, for answer requests and Google searches. */
  prompt: string | null;
}

export interface ChatPages {
  origin: string;
  /** Per local-fetch engine id, the mock app's base URL. */
  baseUrls: Record<BrowserEngineId, string>;
  /**
   * Accepts the local-fetch id or the short one (`chatgpt`); `streamMs` overrides the stream time, `challenges`
   * is how many page loads `cloudflare-then-app` answers with the check (default 2).
   */
  setMode(engineId: string, mode: ChatPageMode, options?: { streamMs?: number; challenges?: number }): void;
  /** Every request, in arrival order (a live array). */
  requests: ChatPageRequest[];
  /** The prompts an engine's app answered (its answer requests), in order. */
  prompts(engineId: string): string[];
  close(): Promise<void>;
}

const SLUGS = Object.keys(TEMPLATES) as ChatPageSlug[];
const MODES: readonly ChatPageMode[] = [
  'normal',
  'login',
  'login-during',
  'captcha',
  'turnstile',
  'cloudflare',
  'cloudflare-pass',
  'cloudflare-then-app',
  'stall',
  'reply-error',
  'slow',
];

function slugOf(engineId: string): ChatPageSlug {
  const slug = engineId.replace(/-local-fetch$/, '');
  if (!(SLUGS as string[]).includes(slug)) throw new Error(`no mock chat page for ${engineId}`);
  return slug as ChatPageSlug;
}

const esc = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const STYLE = `
  body { font: 15px/1.5 sans-serif; margin: 0; padding: 16px; }
  model-response, message-content, user-query, rich-textarea, message-actions, copy-button { display: block; }
  [contenteditable] { border: 1px solid #999; min-height: 40px; padding: 6px; }
  textarea { width: 420px; height: 48px; }
  button { min-width: 24px; min-height: 20px; }
  a.chip { font-size: 12px; background: #eee; border-radius: 8px; padding: 0 6px; }
  aside, [data-testid$="-panel"], [data-subtree="aimba"] { border-left: 3px solid #ccc; padding: 8px; }
  aside a, [data-testid$="-panel"] a { display: block; }
  div[role="dialog"], [data-testid="login-modal"] { position: fixed; inset: 20%; background: #fff; border: 2px solid; }
  .cf-turnstile iframe, #cf-host { width: 300px; height: 65px; display: block; }
`;

/** The answer cut into streamable blocks: paragraphs, or list items for "- " lines, with their links. */
function render(template: PageTemplate, engineId: string, prompt: string, answer: AnswerFn) {
  const { text, sources } = answer(engineId, prompt);
  const segments: { tag: 'p' | 'li'; text: string; links: { href: string; label: string }[] }[] = [];
  for (const block of text.split(/\n{2,}/)) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    if (lines.length > 0 && lines.every((l) => /^\s*[-*] /.test(l)))
      for (const line of lines) segments.push({ tag: 'li', text: line.replace(/^\s*[-*] /, ''), links: [] });
    else if (lines.length > 0) segments.push({ tag: 'p', text: lines.join(' '), links: [] });
  }
  // With a panel, the last source is only there: the driver must open the panel to see it.
  const inline = template.panel && sources.length > 1 ? sources.slice(0, -1) : sources;
  inline.forEach((s, i) => {
    const label = new URL(s.url).hostname.replace(/^www\./, '');
    segments[i % Math.max(1, segments.length)]?.links.push({ href: template.link(s.url, i), label });
  });
  const panel = sources.map((s) => ({ href: withUtm(s.url, 'panel'), title: s.title ?? s.url }));
  return { segments, panel };
}

interface EngineState {
  mode: ChatPageMode;
  streamMs: number | null;
  /** Page loads `cloudflare-then-app` still answers with the check. */
  challenges: number;
}

export async function startChatPages(options: ChatPagesOptions = {}): Promise<ChatPages> {
  const answer = options.answer ?? defaultAnswer;
  const states = new Map<ChatPageSlug, EngineState>(
    SLUGS.map((s) => [s, { mode: 'normal', streamMs: null, challenges: 0 }]),
  );
  const requests: ChatPageRequest[] = [];
  let origin = '';

  const setMode = (
    engineId: string,
    mode: ChatPageMode,
    opts: { streamMs?: number; challenges?: number } = {},
  ) => {
    if (!MODES.includes(mode)) throw new Error(`unknown mode ${mode}`);
    states.set(slugOf(engineId), { mode, streamMs: opts.streamMs ?? null, challenges: opts.challenges ?? 2 });
  };

  const page = (slug: ChatPageSlug, state: EngineState, autoPrompt: string | null): string => {
    const t = TEMPLATES[slug];
    const { mode } = state;
    const streamMs =
      state.streamMs ?? (mode === 'slow' ? (options.slowStreamMs ?? 3000) : (options.streamMs ?? 450));
    const config = {
      mode,
      streamMs,
      tickMs: options.tickMs ?? 30,
      answerUrl: `/${slug}/api/answer`,
      input: t.input ?? null,
      inputKind: t.inputKind ?? 'textarea',
      submit: t.submit ?? null,
      stop: t.stop ?? null,
      disableEmptySubmit: t.disableEmptySubmit ?? false,
      hideSubmitWhileStreaming: t.hideSubmitWhileStreaming ?? false,
      userTurn: t.userTurn ?? null,
      assistantTurn: t.assistantTurn,
      actions: t.actions,
      panel: t.panel ?? null,
      panelAuto: t.panelAuto ?? false,
      loginWall: t.loginWall,
      pill: t.pill ?? null,
      replyError: t.replyError ?? null,
      autoPrompt: mode === 'login' || mode === 'captcha' || mode === 'turnstile' ? null : autoPrompt,
    };
    let widget = '';
    if (mode === 'captcha')
      widget = `<div class="cf-turnstile"><iframe title="Widget containing a Cloudflare security challenge"
        src="/__cf/cdn-cgi/challenge-platform/h/b/turnstile/if/ov2/av0"></iframe></div>`;
    if (mode === 'turnstile')
      widget = `<div id="cf-host"></div><script>
        document.getElementById('cf-host').attachShadow({ mode: 'closed' }).innerHTML =
          '<iframe style="width:300px;height:65px;border:0" src="/__cf/cdn-cgi/challenge-platform/h/b/turnstile/if/ov2/av0"></iframe>';
      </script>`;
    const json = JSON.stringify(config).replace(/</g, '\\u003c');
    return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(t.title)}</title>
      <style>${STYLE}</style></head><body>
      ${t.header ?? ''}
      <main><div id="thread"></div></main>
      ${mode === 'login' ? t.loginWall : (t.composer ?? '')}
      ${widget}
      <script>window.__CFG = ${json};</script><script>${CLIENT_SCRIPT}</script>
      </body></html>`;
  };

  /** With a cookie, the check passes by itself after a moment: it sets the cookie and reloads. */
  const cloudflarePage = (
    cookie: string | null,
  ) => `<!doctype html><html><head><title>Just a moment...</title>
    </head><body><div id="challenge-stage"><h1>127.0.0.1</h1>
    <p>Verify you are human by completing the action below.</p><p>Checking if the site connection is secure</p>
    </div>${
      cookie === null
        ? ''
        : `<script>setTimeout(function () { document.cookie = '${cookie}; path=/'; location.reload(); }, 200);</script>`
    }</body></html>`;

  const sorryPage = `<!doctype html><html><head><title>Sorry...</title></head><body>
    <div>Our systems have detected unusual traffic from your computer network. This page checks to see if
    it's really you sending the requests, and not a robot.</div>
    <form id="captcha-form"><div class="g-recaptcha" style="width:304px;height:78px;border:1px solid"></div></form>
    </body></html>`;

  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
  };

  const readJson = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      return {};
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    const method = req.method ?? 'GET';
    if (url.pathname === '/__mode' && method === 'POST') {
      const body = await readJson(req);
      setMode(String(body.engineId), body.mode as ChatPageMode, {
        streamMs: typeof body.streamMs === 'number' ? body.streamMs : undefined,
      });
      res.writeHead(204).end();
      return;
    }
    if (url.pathname.startsWith('/__cf/'))
      return html(
        res,
        200,
        '<!doctype html><body><label><input type="checkbox"> Verify you are human</label>',
      );
    const slug = url.pathname.split('/')[1] as ChatPageSlug;
    if (!SLUGS.includes(slug)) return html(res, 404, 'not found');
    const state = states.get(slug)!;
    const rest = url.pathname.slice(slug.length + 1) || '/';
    const engineId = `${slug}-local-fetch` as BrowserEngineId;
    const log = (prompt: string | null) =>
      requests.push({ engineId, method, path: url.pathname, mode: state.mode, prompt });

    if (rest === '/api/answer' && method === 'POST') {
      const prompt = String((await readJson(req)).prompt ?? '');
      log(prompt);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(render(TEMPLATES[slug], engineId, prompt, answer)));
      return;
    }
    if (method !== 'GET') return html(res, 405, 'method not allowed');
    if (rest.startsWith('/sorry/')) {
      log(null);
      return html(res, 429, sorryPage);
    }
    const prompt = slug === 'google-ai-mode' && rest === '/search' ? (url.searchParams.get('q') ?? '') : null;
    log(prompt);
    if (rest === '/favicon.ico') return html(res, 404, '');
    if (state.mode === 'cloudflare') return html(res, 403, cloudflarePage(null));
    if (state.mode === 'cloudflare-then-app' && state.challenges > 0) {
      state.challenges -= 1;
      return html(res, 403, cloudflarePage(null));
    }
    const cleared = `cf_clearance_${slug.replace(/-/g, '_')}=1`;
    if (state.mode === 'cloudflare-pass' && !(req.headers.cookie ?? '').includes(cleared))
      return html(res, 403, cloudflarePage(cleared));
    if (state.mode === 'captcha' && slug === 'google-ai-mode') {
      res.writeHead(302, { location: `/${slug}/sorry/index?continue=${encodeURIComponent(url.href)}` });
      res.end();
      return;
    }
    return html(res, 200, page(slug, state, prompt));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const baseUrls = Object.fromEntries(SLUGS.map((s) => [`${s}-local-fetch`, `${origin}/${s}`])) as Record<
    BrowserEngineId,
    string
  >;

  return {
    origin,
    baseUrls,
    setMode,
    requests,
    prompts: (engineId) =>
      requests
        .filter((r) => r.engineId === `${slugOf(engineId)}-local-fetch` && r.path.endsWith('/api/answer'))
        .map((r) => r.prompt!),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
