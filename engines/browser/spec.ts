/** What each local-fetch engine's file declares: its id, its pages, and the selectors the driver reads them by. */

export type BrowserEngineId =
  | 'chatgpt-local-fetch'
  | 'perplexity-local-fetch'
  | 'gemini-local-fetch'
  | 'google-ai-mode-local-fetch'
  | 'claude-local-fetch'
  | 'grok-local-fetch'
  | 'copilot-local-fetch';

/**
 * CSS selectors as fallback lists, most specific first. Lists that find one element use the first selector
 * with a visible match; `lastTurn` uses all matches of the first selector that matches anything.
 */
export interface Selectors {
  /** The prompt box (textarea or contenteditable). */
  input: string[];
  submit: string[];
  /** Assistant turns (the answer's own content, not its action bar); the last one is the answer. */
  lastTurn: string[];
  /** Inside the turn: the element whose text is the answer, when the turn holds more (the turn otherwise). */
  answerText?: string[];
  /**
   * Citation pills inside the answer: sources, not words of it. Their text never counts as answer text and their
   * links are read as sources. Links whose visible text is a domain ("wikipedia.org", "nytimes.com +2") are taken
   * as pills in every app, listed here or not.
   */
  citations?: string[];
  /** The app's error state in the reply (an error box, a Retry button): the reply broke off. */
  replyError?: string[];
  /** Anything visible while the answer is still being written: stop buttons, streaming markers. */
  stop: string[];
  /** Copy or other action buttons that appear in or after the last turn once it is complete. */
  copyButton: string[];
  /** Opens the sources panel. */
  sourcesButton: string[];
  /** Links in the sources panel (anywhere in the page). */
  sourceLinks: string[];
  /** Visible only when the profile is not signed in. */
  loginWall: string[];
  /** An element whose text names the model. */
  model?: string[];
}

export interface BrowserEngineSpec {
  id: BrowserEngineId;
  label: string;
  defaultBaseUrl: string;
  /** Where `answerwatch agent login` sends the user, relative to the base URL (absolute also works). */
  signInPath: string;
  selectors: Selectors;
  /** The page to open for a prompt; default the base URL (a new chat). */
  startUrl?: (baseUrl: string, prompt: string) => string;
  /** The prompt goes in the start URL (Google): nothing to type. */
  promptInUrl?: boolean;
  /** An attribute on the last turn (or an ancestor) naming the model. */
  modelAttribute?: string;
  /** Page URLs that mean the profile is not signed in (sign-in or consent pages). */
  loginUrls?: RegExp[];
  /** Hosts of the app itself, whose links are navigation rather than sources. */
  ownHosts?: RegExp[];
}
