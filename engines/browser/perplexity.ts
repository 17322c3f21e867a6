/** Perplexity (perplexity.ai) in the signed-in browser. Selectors after the app's DOM in 2025; most specific first. */
import type { BrowserEngineSpec, Selectors } from './spec.ts';

export const SELECTORS: Selectors = {
  input: [
    '#ask-input',
    'div[contenteditable="true"][role="textbox"]',
    'textarea[placeholder*="Ask" i]',
    'textarea',
  ],
  submit: ['button[data-testid="submit-button"]', 'button[aria-label="Submit"]', 'button[aria-label="Send"]'],
  lastTurn: ['[id^="markdown-content"]', 'div[dir="auto"].prose', 'div.prose'],
  citations: ['span.citation', 'a.citation'],
  stop: [
    'button[data-testid="stop-generating-response-button"]',
    'button[aria-label="Stop generating response"]',
    'button[aria-label="Stop"]',
  ],
  copyButton: [
    'button[data-testid="copy-button"]',
    'button[aria-label="Copy"]',
    'button[aria-label="Rewrite"]',
  ],
  sourcesButton: [
    'button[data-testid="sources-button"]',
    '[role="tab"][data-testid="sources-tab"]',
    'button[aria-label*="sources" i]',
  ],
  sourceLinks: [
    '[data-testid="sources-panel"] a[href]',
    '[data-testid="source-item"] a[href]',
    'div[role="tabpanel"] a[href^="http"]',
  ],
  loginWall: [
    '[data-testid="login-modal"]',
    'div[role="dialog"] button[data-testid="login-with-google"]',
    'div[role="dialog"] input[type="email"]',
  ],
  model: ['button[aria-label="Choose a model"]'],
};

export const perplexity: BrowserEngineSpec = {
  id: 'perplexity-local-fetch',
  label: 'Perplexity',
  defaultBaseUrl: 'https://www.perplexity.ai',
  signInPath: '/',
  selectors: SELECTORS,
  startUrl: (base) => `${base}/`,
  loginUrls: [/^https:\/\/www\.perplexity\.ai\/(auth|login)\b/],
  ownHosts: [/^(.+\.)?perplexity\.ai$/],
};
