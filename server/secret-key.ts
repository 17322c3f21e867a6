import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isPostgresUrl } from './store/location.ts';

/** Where an SQLite database keeps its sealing key when ANSWERWATCH_SECRET_KEY is not set. */
export const keyFileBeside = (database: string): string => join(dirname(database), 'answerwatch.key');

/**
 * The key that seals stored secrets: ANSWERWATCH_SECRET_KEY (32 bytes, base64) when set, as a cloud deployment
 * should; otherwise, for an SQLite database, `answerwatch.key` beside it, created on first start and readable only
 * by its owner. A PostgreSQL database has no "beside": every instance must be given the same key.
 */
export function loadSecretKey(env: NodeJS.ProcessEnv, database: string): Buffer {
  const given = keyFromEnv(env);
  if (given) return given;
  if (database === ':memory:') return randomBytes(32);
  if (isPostgresUrl(database)) {
    throw new Error(
      'ANSWERWATCH_SECRET_KEY must be set with a PostgreSQL database: every instance seals and opens webhook ' +
        'secrets with it (after `db copy`, the key of the SQLite database: the contents of its answerwatch.key)',
    );
  }
  const file = keyFileBeside(database);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    // 'wx' fails when another process created it first; that one's key is then read below.
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  chmodSync(file, 0o600);
  return keyFromFile(file);
}

/** ANSWERWATCH_SECRET_KEY, when set. */
export function keyFromEnv(env: NodeJS.ProcessEnv): Buffer | null {
  const given = env.ANSWERWATCH_SECRET_KEY?.trim();
  if (!given) return null;
  const key = Buffer.from(given, 'base64');
  if (key.length !== 32)
    throw new Error('ANSWERWATCH_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  return key;
}

export function keyFromFile(file: string): Buffer {
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key in base64`);
  return key;
}
