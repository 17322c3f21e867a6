/** Grok (grok.com) in the signed-in browser. Selectors after the app's DOM in 2025; most specific first. */
import type { BrowserEngineSpec, Selectors } from './spec.ts';

export const SELECTORS: Selectors = {
  input: [
    'textarea[aria-label="Ask Grok anything"]',
    'div.tiptap.ProseMirror[contenteditable="true"]',
    'form textarea',
  ],
  submit: [
    'button[type="submit"][aria-label="Submit"]',
    'button[aria-label="Submit"]',
    'form button[type="submit"]',
  ],
  lastTurn: [
    'div[id^="response-"].items-start .message-bubble',
    'div.items-start .message-bubble',
    'div.message-bubble',
  ],
  answerText: ['.response-content-markdown'],
  citations: ['div.citation-pills'],
  stop: ['button[aria-label="Stop model response"]', 'button[aria-label="Stop"]'],
  copyButton: ['button[aria-label="Copy"]', 'button[aria-label="Regenerate"]', 'button[aria-label="Like"]'],
  sourcesButton: ['div.citation-pills button', 'button[aria-label*="sources" i]'],
  sourceLinks: ['aside a[href^="http"]', 'div[role="dialog"] a[href^="http"]'],
  loginWall: ['a[href^="/sign-in"]', 'a[href*="accounts.x.ai/sign-in"]', 'button[aria-label="Sign in"]'],
};

export const grok: BrowserEngineSpec = {
  id: 'grok-local-fetch',
  label: 'Grok',
  defaultBaseUrl: 'https://grok.com',
  signInPath: '/sign-in',
  selectors: SELECTORS,
  startUrl: (base) => `${base}/`,
  loginUrls: [/^https:\/\/accounts\.x\.ai\//, /^https:\/\/grok\.com\/sign-in\b/],
  ownHosts: [/^(.+\.)?grok\.com$/],
};
