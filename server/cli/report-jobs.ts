import type { SecretBox } from '../domain/secret-box.ts';
import { systemClock } from '../domain/clock.ts';
import { createWebhookDeliverer } from '../jobs/webhook-deliverer.ts';
import { createWebhookNetwork } from '../jobs/webhook-network.ts';
import type { Store } from '../store/index.ts';

const QUIET = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The webhook side the domain's services are built with, never started: a command that only queues mail delivers no
 * webhook events (the service on the database does), as `answerwatch mcp` does.
 */
export function idleWebhooks(store: Store, secrets: SecretBox) {
  const { vetUrl, send } = createWebhookNetwork({ allowPrivate: false });
  return createWebhookDeliverer({ store, clock: systemClock, secrets, vetUrl, send, log: QUIET });
}
