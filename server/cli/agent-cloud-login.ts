/**
 * `answerwatch agent login --server URL`: this computer signs itself in to a cloud service with the device grant
 * (app/agent/device-login.ts): it prints a code and the approval page, waits for a person signed in there to
 * approve it for one of their accounts, pairs as `agent pair` does, and checks in once to show the pairing works.
 */
import { withAgentStore, type DataOptions } from './agent-actions.ts';
import { fail, print } from './output.ts';

export interface CloudLoginOptions extends DataOptions {
  server?: string;
  label?: string;
}

export function cloudLogin(opts: CloudLoginOptions & { server: string }): Promise<void> {
  return withAgentStore(opts, async (store, dataDir) => {
    const [{ createHostEngines }, { deviceLogin }, { createSyncClient, SyncError }, { PACKAGE_VERSION }] =
      await Promise.all([
        import('../../app/agent/host-engines.ts'),
        import('../../app/agent/device-login.ts'),
        import('../../app/agent/sync-client.ts'),
        import('../package-root.ts'),
      ]);
    const engines = createHostEngines({ store, env: process.env, dataDir });
    const failed = (err: unknown): never => {
      if (!(err instanceof SyncError)) throw err;
      return fail(
        err.kind === 'offline'
          ? `sign-in failed: the service cannot be reached (${err.message})`
          : `sign-in failed: ${err.message}`,
      );
    };
    const result = await deviceLogin({
      store,
      serverUrl: opts.server,
      deviceLabel: opts.label,
      engines,
      // On stderr with --json, so stdout stays one JSON document; a person reads it either way.
      show: (c) =>
        (opts.json ? process.stderr : process.stdout).write(
          [
            `To sign this computer in, open ${c.verificationUri} and enter the code ${c.userCode}`,
            `(or open ${c.verificationUriComplete}). The code is valid ${Math.round(c.expiresInSeconds / 60)} minutes.`,
            'Waiting for approval…',
            '',
          ].join('\n'),
        ),
    }).catch(failed);
    const pairing = await store.pairing();
    const client = createSyncClient({ serverUrl: result.serverUrl, token: pairing?.token });
    try {
      const engineIds = (await engines.engineIds()).slice(0, 40);
      await client.checkIn({ agentVersion: PACKAGE_VERSION, engineIds }).catch(failed);
    } finally {
      await client.close();
    }
    print(opts, result, () =>
      [
        `Signed in: paired as "${result.deviceLabel}" (host ${result.hostId}) with account ${result.accountId} at ${result.serverUrl}.`,
        `Start the agent: npx answerwatch agent${opts.data ? ` --data ${opts.data}` : ''}`,
      ].join('\n'),
    );
  });
}
