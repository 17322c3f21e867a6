/**
 * The code the driver runs inside the chat page. It is kept as plain JavaScript text, not as TypeScript
 * functions handed to `page.evaluate`: transpilers (tsx, vitest) may add helpers such as `__name` to
 * functions, which do not exist in the page.
 */
import type { Selectors } from './spec.ts';

/** What one look at the page shows. */
export interface PageState {
  url: string;
  title: string;
  /** Cloudflare's interstitial ("Just a moment..."). */
  cloudflare: boolean;
  /** Why the page looks like a CAPTCHA, or null. */
  captcha: string | null;
  /** The login-wall selector that matched a visible element, or null. */
  login: string | null;
  /** The first input selector with a visible match. */
  inputSel: string | null;
  inputText: string;
  submitSel: string | null;
  submitEnabled: boolean;
  /** How many assistant turns the page holds. */
  turns: number;
  /** The last assistant turn's innerText, without its citation pills. */
  text: string;
  /** The app's error message in (or after) the last turn, or null. */
  replyError: string | null;
  /** A copy or action button inside or after the last assistant turn. */
  copy: boolean;
  /** A visible stop button or streaming marker. */
  stop: boolean;
  model: string | null;
}

export interface ProbeConfig {
  selectors: Selectors;
  /** An attribute of the last turn (or an ancestor) naming the model, e.g. `data-message-model-slug`. */
  modelAttribute: string | null;
}

const HELPERS = `
  const visible = (el) => {
    if (!el || !el.isConnected || el.getClientRects().length === 0) return false;
    const st = getComputedStyle(el);
    return st.visibility !== 'hidden' && st.display !== 'none';
  };
  const query = (sel, root) => {
    try { return Array.from((root || document).querySelectorAll(sel)); } catch (e) { return []; }
  };
  /** All matches of the first selector in the list that matches anything. */
  const firstList = (list, root) => {
    for (const sel of list || []) { const els = query(sel, root); if (els.length) return { sel, els }; }
    return { sel: null, els: [] };
  };
  const firstVisible = (list, root) => {
    for (const sel of list || []) for (const el of query(sel, root)) if (visible(el)) return { sel, el };
    return null;
  };
  const lastTurn = (S) => { const t = firstList(S.lastTurn); return { count: t.els.length, el: t.els[t.els.length - 1] || null }; };
  const inOrAfter = (turn, el) =>
    turn.contains(el) || (turn.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  /**
   * A link whose visible text is a lower-case host name, maybe with a count ("nytimes.com +2"): a source pill.
   * A brand written as a linked name in a sentence ("Booking.com") has capitals and stays text.
   */
  const DOMAIN_LABEL = /^(?:[a-z0-9-]+\\.)+[a-z]{2,}(?:\\s*\\+\\d+)?$/;
  const pills = (S, root) => {
    const found = new Set();
    for (const sel of S.citations || []) for (const el of query(sel, root)) found.add(el);
    for (const a of query('a[href]', root)) {
      const label = (a.innerText || a.textContent || '').replace(/\\s+/g, ' ').trim();
      if (DOMAIN_LABEL.test(label)) found.add(a);
    }
    return Array.from(found);
  };
  /** innerText without the pills: they are hidden for the one synchronous read, then shown again. */
  const textWithoutPills = (S, el) => {
    const hidden = pills(S, el).map((p) => [p, p.style.display]);
    for (const [p] of hidden) p.style.display = 'none';
    try { return el.innerText || ''; } finally { for (const [p, d] of hidden) p.style.display = d; }
  };
  const linkOf = (a) => {
    const label = a.getAttribute('title') || a.getAttribute('aria-label') || (a.innerText || a.textContent || '');
    const title = label.replace(/\\s+/g, ' ').trim().slice(0, 300);
    return { href: a.href, title: title || null };
  };
`;

