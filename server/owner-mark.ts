import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppError } from './domain/errors.ts';
import type { Store } from './store/index.ts';
import { isPostgresUrl, redactLocation } from './store/location.ts';

const SETTING = 'local_owner_mark';

const digest = (token: string) => createHash('sha256').update(token).digest();

/**
 * The mark sits beside the database file, named after it, as SQLite's own -wal and -shm files do. A PostgreSQL
 * database has no file here: its mark is in ./data, where `start` keeps this machine's agent data for it, named
 * after the database's address (its password left out, so a changed password names the same database).
 */
export function ownerMarkPath(database: string): string {
  if (!isPostgresUrl(database)) return `${database}.owner`;
  const name = createHash('sha256').update(redactLocation(database)).digest('hex').slice(0, 16);
  return join('data', `postgres-${name}.owner`);
}

/**
 * `answerwatch start` marks its database as this machine's: a random token in `<database>.owner`, a file only the
 * OS user who started it can read (0600), and the token's hash in the database. `answerwatch mcp` run without an
 * API key acts as the machine's owner only when it can read that file and the hash matches: the same user, the
 * same database, the running (or last) launch of `start`. `serve` writes no mark, so a cloud database never grants
 * owner access. Returns what removes the mark when `start` stops.
 */
export async function markOwner(store: Store, database: string): Promise<() => Promise<void>> {
  const token = randomBytes(32).toString('base64url');
  const file = ownerMarkPath(database);
  // Created anew ('wx' refuses to follow anything left at the path), so the mode is the one asked for.
  rmSync(file, { force: true });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${token}\n`, { flag: 'wx', mode: 0o600 });
  await store.settings.set(SETTING, digest(token).toString('hex'));
  return async () => {
    // A later `start` on the same database has its own mark: leave that one alone.
    if ((await store.settings.get(SETTING)) !== digest(token).toString('hex')) return;
    await store.settings.remove(SETTING);
    rmSync(file, { force: true });
  };
}

const refused = (why: string) =>
  new AppError(
    'invalid_key',
    `${why} Set ANSWERWATCH_API_KEY to an API key, or run \`npx answerwatch start\` on this database as this user.`,
  );

/** Throws `invalid_key` with the reason unless the caller may act as the owner of the machine's database. */
export async function checkOwnerMark(store: Store, database: string): Promise<void> {
  const file = ownerMarkPath(database);
  let token: string;
  try {
    const stat = lstatSync(file);
    if (!stat.isFile()) throw refused(`${file} is not a regular file.`);
    // POSIX only: Windows has neither uids nor these mode bits, and its profile folders are private already.
    if (process.getuid && stat.uid !== process.getuid()) throw refused(`${file} belongs to another user.`);
    if (process.getuid && (stat.mode & 0o077) !== 0) {
      throw refused(
        `${file} can be read by other users (chmod 600 it, or restart \`npx answerwatch start\`).`,
      );
    }
    token = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw refused(`No API key was given and \`npx answerwatch start\` is not running on ${database}.`);
    }
    throw err;
  }
  const stored = await store.settings.get(SETTING);
  const expected = Buffer.from(stored ?? '', 'hex');
  const given = digest(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw refused(`${file} was left by an earlier \`npx answerwatch start\`.`);
  }
}
