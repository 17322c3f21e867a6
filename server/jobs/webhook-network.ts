import { postPinned } from '../net/pinned-post.ts';
import { vetWebhookUrl, WebhookUrlError, type Resolver } from '../net/webhook-url.ts';
import type { Send } from './webhook-attempt.ts';

export interface WebhookNetOptions {
  /** ANSWERWATCH_WEBHOOK_ALLOW_PRIVATE=1: loopback and private addresses allowed (development only). */
  allowPrivate: boolean;
  /** DNS; tests answer for their own names. */
  resolve?: Resolver;
  /** A CA to trust besides the system's (tests; the service takes NODE_EXTRA_CA_CERTS). */
  ca?: string | Buffer;
  /** The whole attempt; the contract's 10 seconds by default. */
  timeoutMs?: number;
}

/** The network side of webhooks: URL vetting at registration, and one pinned, vetted attempt per delivery. */
export function createWebhookNetwork(o: WebhookNetOptions): {
  vetUrl(url: string): Promise<string | null>;
  send: Send;
} {
  return {
    async vetUrl(url) {
      try {
        await vetWebhookUrl(url, { allowPrivate: o.allowPrivate, resolve: o.resolve });
        return null;
      } catch (err) {
        if (err instanceof WebhookUrlError) return err.message;
        throw err;
      }
    },
    send: (url, body, headers) =>
      postPinned(new URL(url), body, headers, {
        allowPrivate: o.allowPrivate,
        resolve: o.resolve,
        ca: o.ca,
        timeoutMs: o.timeoutMs,
      }),
  };
}
