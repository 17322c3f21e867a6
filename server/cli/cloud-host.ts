import { existsSync } from 'node:fs';
import { createAgent, type Agent } from '../../app/agent/agent.ts';
import { siteCrawlsFromEnv } from '../../app/agent/site-crawl-setup.ts';
import { CloudSignInError, cloudSignIn, pairedState, signedOut } from '../../app/agent/cloud-sign-in.ts';
import { deviceLogin } from '../../app/agent/device-login.ts';
import { createHostEngines } from '../../app/agent/host-engines.ts';
import { openLocalStore, type LocalStore } from '../../app/agent/local-store.ts';
import type { AgentLog } from '../../app/agent/log.ts';
import { agentDbPath } from '../../app/agent/paths.ts';
import { createSyncClient, type SyncClient } from '../../app/agent/sync-client.ts';
import { AppError } from '../domain/errors.ts';
import type { CloudSignInPort } from '../routes/local-cloud.ts';

export interface CloudHostOptions {
  /** The agent's folder for the cloud pairing, beside the per-account ones of the local hosts. */
  dataDir: string;
  log: AgentLog;
  env: NodeJS.ProcessEnv;
  checkInMs?: number;
}

/**
 * `answerwatch start` (and so the desktop app) as the host computer of one cloud account too: "Sign in to the
 * cloud" pairs an agent of its own through the device grant, which then runs here as `answerwatch agent --server`
 * would, from that moment and at every later start, until another sign-in replaces the pairing. Its folder is
 * made at the first sign-in: a computer never signed in has none.
 */
export async function startCloudHost(
  o: CloudHostOptions,
): Promise<CloudSignInPort & { stop(): Promise<void> }> {
  let opened: Promise<{ store: LocalStore; engines: ReturnType<typeof createHostEngines> }> | undefined;
  const open = () =>
    (opened ??= openLocalStore(agentDbPath(o.dataDir), { env: o.env }).then((store) => ({
      store,
      engines: createHostEngines({ store, env: o.env, dataDir: o.dataDir, headless: true }),
    })));
  let running: { agent: Agent; client: SyncClient } | null = null;
  let stopped = false;

  async function stopAgent(): Promise<void> {
    const was = running;
    running = null;
    await was?.agent.stop();
    await was?.client.close();
  }

  /** The agent of the pairing in the store, in place of any agent of an earlier one. */
  async function runAgent(): Promise<void> {
    await stopAgent();
    const { store, engines } = await open();
    const pairing = stopped ? null : await store.pairing();
    if (!pairing) return;
    const client = createSyncClient({ serverUrl: pairing.serverUrl, token: pairing.token });
    const agent = createAgent({
      store,
      client,
      engines,
      log: o.log,
      checkInMs: o.checkInMs,
      siteCrawls: siteCrawlsFromEnv(o.env, pairing.serverUrl),
    });
    running = { agent, client };
    await agent.start();
  }

  const pairing = existsSync(agentDbPath(o.dataDir)) ? await (await open()).store.pairing() : null;
  const signIn = cloudSignIn({
    initial: pairing ? pairedState(pairing.serverUrl, pairing.accountId, pairing.deviceLabel) : signedOut(),
    login: async (server, show) => {
      const { store, engines } = await open();
      const paired = await deviceLogin({ store, serverUrl: server, engines, show });
      await runAgent();
      return paired;
    },
  });
  if (pairing) await runAgent();
  return {
    state: async () => signIn.state(),
    async start(server) {
      try {
        return signIn.start(server);
      } catch (err) {
        if (err instanceof CloudSignInError) throw new AppError('invalid_parameter', err.message);
        throw err;
      }
    },
    // A sign-in still waiting for approval is left to end with the process: it may wait 15 minutes.
    async stop() {
      stopped = true;
      await stopAgent();
      if (!opened) return;
      const { store, engines } = await opened;
      await engines.close();
      await store.close();
    },
  };
}