/** `(config) => PageState` */
export const PROBE = `(cfg) => {
  ${HELPERS}
  const S = cfg.selectors;
  const title = document.title || '';
  const bodyText = () => (document.body ? document.body.innerText || '' : '').slice(0, 4000);
  const turn = lastTurn(S);
  const input = firstVisible(S.input);
  const submit = firstVisible(S.submit);

  const cloudflare = /^\\s*just a moment/i.test(title) ||
    (!input && turn.count === 0 && (query('#challenge-form, #challenge-running, #cf-challenge-running, #challenge-stage').length > 0 ||
      /checking (if the site connection is secure|your browser before accessing)/i.test(bodyText())));

  let captcha = null;
  if (/\\/sorry\\//.test(location.pathname)) captcha = 'sorry page';
  else {
    const widget = firstVisible([
      'iframe[src*="challenges.cloudflare.com"]', 'iframe[title*="Cloudflare security challenge" i]',
      '.cf-turnstile', 'iframe[src*="/recaptcha/"]', 'iframe[title*="reCAPTCHA" i]', '.g-recaptcha',
      'iframe[src*="hcaptcha.com"]', '.h-captcha', 'form#captcha-form', '#captcha-form',
    ]);
    if (widget) captcha = widget.sel;
    else if (turn.count === 0 && /unusual traffic from your computer network|not a robot/i.test(bodyText()))
      captcha = 'unusual traffic';
  }

  const wall = firstVisible(S.loginWall);

  let text = '', copy = false, model = null, replyError = null;
  if (turn.el) {
    const inner = firstVisible(S.answerText || [], turn.el);
    text = textWithoutPills(S, inner ? inner.el : turn.el);
    for (const sel of S.copyButton || []) {
      if (query(sel).some((b) => visible(b) && inOrAfter(turn.el, b))) { copy = true; break; }
    }
    if (cfg.modelAttribute) {
      const holder = turn.el.closest('[' + cfg.modelAttribute + ']') || turn.el.querySelector('[' + cfg.modelAttribute + ']');
      if (holder) model = holder.getAttribute(cfg.modelAttribute);
    }
  }
  if (!model) {
    const m = firstVisible(S.model || []);
    if (m) model = (m.el.innerText || m.el.textContent || '').trim() || null;
  }
  const stop = firstVisible(S.stop) !== null;
  for (const sel of S.replyError || []) {
    const el = query(sel).find((e) => visible(e) && (!turn.el || inOrAfter(turn.el, e)));
    if (el) {
      const box = el.closest('[class*="error"]') || el.parentElement || el;
      replyError = (box.innerText || el.innerText || 'error').replace(/\\s+/g, ' ').trim().slice(0, 200);
      break;
    }
  }

  const inputText = input ? (('value' in input.el && typeof input.el.value === 'string') ? input.el.value : (input.el.innerText || '')) : '';
  const submitEnabled = !!submit && !submit.el.disabled && submit.el.getAttribute('aria-disabled') !== 'true';

  return {
    url: location.href, title, cloudflare, captcha, login: wall ? wall.sel : null,
    inputSel: input ? input.sel : null, inputText, submitSel: submit ? submit.sel : null, submitEnabled,
    turns: turn.count, text, replyError, copy, stop, model,
  };
}`;

/** `(config) => { answer: PageLink[]; panel: PageLink[] }`: links in the last turn and in the sources panel. */
export const LINKS = `(cfg) => {
  ${HELPERS}
  const S = cfg.selectors;
  const turn = lastTurn(S);
  const answer = turn.el ? query('a[href]', turn.el).map(linkOf) : [];
  const panel = [];
  for (const sel of S.sourceLinks || []) for (const a of query(sel)) if (a.href) panel.push(linkOf(a));
  return { answer, panel };
}`;

/** `(config) => boolean`: clicks the sources button of the last turn (or the page's), when there is one. */
export const OPEN_SOURCES = `(cfg) => {
  ${HELPERS}
  const S = cfg.selectors;
  const turn = lastTurn(S);
  for (const sel of S.sourcesButton || []) {
    const els = query(sel).filter((b) => visible(b));
    const mine = turn.el ? els.filter((b) => inOrAfter(turn.el, b)) : [];
    const button = mine[0] || els[els.length - 1];
    if (button) { button.click(); return true; }
  }
  return false;
}`;
