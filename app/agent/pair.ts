/**
 * Pairing: the owner creates a one-time code in the service (`answerwatch hosts pair-code` or the web UI) and
 * types it here; the service answers with this computer's device token, stored sealed in the agent database.
 */
import { hostname } from 'node:os';
import type { EngineFactory } from './engine-factory.ts';
import type { LocalStore } from './local-store.ts';
import { createSyncClient, normaliseServerUrl, type SyncClient } from './sync-client.ts';
import { PACKAGE_VERSION } from '../../server/package-root.ts';

export interface PairOptions {
  store: LocalStore;
  serverUrl: string;
  code: string;
  /** Default: this computer's host name. */
  deviceLabel?: string;
  /** Reported at pairing; the check-ins keep it current. */
  engines?: Pick<EngineFactory, 'engineIds'>;
  version?: string;
  /** Default: a client for serverUrl without a token. */
  client?: SyncClient;
}

export interface PairResult {
  hostId: string;
  accountId: string;
  serverUrl: string;
  deviceLabel: string;
}

/** Throws SyncError: `refused` with code `invalid_key` when the code is unknown, used or expired. */
export async function pair(o: PairOptions): Promise<PairResult> {
  const serverUrl = normaliseServerUrl(o.serverUrl);
  const deviceLabel = (o.deviceLabel?.trim() || hostname() || 'host computer').slice(0, 120);
  const client = o.client ?? createSyncClient({ serverUrl });
  try {
    const paired = await client.pair({
      code: o.code.trim(),
      deviceLabel,
      agentVersion: o.version ?? PACKAGE_VERSION,
      engineIds: ((await o.engines?.engineIds()) ?? []).slice(0, 40),
    });
    await o.store.savePairing({
      serverUrl,
      token: paired.token,
      hostId: paired.hostId,
      accountId: paired.accountId,
      deviceLabel,
    });
    return { hostId: paired.hostId, accountId: paired.accountId, serverUrl, deviceLabel };
  } finally {
    if (!o.client) await client.close();
  }
}
