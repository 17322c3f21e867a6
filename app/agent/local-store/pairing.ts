/** The pairing with the service, one setting a row; the device token is sealed. */
import type { Kysely } from 'kysely';
import type { SecretBox } from '../../../server/domain/secret-box.ts';
import type { AgentDatabase } from './schema.ts';

export interface Pairing {
  serverUrl: string;
  token: string;
  hostId: string;
  accountId: string;
  deviceLabel: string;
}

export interface PairingStore {
  pairing(): Promise<Pairing | null>;
  savePairing(pairing: Pairing): Promise<void>;
  setServerUrl(url: string): Promise<void>;
}

const KEY_SERVER = 'server_url';
const KEY_TOKEN = 'device_token';
const KEY_HOST = 'host_id';
const KEY_ACCOUNT = 'account_id';
const KEY_LABEL = 'device_label';

export function pairingStore(db: Kysely<AgentDatabase>, box: SecretBox): PairingStore {
  const getSetting = async (key: string) =>
    (await db.selectFrom('agent_settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
  const putSetting = (key: string, value: string) =>
    db
      .insertInto('agent_settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();

  return {
    async pairing() {
      const [serverUrl, sealed, hostId, accountId, deviceLabel] = await Promise.all(
        [KEY_SERVER, KEY_TOKEN, KEY_HOST, KEY_ACCOUNT, KEY_LABEL].map(getSetting),
      );
      if (!serverUrl || !sealed || !hostId || !accountId) return null;
      return { serverUrl, token: box.open(sealed), hostId, accountId, deviceLabel: deviceLabel ?? '' };
    },
    async savePairing(p) {
      const previousHost = await getSetting(KEY_HOST);
      await db.transaction().execute(async (tx) => {
        const put = (key: string, value: string) =>
          tx
            .insertInto('agent_settings')
            .values({ key, value })
            .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
            .execute();
        await put(KEY_SERVER, p.serverUrl);
        await put(KEY_TOKEN, box.seal(p.token));
        await put(KEY_HOST, p.hostId);
        await put(KEY_ACCOUNT, p.accountId);
        await put(KEY_LABEL, p.deviceLabel);
        // Another host's projects are not this one's: the next check-in fills the cache again.
        if (previousHost !== p.hostId) await tx.deleteFrom('cached_projects').execute();
      });
    },
    async setServerUrl(url) {
      await putSetting(KEY_SERVER, url);
    },
  };
}
