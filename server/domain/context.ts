import type { Role, Scope } from '../contract/account.ts';
import type { Store } from '../store/index.ts';
import type { Clock } from './clock.ts';
import { createCursorCodec, type CursorCodec } from './cursor.ts';
import { randomAlnum } from './ids.ts';
import type { Plan } from './plans.ts';
import { createReadCache, type ProjectGeneration, type ReadCache } from './read-cache.ts';
import type { SecretBox } from './secret-box.ts';

/**
 * What the domain tells the background jobs, so they act at once instead of at their next poll: the run
 * executor picks up a new request, the scheduler reloads a project's schedule, the deliverer sends an event, the
 * mail sender sends a mail.
 */
export interface Signals {
  runRequested(): void;
  trackingChanged(): void;
  /** A run ended outside the executor (a host reported it), or another event was queued: it waits in the outbox. */
  runEnded(): void;
  /** A mail was queued in the outbox (server/mail) and committed: the sender sends it now. */
  mailQueued(): void;
}

export const NO_SIGNALS: Signals = {
  runRequested: () => {},
  trackingChanged: () => {},
  runEnded: () => {},
  mailQueued: () => {},
};

/** Webhook delivery as the domain needs it; the network side lives in the jobs. */
export interface WebhookPort {
  /** null when the URL may receive webhooks, else what is wrong with it. */
  vetUrl(url: string): Promise<string | null>;
  /** Makes the delivery's next attempt now and records it. */
  deliverNow(deliveryId: string): Promise<void>;
}

/** What every domain operation may use; built once by buildApp. */
export interface Services {
  store: Store;
  clock: Clock;
  cursors: CursorCodec;
  signals: Signals;
  /** Public base address ending in /v1, for links such as Location. */
  baseUrl: string;
  /** Seals the secrets the service must use again (webhook signing secrets). */
  secrets: SecretBox;
  webhooks: WebhookPort;
  /** Rendered reads kept while the data is unchanged; closed by whoever closes the store. */
  reads: ReadCache;
}

/**
 * The services over a store. Cursors are signed with the database's own secret, so a cursor one process (the
 * HTTP API, `answerwatch mcp`) hands out is read by any other on the same database.
 */
export async function createServices(
  o: Omit<Services, 'cursors' | 'reads' | 'signals'> & { signals?: Signals },
): Promise<Services> {
  return {
    ...o,
    signals: o.signals ?? NO_SIGNALS,
    cursors: createCursorCodec(await o.store.settings.getOrCreate('cursor_secret', () => randomAlnum(48))),
    reads: createReadCache(o.store),
  };
}

/** Who is calling: the key, its account's plan, and which projects it reads (null: every project). */
export interface Caller {
  keyId: string;
  label: string;
  scopes: Scope[];
  createdAt: string;
  expiresAt: string | null;
  accountId: string;
  plan: Plan;
  projectIds: readonly string[] | null;
  /**
   * The person's role in the account: a signed-in person's, or `owner` for this machine's owner. Absent for an
   * API key, whose scopes are about projects, never the account's administration (its people, keys, computers).
   */
  role?: Role;
  /** The address the request came from, for the audit log. */
  address?: string;
  /**
   * The project the request names with its generation, as the way in read it with the key's count (PostgreSQL):
   * readableProject checks a kept project against it instead of asking the database again.
   */
  projectSeen?: ProjectGeneration;
  /** The ids of the projects the key reads, newest first, as the way in read them with the key's count (`/me`). */
  projectsInScope?: string[];
}
