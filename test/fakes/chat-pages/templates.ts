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
  /** How a link sits in the answer: `{{HREF}}` and `{{LABEL}}` (the site's host); default a plain `a.chip`. */
  pill?: string;
  /** What the app shows in the turn when the reply breaks off (`reply-error` mode). */
  replyError?: string;
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
    // As chatgpt.com builds a turn: the message holds only the markdown, the action bar follows it.
    assistantTurn: `<article data-testid="conversation-turn-{{N}}" data-turn="assistant" data-scroll-anchor="true"
      tabindex="-1" class="text-token-text-primary w-full"><h6 class="sr-only">ChatGPT said:</h6>
      <div class="text-base my-auto mx-auto"><div class="flex max-w-full flex-col grow">
      <div data-message-author-role="assistant" data-message-id="msg-{{N}}" data-message-model-slug="gpt-5-mock"
        dir="auto" class="min-h-8 text-message relative flex w-full flex-col items-end gap-2">
        <div class="flex w-full flex-col gap-1 empty:hidden first:pt-[3px]">
          <div class="markdown prose dark:prose-invert w-full break-words light markdown-new-styling" data-aw="content"></div>
        </div></div></div>
      <div class="flex min-h-[46px] justify-start" data-aw="actions"></div></div></article>`,
    actions: `<div class="touch:-me-2 touch:-ms-3.5 -ms-2.5 -me-1 flex flex-wrap items-center">
      <button data-testid="copy-turn-action-button" aria-label="Copy" class="text-token-text-secondary">Copy</button>
      <button data-testid="good-response-turn-action-button" aria-label="Good response">Good</button>
      <button data-testid="bad-response-turn-action-button" aria-label="Bad response">Bad</button>
      <button aria-label="Sources" data-aw="sources" class="group/footnote">Sources</button></div>`,
    pill: `<span data-state="closed"><span data-testid="webpage-citation-pill" class="ms-1 inline-flex max-w-full items-center relative top-[-0.094rem]"><a href="{{HREF}}" target="_blank" rel="noopener" alt="{{HREF}}" class="flex h-4.5 overflow-hidden rounded-xl px-2 text-[9px] font-medium"><span class="max-w-[15ch] grow truncate overflow-hidden text-center">{{LABEL}}</span></a></span></span>`,
    replyError: `<div class="flex flex-col items-start gap-3 rounded-2xl border border-token-border-error bg-token-surface-error/15 px-3 py-3">
      <div class="text-token-text-error">Something went wrong while generating the response. If this issue persists please contact us through our help center at help.openai.com.</div>
      <button data-testid="regenerate-thread-error-button" class="btn relative btn-secondary"><div class="flex items-center justify-center">Retry</div></button></div>`,
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
