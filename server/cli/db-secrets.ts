import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { createSecretBox, unopenable } from '../domain/secret-box.ts';
import { keyFileBeside, keyFromEnv, keyFromFile } from '../secret-key.ts';
import type { Database } from '../store/schema.ts';

/**
 * The key the SQLite database's secrets are sealed with, found the way the service finds it
 * (ANSWERWATCH_SECRET_KEY, else answerwatch.key beside the file), and what the copied service needs to be told:
 * secrets are copied sealed, so the PostgreSQL service opens them only with the same key.
 */
export function sealingKeyOf(database: string) {
  const file = keyFileBeside(database);
  const fromEnv = keyFromEnv(process.env);
  const key = fromEnv ?? (existsSync(file) ? keyFromFile(file) : null);
  const advice = fromEnv
    ? 'Secrets stay sealed under ANSWERWATCH_SECRET_KEY: run every serve instance with the same ANSWERWATCH_SECRET_KEY.'
    : key
      ? `Secrets are sealed with the key in ${file}: run every serve instance with ` +
        `ANSWERWATCH_SECRET_KEY="$(cat ${file})" and keep that file safe, it is the only copy of the key.`
      : `No sealing key found (ANSWERWATCH_SECRET_KEY unset and no ${file}): the copied webhook secrets cannot be ` +
        'opened; set ANSWERWATCH_SECRET_KEY to the key they were sealed with, or register the webhooks again.';
  return {
    advice,
    /** Whether the key opens every sealed webhook secret of the source. */
    async check(
      source: Kysely<Database>,
    ): Promise<{ ok: boolean; opened: number; sealed: number; summary: string }> {
      const rows = await source.selectFrom('webhooks').select('secret_sealed').execute();
      const sealed = rows.map((r) => r.secret_sealed);
      const opened = key ? sealed.length - unopenable(createSecretBox(key), sealed) : 0;
      const ok = opened === sealed.length;
      const summary =
        sealed.length === 0
          ? 'No webhook secrets to open.'
          : ok
            ? `All ${sealed.length} webhook secrets open with this key.`
            : `${sealed.length - opened} of ${sealed.length} webhook secrets do not open with this key.`;
      return { ok, opened, sealed: sealed.length, summary };
    },
  };
}
