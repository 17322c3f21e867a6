/**
 * Keeps what runs current with the sources of this checkout: the service compiled to dist/ (`tsc -b`, incremental)
 * and the web UI built to app/ui/dist (Vite, only when a hash of its sources changed). `npm install` runs it (the
 * `prepare` script), and so do `npm test` and the `answerwatch` command itself whenever a source file is newer than
 * the last build, so nobody runs code older than the sources by surprise. Plain JavaScript with no dependency: it
 * runs before anything is compiled. `node server/cli/build.js` (`npm run build`) builds what changed.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const at = (path) => join(ROOT, path);
const OUT = at('dist');
/** Its modification time is when the last successful build read the sources. */
const STAMP = join(OUT, '.built');
const UI_HASH = join(OUT, 'ui-sources.sha256');
const LOCK = join(OUT, '.build-lock');
const LOCK_STALE_MS = 10 * 60_000;

const SERVER_SOURCES = ['server', 'engines', 'app/agent', 'tsconfig.json', 'tsconfig.build.json'];
/** The UI imports the desktop bridge's types; its build depends on Vite's version too (added to the hash). */
const UI_SOURCES = ['app/ui', 'app/electron/preload-api.ts'];
/** What the build writes inside the source folders, and installed packages: never inputs. */
const SKIPPED_DIRS = new Set(['dist', 'node_modules']);

/** The files below `path` (or `path` itself), outputs left out. */
function* files(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return;
  }
  if (!stat.isDirectory()) {
    yield { path, mtimeMs: stat.mtimeMs };
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    yield* files(join(path, entry.name));
  }
}

function changedSince(sources, ms) {
  for (const source of sources) for (const file of files(at(source))) if (file.mtimeMs > ms) return true;
  return false;
}

/** Where a package's file is; null when the package is not installed. */
function installed(path) {
  const full = at(join('node_modules', path));
  return existsSync(full) ? full : null;
}

/**
 * True in a checkout whose sources are newer than its last build, or that was never built. An installed copy
 * that ships only compiled code (the desktop app) has no sources and never needs a build. A quick look at file
 * times: the build itself decides what really changed.
 */
export function needsBuild() {
  if (!existsSync(at('server/cli/main.ts'))) return false;
  let built;
  try {
    built = statSync(STAMP).mtimeMs;
  } catch {
    return true;
  }
  if (!existsSync(at('dist/server/cli/main.js')) || !existsSync(at('app/ui/dist/index.html'))) return true;
  return changedSince([...SERVER_SOURCES, ...UI_SOURCES], built);
}

function uiHash() {
  const hash = createHash('sha256');
  const vite = installed('vite/package.json');
  hash.update(`vite ${vite ? JSON.parse(readFileSync(vite, 'utf8')).version : 'missing'}\n`);
  const all = UI_SOURCES.flatMap((source) => [...files(at(source))].map((f) => f.path)).sort();
  for (const path of all) hash.update(`${relative(ROOT, path)}\n`).update(readFileSync(path));
  return hash.digest('hex');
}

class BuildError extends Error {}

/**
 * Runs a tool's script with this Node.js and answers its exit status; its output goes to stderr, so a command's
 * stdout stays its own.
 */
function run(what, script, args) {
  if (script === null)
    throw new BuildError(
      `${what} is not installed: Answerwatch compiles itself at install, with its development ` +
        'dependencies (npm install or npm ci, then `npm prune --omit=dev` if you want them gone)',
    );
  const result = spawnSync(process.execPath, [script, ...args], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (result.status === null)
    throw new BuildError(`${what} did not finish (${result.error?.message ?? result.signal})`);
  return result.status;
}

/** One build at a time in this checkout: a second process waits, then finds the work done. */
function withLock(work) {
  mkdirSync(OUT, { recursive: true });
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      let age = 0;
      try {
        age = Date.now() - statSync(LOCK).mtimeMs;
      } catch {
        continue;
      }
      // A build killed halfway leaves its lock behind; no build takes this long.
      if (age > LOCK_STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      else Atomics.wait(sleeper, 0, 0, 100);
    }
  }
  try {
    return work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Compiles what changed and rebuilds the UI when its sources did; throws BuildError with what failed. Type errors
 * do not stop it: tsc writes the JavaScript anyway (noEmitOnError is off), as tsx and vitest run code without
 * type-checking it; they are printed, and answered as `typeErrors` (`npm run typecheck` and CI fail on them).
 */
export function build() {
  return withLock(() => {
    const started = Date.now();
    const tsc = run('TypeScript', installed('typescript/bin/tsc'), ['-b', 'tsconfig.build.json']);
    // tsc -b exits 1 on diagnostics, having written the output; anything else means it could not build.
    if (tsc !== 0 && tsc !== 1) throw new BuildError(`TypeScript failed (exit ${tsc})`);
    const hash = uiHash();
    const uiBuilt = existsSync(at('app/ui/dist/index.html'));
    if (!uiBuilt || !existsSync(UI_HASH) || readFileSync(UI_HASH, 'utf8') !== hash) {
      const vite = run('Vite', installed('vite/bin/vite.js'), [
        'build',
        '--config',
        'app/ui/vite.config.ts',
        '--logLevel',
        'warn',
      ]);
      if (vite !== 0) throw new BuildError(`Vite failed (exit ${vite})`);
      writeFileSync(UI_HASH, hash);
    }
    // Dated when the sources were read: a file saved during the build is newer, and builds again next time.
    writeFileSync(STAMP, '');
    utimesSync(STAMP, started / 1000, started / 1000);
    return { typeErrors: tsc === 1 };
  });
}

/** For the `answerwatch` command: builds first when the sources changed, or exits saying why it cannot. */
export function buildIfNeeded() {
  if (!needsBuild()) return;
  process.stderr.write('answerwatch: the sources changed since the last build; building them first…\n');
  try {
    if (build().typeErrors)
      process.stderr.write('answerwatch: the sources have type errors (above); running them as compiled.\n');
  } catch (err) {
    if (!(err instanceof BuildError)) throw err;
    process.stderr.write(`answerwatch: ${err.message}\n`);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    if (build().typeErrors) process.exitCode = 1;
  } catch (err) {
    if (!(err instanceof BuildError)) throw err;
    process.stderr.write(`build: ${err.message}\n`);
    process.exit(1);
  }
}
