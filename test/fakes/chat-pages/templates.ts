/**
 * Each mock app's markup, shaped the way engines/browser/<engine>.ts's selectors expect the real app. Not all
 * of them use the first selector of each list, so the fallbacks get exercised too.
 */

export type ChatPageSlug =
  'chatgpt' | 'perplexity' | 'gemini' | 'google-ai-mode' | 'claude' | 'grok' | 'copilot';

export interface PageTemplate {
  title: string;
  /** Above the thread (a model picker, …). */
  header?: string;
  /** The prompt box, send and stop buttons; absent when the prompt comes in the URL. */
  composer?: string;
  /** The mock's own selectors for its script. */
  input?: string;
  inputKind?: 'textarea' | 'contenteditable';
  submit?: string;
  stop?: string;
  disableEmptySubmit?: boolean;
  hideSubmitWhileStreaming?: boolean;
  /** `{{TEXT}}` is the prompt. */
  userTurn?: string;
  /**
   * `{{N}}` is the turn number. Holds `data-aw="content"` (where the text streams) and `data-aw="actions"`
   * (where `actions` go at the end); `data-is-streaming` and `aria-busy` are cleared at the end.
   */
  assistantTurn: string;
  actions: string;
  /** `{{LINKS}}` are the panel's links; shown by the `data-aw="sources"` button, or at the end when `panelAuto`. */
  panel?: string;
  panelAuto?: boolean;
  /** Shown instead of the composer in `login` mode, or after a send in `login-during` mode. */
  loginWall: string;
  /** How the app writes answer link i. */
  link: (url: string, i: number) => string;
}

export function withUtm(url: string, source: string): string {
  const u = new URL(url);
  u.searchParams.set('utm_source', source);
  u.searchParams.set('utm_medium', 'referral');
  return u.href;
}

