/** Shapes shared by the fake engine servers. */
import type { IncomingHttpHeaders } from 'node:http';
import type { AnswerFn, CompleteFn } from './answer.ts';

export type FakeVendor = 'openai' | 'anthropic' | 'gemini' | 'perplexity' | 'xai' | 'serpapi' | 'ollama';

export interface ReceivedRequest {
  method: string;
  /** Without the query. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or undefined when there was none or it did not parse. */
  body: unknown;
}

export interface Reply {
  status: number;
  /** A string is sent as it is; anything else as JSON. */
  body: unknown;
  headers?: Record<string, string>;
}

/** Odd cases to queue with `script`; each applies to one request (after the path and key checks pass). */
export type Behaviour =
  /** Any vendor: 429 in the vendor's shape, with these headers; Gemini adds RetryInfo from `retryDelay`. */
  | { kind: 'rate-limit'; retryAfter?: string; retryAfterMs?: string; retryDelay?: string }
  /** Any vendor: a 5xx (default 500; 529 is Anthropic's "overloaded") in the vendor's shape. */
  | { kind: 'server-error'; status?: number }
  /** Any vendor: the vendor's answer to a wrong key, whatever key was sent. */
  | { kind: 'unauthorized' }
  /** Any vendor: never answers (close() ends it). */
  | { kind: 'hang' }
  /** Any vendor: a 200 whose JSON body is cut short. */
  | { kind: 'malformed' }
  /** Any vendor: exactly this reply. */
  | { kind: 'raw'; reply: Reply }
  /** openai, xai: a 200 with `status: "failed"`. */
  | { kind: 'failed'; code?: string; message?: string }
  /** openai, xai: a 200 with `status: "incomplete"`, with `partialText` as the text so far, if given. */
  | { kind: 'incomplete'; reason: string; partialText?: string }
  /** openai: 429 insufficient_quota. */
  | { kind: 'insufficient-quota' }
  /** openai: citations as Azure OpenAI writes them, `[Title](url)` after the sentence, the first of a URL annotated. */
  | { kind: 'plain-citations' }
  /** xai: each url_citation spans the sentence its `[[n]](url)` sits in (the claim), not the link. */
  | { kind: 'sentence-spans' }
  /** anthropic: the search fails inside a 200; Claude still answers (without citations) unless `withText` is false. */
  | { kind: 'search-error'; errorCode: string; withText?: boolean }
  /** anthropic: stops with `pause_turn` after searching; the continuation request then answers. */
  | { kind: 'pause-turn' }
  /** gemini: an answer without groundingMetadata. */
  | { kind: 'no-grounding' }
  /** gemini: a thought part before the answer. */
  | { kind: 'thought'; thought?: string }
  /** gemini: 429 RESOURCE_EXHAUSTED on a per-day quota. */
  | { kind: 'daily-quota' }
  /** serpapi: the answer as local-business cards: button labels glued to each snippet, sites in `snippet_links`. */
  | { kind: 'local-cards'; labels?: string }
  /** perplexity: `citations` only, no `search_results`. */
  | { kind: 'citations-only' }
  /** perplexity: neither `citations` nor `search_results` (and no markers). */
  | { kind: 'no-sources' };

export interface VendorContext {
  engineId: string;
  key: string;
  answer: AnswerFn;
  complete: CompleteFn;
}

/** One vendor's wire format. */
export interface VendorFake {
  engineId: string;
  /** The behaviours beyond the common ones that this vendor understands. */
  behaviours: readonly Behaviour['kind'][];
  /** What the real API refuses before doing any work: unknown path or method, missing or wrong key, bad body. */
  gate(req: ReceivedRequest, ctx: VendorContext): Reply | undefined;
  /** The vendor's answer to a wrong key. */
  unauthorized(): Reply;
  /** An error body in the vendor's shape. */
  errorBody(status: number, message: string, behaviour?: Behaviour): unknown;
  reply(req: ReceivedRequest, ctx: VendorContext, behaviour: Behaviour | undefined): Reply;
}
