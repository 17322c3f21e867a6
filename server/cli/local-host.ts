import { hostname } from 'node:os';
import { join } from 'node:path';
import { createAgent, type Agent } from '../../app/agent/agent.ts';
import { createHostEngines } from '../../app/agent/host-engines.ts';
import { isKeyedEngine, KEYED_ENGINES } from '../../app/agent/keyed-engines.ts';
import { isLocalFetch } from '../../engines/catalog.ts';
import { openLoginWindow } from '../../engines/browser/login.ts';
import { AppError } from '../domain/errors.ts';
import type { LocalHostPort } from '../routes/local-owner.ts';
import { openLocalStore, type LocalStore } from '../../app/agent/local-store.ts';
import { agentDbPath, browserProfileDir } from '../../app/agent/paths.ts';
import { pair } from '../../app/agent/pair.ts';
import { siteCrawlsFromEnv } from '../../app/agent/site-crawl-setup.ts';
import { createSyncClient, type SyncClient } from '../../app/agent/sync-client.ts';
import type { Clock } from '../domain/clock.ts';
import { createPairCode } from '../domain/host-pairing.ts';
import type { AgentLog } from '../../app/agent/log.ts';
import type { Store } from '../store/index.ts';

export interface LocalHostOptions {
  store: Store;
  clock: Clock;
  /** This service's own address, which the agent calls like any host would. */
  serverUrl: string;
  /** One agent data folder per account below it. */
  dataDir: string;
  log: AgentLog;
  env: NodeJS.ProcessEnv;
  checkInMs?: number;
}

interface Running {
  agent: Agent;
  store: LocalStore;
  client: SyncClient;
  close(): Promise<void>;
}

/**
 * `answerwatch start` makes this machine the host computer of every account on it: each account gets an agent,
 * paired on first start with a code the service makes for itself, that talks to this service through the same
 * host sync API a remote computer uses. Accounts created later get theirs within a check-in period.
 */
export function startLocalHosts(o: LocalHostOptions): LocalHostPort & { stop(): Promise<void> } {
  const running = new Map<string, Running>();
  const starting = new Set<string>();

  async function startFor(accountId: string): Promise<void> {
    const dataDir = join(o.dataDir, accountId);
    const store = await openLocalStore(agentDbPath(dataDir), { env: o.env });
    const engines = createHostEngines({ store, env: o.env, dataDir, headless: true });
    const pairing = await store.pairing();
    if (!pairing || pairing.accountId !== accountId || pairing.serverUrl !== o.serverUrl) {
      const { code } = await createPairCode(o.store, o.clock, accountId);
      await pair({
        store,
        serverUrl: o.serverUrl,
        code,
        deviceLabel: `${hostname()} (this computer)`,
        engines,
      });
    }
    const paired = (await store.pairing())!;
    const client = createSyncClient({ serverUrl: o.serverUrl, token: paired.token });
    const agent = createAgent({
      store,
      client,
      engines,
      log: o.log,
      checkInMs: o.checkInMs,
      siteCrawls: siteCrawlsFromEnv(o.env, o.serverUrl),
    });
    running.set(accountId, {
      agent,
      store,
      client,
      async close() {
        await agent.stop();
        await engines.close();
        await client.close();
        await store.close();
      },
    });
    await agent.start();
  }

  async function sweep(): Promise<void> {
    for (const accountId of await o.store.accounts.ids()) {
      if (running.has(accountId) || starting.has(accountId)) continue;
      starting.add(accountId);
      await startFor(accountId)
        .catch((err: unknown) => o.log.error({ err, accountId }, 'the local host could not start'))
        .finally(() => starting.delete(accountId));
    }
  }

  const timer = setInterval(() => void sweep(), o.checkInMs ?? 30_000);
  timer.unref();
  void sweep();
  const storeOf = (accountId: string) => {
    const found = running.get(accountId);
    if (!found)
      throw new AppError('not_found', 'This account’s host agent is still starting; try again shortly.');
    return found.store;
  };
  const keyed = (engineId: string) => {
    if (!isKeyedEngine(engineId)) throw new AppError('invalid_parameter', `${engineId} takes no API key.`);
    return engineId;
  };
  return {
    async engineKeys(accountId) {
      const withKey = new Set(await storeOf(accountId).engineKeyIds());
      return Object.keys(KEYED_ENGINES).map((engineId) => ({ engineId, hasKey: withKey.has(engineId) }));
    },
    async setEngineKey(accountId, engineId, key) {
      await storeOf(accountId).setEngineKey(keyed(engineId), key, o.clock.now().toISOString());
    },
    async removeEngineKey(accountId, engineId) {
      await storeOf(accountId).removeEngineKey(keyed(engineId));
    },
    async signIn(accountId, engineId) {
      if (!isLocalFetch(engineId))
        throw new AppError('invalid_parameter', `${engineId} is not a browser engine.`);
      storeOf(accountId);
      // The window stays open until the person closes it; the request answers at once.
      void openLoginWindow({ profileDir: browserProfileDir(join(o.dataDir, accountId)), engineId }).catch(
        (err: unknown) => o.log.error({ err, engineId }, 'the sign-in window could not open'),
      );
    },
    hostAccount() {
      void sweep();
    },
    async stop() {
      clearInterval(timer);
      await Promise.all([...running.values()].map((r) => r.close()));
    },
  };
}