export const TEMPLATES: Record<ChatPageSlug, PageTemplate> = {
  chatgpt: {
    title: 'ChatGPT',
    header: '<button data-testid="model-switcher-dropdown-button">ChatGPT 5</button>',
    composer: `<form id="composer">
      <div id="prompt-textarea" class="ProseMirror" contenteditable="true"></div>
      <button type="button" data-testid="send-button" aria-label="Send prompt">Send</button>
      <button type="button" data-testid="stop-button" aria-label="Stop streaming" hidden>Stop</button>
    </form>`,
    input: '#prompt-textarea',
    inputKind: 'contenteditable',
    submit: '[data-testid="send-button"]',
    stop: '[data-testid="stop-button"]',
    disableEmptySubmit: true,
    hideSubmitWhileStreaming: true,
    userTurn: `<article data-turn="user"><div data-message-author-role="user">{{TEXT}}</div>
      <div><button data-testid="copy-turn-action-button" aria-label="Copy">Copy</button></div></article>`,
    assistantTurn: `<article data-testid="conversation-turn-{{N}}" data-turn="assistant">
      <div data-message-author-role="assistant" data-message-model-slug="gpt-5-mock">
        <div class="markdown prose" data-aw="content"></div></div>
      <div data-aw="actions"></div></article>`,
    actions: `<button data-testid="copy-turn-action-button" aria-label="Copy">Copy</button>
      <button aria-label="Sources" data-aw="sources">Sources</button>`,
    panel: '<aside data-testid="screen-threadFlyOut"><h2>Citations</h2>{{LINKS}}</aside>',
    loginWall: `<div role="dialog"><h2>Welcome back</h2>
      <button data-testid="login-button">Log in</button></div>`,
    link: (url, i) =>
      i === 0
        ? `https://chatgpt.com/link?url=${encodeURIComponent(withUtm(url, 'chatgpt.com'))}`
        : withUtm(url, 'chatgpt.com'),
  },
  perplexity: {
    title: 'Perplexity',
    composer: `<div class="composer"><textarea placeholder="Ask anything..."></textarea>
      <button aria-label="Submit">Go</button>
      <button aria-label="Stop generating response" hidden>Stop</button></div>`,
    input: 'textarea',
    inputKind: 'textarea',
    submit: 'button[aria-label="Submit"]',
    stop: 'button[aria-label="Stop generating response"]',
    userTurn: '<h1 class="query">{{TEXT}}</h1>',
    assistantTurn: `<div class="answer"><div id="markdown-content-{{N}}" class="prose" data-aw="content"></div>
      <div data-aw="actions"></div></div>`,
    actions: `<button aria-label="Copy">Copy</button>
      <button data-testid="sources-button" data-aw="sources">Sources</button>`,
    panel: '<div data-testid="sources-panel">{{LINKS}}</div>',
    loginWall: '<div data-testid="login-modal"><button>Continue with Google</button></div>',
    link: (url, i) => (i === 0 ? withUtm(url, 'perplexity') : url),
  },
  gemini: {
    title: 'Gemini',
    composer: `<div class="input-area"><rich-textarea><div class="ql-editor" contenteditable="true"></div></rich-textarea>
      <button class="send-button" aria-label="Send message">Send</button>
      <button aria-label="Stop response" hidden>Stop</button></div>`,
    input: '.ql-editor',
    inputKind: 'contenteditable',
    submit: '.send-button',
    stop: 'button[aria-label="Stop response"]',
    hideSubmitWhileStreaming: true,
    userTurn: '<user-query><p>{{TEXT}}</p></user-query>',
    assistantTurn: `<model-response><message-content><div class="markdown" data-aw="content"></div></message-content>
      <message-actions data-aw="actions"></message-actions></model-response>`,
    actions: '<copy-button><button aria-label="Copy">Copy</button></copy-button>',
    loginWall: '<a aria-label="Sign in" href="https://accounts.google.com/ServiceLogin">Sign in</a>',
    link: (url, i) => (i === 0 ? withUtm(url, 'gemini') : url),
  },
  'google-ai-mode': {
    title: 'Google Search',
    assistantTurn: `<div data-subtree="aimc"><div data-aw="content" aria-busy="true"></div>
      <div data-aw="actions"></div></div>`,
    actions: '<button aria-label="Good response"></button><button aria-label="Share"></button>',
    panel: '<div data-subtree="aimba"><ul>{{LINKS}}</ul></div>',
    panelAuto: true,
    loginWall: `<form action="https://consent.google.com/save">
      <div aria-label="Before you continue to Google">Before you continue to Google</div><button>Accept all</button></form>`,
    link: (url) =>
      `https://www.google.com/url?q=${encodeURIComponent(withUtm(url, 'google'))}&sa=U&ved=2ahUKEwi`,
  },
  claude: {
    title: 'Claude',
    composer: `<fieldset><div class="ProseMirror" contenteditable="true"></div>
      <button aria-label="Send message">Send</button></fieldset>`,
    input: '.ProseMirror',
    inputKind: 'contenteditable',
    submit: 'button[aria-label="Send message"]',
    userTurn: '<div data-testid="user-message">{{TEXT}}</div>',
    assistantTurn: `<div data-is-streaming="true"><div class="font-claude-response" data-aw="content"></div>
      <div data-aw="actions"></div></div>`,
    actions: '<button data-testid="action-bar-copy" aria-label="Copy">Copy</button>',
    loginWall: '<form data-testid="login-form"><input id="email" type="email"></form>',
    link: (url, i) => (i === 0 ? withUtm(url, 'claude') : url),
  },
  grok: {
    title: 'Grok',
    composer: `<form><textarea aria-label="Ask Grok anything"></textarea>
      <button type="submit" aria-label="Submit">Go</button>
      <button type="button" aria-label="Stop model response" hidden>Stop</button></form>`,
    input: 'textarea',
    inputKind: 'textarea',
    submit: 'button[aria-label="Submit"]',
    stop: 'button[aria-label="Stop model response"]',
    hideSubmitWhileStreaming: true,
    userTurn: '<div class="items-end"><div class="message-bubble user">{{TEXT}}</div></div>',
    assistantTurn: `<div id="response-{{N}}" class="items-start"><div class="message-bubble">
      <div class="response-content-markdown" data-aw="content"></div></div><div data-aw="actions"></div></div>`,
    actions: '<button aria-label="Copy">Copy</button><button aria-label="Regenerate">Again</button>',
    loginWall: '<a href="/sign-in">Sign in</a>',
    link: (url, i) => (i === 0 ? withUtm(url, 'grok.com') : url),
  },
  copilot: {
    title: 'Microsoft Copilot',
    composer: `<div><textarea id="userInput" placeholder="Message Copilot"></textarea>
      <button data-testid="submit-button" aria-label="Submit message">Go</button>
      <button data-testid="stop-button" aria-label="Interrupt message" hidden>Stop</button></div>`,
    input: '#userInput',
    inputKind: 'textarea',
    submit: '[data-testid="submit-button"]',
    stop: '[data-testid="stop-button"]',
    disableEmptySubmit: true,
    userTurn: '<div data-content="user-message">{{TEXT}}</div>',
    assistantTurn: `<div class="ai-row"><div data-content="ai-message" data-aw="content"></div>
      <div data-aw="actions"></div></div>`,
    actions: `<button data-testid="copy-message-button" aria-label="Copy">Copy</button>
      <button data-testid="citations-button" data-aw="sources">Sources</button>`,
    panel: '<div data-testid="citations-panel">{{LINKS}}</div>',
    loginWall: '<button data-testid="sign-in-button">Sign in</button>',
    link: (url) => `https://www.bing.com/ck/a?!&&p=0f1e&u=a1${Buffer.from(url).toString('base64url')}&ntb=1`,
  },
};
