import { dirname, join } from 'node:path';
import { DEFAULT_DATABASE } from '../config.ts';
import { isPostgresUrl } from '../store/location.ts';

/** Beside an SQLite file; with a PostgreSQL database (or none on disk), in ./data as a new SQLite user's would be. */
export function dataDirOf(database: string): string {
  return isPostgresUrl(database) || database === ':memory:' ? 'data' : dirname(database);
}

/**
 * Where `start` on a terminal sends its request and job logs, so the terminal keeps what a person reads; `serve`,
 * `start --verbose` and a `start` whose stdout is not a terminal (the desktop app, scripts, tests) log on stdout.
 */
export function logFileFor(
  mode: 'start' | 'serve',
  database: string,
  opts: { verbose?: boolean; tty: boolean },
): string | null {
  if (mode !== 'start' || opts.verbose || !opts.tty) return null;
  return join(dataDirOf(database), 'answerwatch.log');
}

const shellWord = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`);

/** The `--db` the printed commands need to reach the same database from another terminal. */
function dbFlag(database: string, env: NodeJS.ProcessEnv): string {
  if (database === DEFAULT_DATABASE) return '';
  if (!isPostgresUrl(database)) return ` --db ${shellWord(database)}`;
  // A PostgreSQL URL carries its password: never printed, named by the variable that holds it.
  return env.ANSWERWATCH_DB === database ? ' --db "$ANSWERWATCH_DB"' : ' --db POSTGRES_URL';
}

/**
 * What a new user does next on an empty database, as commands that work from a checkout (`npx answerwatch …`,
 * resolved to this package's own command), each reaching the database this service runs on.
 */
export function nextSteps(database: string, apiBase: string, env: NodeJS.ProcessEnv): string {
  const db = dbFlag(database, env);
  return [
    '',
    'Next steps (this database has no account yet):',
    '  1. Open the Web UI link above.',
    '  2. Or look around a demo project: in another terminal, in this folder, run',
    `       npx answerwatch accounts create --plan premium${db}`,
    `       npx answerwatch demo seed --account ACCOUNT_ID${db}`,
    '     with ACCOUNT_ID the acc… id the first command printed.',
    '  3. Or call the API with a key of that account:',
    `       npx answerwatch keys create --account ACCOUNT_ID --label me --scopes visibility:read,tracking:write,runs:execute${db}`,
    `       curl -H "Authorization: Bearer aw_live_…" ${apiBase}/me`,
    '',
  ].join('\n');
}
