import { hostname } from 'node:os';
import { join } from 'node:path';
import { createAgent, type Agent } from '../../app/agent/agent.ts';
import { createHostEngines } from '../../app/agent/host-engines.ts';
import { agentDbPath, openLocalStore, type LocalStore } from '../../app/agent/local-store.ts';
import { pair } from '../../app/agent/pair.ts';
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
export function startLocalHosts(o: LocalHostOptions): { stop(): Promise<void> } {
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
    const agent = createAgent({ store, client, engines, log: o.log, checkInMs: o.checkInMs });
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
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([...running.values()].map((r) => r.close()));
    },
  };
}
