/** ChatGPT (chatgpt.com) in the signed-in browser. Selectors after the app's DOM in 2025; most specific first. */
import type { BrowserEngineSpec, Selectors } from './spec.ts';

export const SELECTORS: Selectors = {
  input: ['#prompt-textarea', 'div.ProseMirror[contenteditable="true"]', 'form textarea'],
  submit: [
    'button[data-testid="send-button"]',
    '#composer-submit-button',
    'button[aria-label="Send prompt"]',
  ],
  lastTurn: [
    '[data-message-author-role="assistant"]',
    'article[data-turn="assistant"]',
    'article[data-testid^="conversation-turn-"] .agent-turn',
  ],
  answerText: ['.markdown', '.prose'],
  citations: ['[data-testid="webpage-citation-pill"]'],
  replyError: [
    'button[data-testid="regenerate-thread-error-button"]',
    '[class*="text-token-text-error"]',
    '[data-testid="toast-error"]',
  ],
  stop: [
    'button[data-testid="stop-button"]',
    'button[aria-label="Stop streaming"]',
    'button[aria-label="Stop generating"]',
    '.result-streaming',
  ],
  copyButton: [
    'button[data-testid="copy-turn-action-button"]',
    'button[data-testid="good-response-turn-action-button"]',
    'button[aria-label="Copy"]',
  ],
  sourcesButton: [
    'button[aria-label="Sources"]',
    'button[data-testid="sources-button"]',
    'button.group\\/footnote',
  ],
  sourceLinks: [
    '[data-testid="screen-threadFlyOut"] a[href]',
    'section[aria-label="Sources"] a[href]',
    'aside a[href^="http"]',
  ],
  loginWall: [
    '[data-testid="login-button"]',
    '[data-testid="welcome-login-button"]',
    'div[role="dialog"] [data-testid="login-button"]',
    'form[action*="auth.openai.com"]',
  ],
  model: ['[data-testid="model-switcher-dropdown-button"]'],
};

export const chatgpt: BrowserEngineSpec = {
  id: 'chatgpt-local-fetch',
  label: 'ChatGPT',
  defaultBaseUrl: 'https://chatgpt.com',
  signInPath: '/auth/login',
  selectors: SELECTORS,
  startUrl: (base) => `${base}/`,
  modelAttribute: 'data-message-model-slug',
  loginUrls: [/^https:\/\/auth\.openai\.com\//, /^https:\/\/chatgpt\.com\/auth\//],
  ownHosts: [/^(.+\.)?chatgpt\.com$/],
};
