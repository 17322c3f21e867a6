import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = pathToFileURL(fileURLToPath(new URL('../../', import.meta.url))).href;

/** Loader hooks (run by Node.js off the main thread) that append every module resolved to a file, by URL. */
const HOOKS = `
import { appendFileSync } from 'node:fs';
let file;
export function initialize(data) { file = data.file; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(file, result.url + '\\n');
  return result;
}`;

export interface Trace {
  /** Every module the process resolved, once each: paths in this repository, else the URL (node:fs). */
  modules: string[];
  /** The npm packages among them. */
  packages: string[];
}

function readTrace(file: string): Trace {
  const urls = new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean));
  const modules = [...urls].map((url) => (url.startsWith(ROOT) ? url.slice(ROOT.length) : url)).sort();
  const packages = new Set(
    modules.map((m) => /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(m)?.[1]).filter((p) => p !== undefined),
  );
  return { modules, packages: [...packages].sort() };
}

/**
 * The real `answerwatch` command (server/cli/bin.js) as its own process, with a loader hook recording the modules
 * it loads. Our code is ES modules, so every package it imports shows up by its entry point. Runs until the
 * process exits, or, with `until`, until that holds (asked every 50 ms with what it printed so far; then it gets
 * SIGTERM and must stop cleanly).
 */
export async function traceCli(args: string[], until?: (stdout: string) => boolean): Promise<Trace> {
  const dir = mkdtempSync(join(tmpdir(), 'aw-trace-'));
  const file = join(dir, 'modules.txt');
  writeFileSync(file, '');
  const hooks = `data:text/javascript,${encodeURIComponent(HOOKS)}`;
  const register = `import { register } from 'node:module'; register(${JSON.stringify(hooks)}, { data: { file: ${JSON.stringify(file)} } });`;
  try {
    const child = spawn(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(register)}`, 'server/cli/bin.js', ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const poll = until
      ? setInterval(() => {
          if (!until(stdout)) return;
          clearInterval(poll);
          child.kill('SIGTERM');
        }, 50)
      : undefined;
    const code = await exited;
    clearInterval(poll);
    if (code !== 0) throw new Error(`answerwatch ${args.join(' ')} exited with ${code}: ${stderr}`);
    return readTrace(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
