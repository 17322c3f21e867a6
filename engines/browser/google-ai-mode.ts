/**
 * Google AI Mode (google.com/search?udm=50) in the browser. The prompt goes in the URL; the answer is the AI
 * Mode result container. Selectors after the page's DOM in 2025 (Google's class names are obfuscated and
 * change often, so the data attributes come first); most specific first.
 */
import type { BrowserEngineSpec, Selectors } from './spec.ts';

export const SELECTORS: Selectors = {
  input: ['textarea[name="q"]', 'textarea[aria-label="Ask anything"]'],
  submit: ['button[aria-label="Send"]', 'button[type="submit"]'],
  lastTurn: ['[data-subtree="aimc"]', 'div[data-container-id="main-col"]'],
  stop: [
    'button[aria-label="Stop"]',
    '[data-subtree="aimc"] [aria-busy="true"]',
    'div[aria-label="Loading"]',
  ],
  copyButton: [
    'button[aria-label="Copy text"]',
    'button[aria-label="Good response"]',
    'button[aria-label="Share"]',
    'button[aria-label="Helpful"]',
  ],
  sourcesButton: ['button[aria-label="Show all"]', 'button[aria-label*="sources" i]'],
  sourceLinks: [
    '[data-subtree="aimc"] ul a[href]',
    'div[data-subtree="aimba"] a[href]',
    'div[role="dialog"] a[href]',
  ],
  loginWall: ['form[action*="consent.google.com"]', 'div[aria-label^="Before you continue to Google"]'],
};

export const googleAiMode: BrowserEngineSpec = {
  id: 'google-ai-mode-local-fetch',
  label: 'Google AI Mode',
  defaultBaseUrl: 'https://www.google.com',
  signInPath: '/search?udm=50',
  selectors: SELECTORS,
  startUrl: (base, prompt) => `${base}/search?udm=50&q=${encodeURIComponent(prompt)}`,
  promptInUrl: true,
  loginUrls: [/^https:\/\/consent\.google\.[a-z.]+\//],
  ownHosts: [/^(www\.)?google\.[a-z.]+$/],
};
