/** Microsoft Copilot (copilot.microsoft.com) in the signed-in browser. Selectors after the app's DOM in 2025. */
import type { BrowserEngineSpec, Selectors } from './spec.ts';

export const SELECTORS: Selectors = {
  input: [
    'textarea#userInput',
    'textarea[data-testid="composer-input"]',
    'textarea[placeholder*="Copilot" i]',
  ],
  submit: [
    'button[data-testid="submit-button"]',
    'button[aria-label="Submit message"]',
    'button[title="Submit message"]',
  ],
  lastTurn: ['[data-content="ai-message"]', 'div[class*="ai-message"]', '[data-testid="ai-message"]'],
  stop: [
    'button[data-testid="stop-button"]',
    'button[aria-label="Interrupt message"]',
    'button[aria-label="Stop"]',
  ],
  copyButton: [
    'button[data-testid="copy-message-button"]',
    'button[aria-label="Copy"]',
    'button[data-testid="message-action-like"]',
  ],
  sourcesButton: ['button[data-testid="citations-button"]', 'button[aria-label*="sources" i]'],
  sourceLinks: ['[data-testid="citations-panel"] a[href]', 'div[role="dialog"] a[href^="http"]'],
  loginWall: [
    'button[data-testid="sign-in-button"]',
    'a[href^="https://login.live.com"]',
    'a[href^="https://login.microsoftonline.com"]',
  ],
};

export const copilot: BrowserEngineSpec = {
  id: 'copilot-local-fetch',
  label: 'Copilot',
  defaultBaseUrl: 'https://copilot.microsoft.com',
  signInPath: '/',
  selectors: SELECTORS,
  startUrl: (base) => `${base}/`,
  loginUrls: [/^https:\/\/login\.(live|microsoftonline)\.com\//],
  ownHosts: [/^copilot\.microsoft\.com$/, /^(www\.)?bing\.com$/],
};
