/** Gemini (gemini.google.com) in the signed-in browser. Selectors after the app's DOM in 2025; most specific first. */
import type { BrowserEngineSpec, Selectors } from './spec.ts';

export const SELECTORS: Selectors = {
  input: [
    'rich-textarea .ql-editor[contenteditable="true"]',
    'rich-textarea [contenteditable="true"]',
    'div.ql-editor[contenteditable="true"]',
  ],
  submit: ['button.send-button', 'button[aria-label="Send message"]', 'button[aria-label="Send"]'],
  lastTurn: ['model-response message-content', 'message-content', 'model-response .model-response-text'],
  answerText: ['.markdown', '.model-response-text'],
  citations: ['source-footnote', 'sources-carousel-inline'],
  stop: [
    'button.send-button.stop',
    'button[aria-label="Stop response"]',
    'button[aria-label="Stop generating"]',
    'model-response .response-container-pending',
  ],
  copyButton: [
    'model-response copy-button button',
    'button[data-test-id="copy-button"]',
    'button[aria-label="Copy"]',
    'message-actions button',
  ],
  sourcesButton: ['button.sources-button', 'button[aria-label*="Sources" i]', 'sources-list button'],
  sourceLinks: ['sources-list a[href]', 'source-footnote a[href]', '.sources-sidebar a[href]'],
  loginWall: [
    'a[href^="https://accounts.google.com/ServiceLogin"]',
    'a[aria-label="Sign in"]',
    'sign-in-button',
    'button[data-test-id="sign-in-button"]',
  ],
  model: ['bard-mode-switcher button', 'button[data-test-id="bard-mode-menu-button"]'],
};

export const gemini: BrowserEngineSpec = {
  id: 'gemini-local-fetch',
  label: 'Gemini',
  defaultBaseUrl: 'https://gemini.google.com',
  signInPath: '/app',
  selectors: SELECTORS,
  startUrl: (base) => `${base}/app`,
  loginUrls: [/^https:\/\/accounts\.google\.com\//, /^https:\/\/consent\.google\.com\//],
  ownHosts: [/^gemini\.google\.com$/, /^(www\.)?google\.[a-z.]+$/],
};
