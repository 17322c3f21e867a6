/** Claude (claude.ai) in the signed-in browser. Selectors after the app's DOM in 2025; most specific first. */
import type { BrowserEngineSpec, Selectors } from './spec.ts';

export const SELECTORS: Selectors = {
  input: [
    'div.ProseMirror[contenteditable="true"]',
    '[data-testid="chat-input"] [contenteditable="true"]',
    'fieldset div[contenteditable="true"]',
  ],
  submit: [
    'button[aria-label="Send message"]',
    'button[aria-label="Send Message"]',
    'fieldset button[type="submit"]',
  ],
  lastTurn: ['div.font-claude-response', 'div.font-claude-message', '[data-is-streaming] .grid-cols-1'],
  stop: [
    '[data-is-streaming="true"]',
    'button[aria-label="Stop response"]',
    'button[aria-label="Stop Response"]',
  ],
  copyButton: [
    'button[data-testid="action-bar-copy"]',
    'button[aria-label="Copy"]',
    'button[data-testid="action-bar-retry"]',
  ],
  sourcesButton: [],
  sourceLinks: [],
  loginWall: ['[data-testid="login-form"]', 'button[data-testid="login-with-google"]', 'input#email'],
  model: ['button[data-testid="model-selector-dropdown"]'],
};

export const claude: BrowserEngineSpec = {
  id: 'claude-local-fetch',
  label: 'Claude',
  defaultBaseUrl: 'https://claude.ai',
  signInPath: '/login',
  selectors: SELECTORS,
  startUrl: (base) => `${base}/new`,
  loginUrls: [/^https:\/\/claude\.ai\/(login|logout)\b/],
  ownHosts: [/^(.+\.)?claude\.ai$/],
};
