/**
 * The README's first steps, run as written: every `sh` block of its "First steps" section in bash, in order, from
 * the repository's folder, against a real `npm start` on a fresh database, each checked against the `text` block
 * that follows it. Nothing in the blocks is rewritten: the test only sets, in the environment, the variables the
 * README reads for the port (`PORT`), the receiver's port (`RECEIVER_PORT`) and the database (`ANSWERWATCH_DB`),
 * and in the expected output it reads the README's ports (8787, 8443) as the ports chosen here.
 *
 * The first block is the service start (`npm start &` and a wait until it answers). It runs in a shell of its own
 * so that what the service goes on printing stays apart from the later blocks' output; it sets no variable the
 * later blocks read. The later blocks run in one shell, as pasted into one terminal. An expected block is a list
 * of lines, `…` standing for anything; they must appear in that order among the lines the block printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { fencedBlocks, section } from '../support/markdown.ts';
import { freePort } from '../support/pg-cluster.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const README_PORT = '8787';
const README_RECEIVER_PORT = '8443';

interface Step {
  script: string;
  expected: string[];
}

function firstSteps(): Step[] {
  const blocks = fencedBlocks(section(readFileSync(join(ROOT, 'README.md'), 'utf8'), 'First steps'));
  const steps: Step[] = [];
  blocks.forEach((block, i) => {
    if (block.lang !== 'sh') return;
    const next = blocks[i + 1];
    if (next?.lang !== 'text')
      throw new Error(`README first steps: the sh block ${steps.length + 1} has no text block after it`);
    steps.push({ script: block.body, expected: next.body.split('\n').filter((line) => line.trim() !== '') });
  });
  return steps;
}

/** A line of expected output as a pattern: literal text, `…` for anything, the README's ports read as ours. */
function linePattern(line: string, ports: { port: number; receiver: number }): RegExp {
  const text = line
    .replaceAll(`127.0.0.1:${README_PORT}`, `127.0.0.1:${ports.port}`)
    .replaceAll(`127.0.0.1:${README_RECEIVER_PORT}`, `127.0.0.1:${ports.receiver}`);
  const literal = text.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${literal.join('.*')}$`);
}

/** The expected lines that do not appear, in order, among `output`'s lines (none when all do). */
function missingLines(
  output: string,
  expected: string[],
  ports: { port: number; receiver: number },
): string[] {
  const lines = output.split('\n').map((line) => line.trimEnd());
  let at = 0;
  for (const [i, line] of expected.entries()) {
    const pattern = linePattern(line, ports);
    while (at < lines.length && !pattern.test(lines[at]!)) at += 1;
    if (at === lines.length) return expected.slice(i);
    at += 1;
  }
  return [];
}

interface Shell {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** bash running `script` in a process group of its own (so whatever it leaves in the background can be stopped). */
function bash(script: string, env: NodeJS.ProcessEnv): Shell {
  const child = spawn('bash', ['-c', script], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(what: string, done: () => boolean, shell: Shell, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; output so far:\n${shell.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const shells: Shell[] = [];
// Made when the test runs, not when the file is collected (vitest list imports it).
let dir: string | undefined;

afterAll(async () => {
  for (const shell of shells.reverse()) {
    try {
      process.kill(-shell.child.pid!, 'SIGTERM');
    } catch {
      // The group has already ended.
    }
  }
  // The service closes its database on SIGTERM; wait for that before the folder goes.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test(
  'the README first steps run as written and print what the README shows',
  { timeout: 300_000 },
  async () => {
    const steps = firstSteps();
    expect(steps.length).toBeGreaterThanOrEqual(5);
    const [start, ...rest] = steps;
    expect(start!.script).toContain('npm start &');

    dir = mkdtempSync(join(tmpdir(), 'aw-readme-'));
    const port = await freePort();
    let receiver = await freePort();
    while (receiver === port) receiver = await freePort();
    const ports = { port, receiver };
    const env: NodeJS.ProcessEnv = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (!name.startsWith('ANSWERWATCH_') && !name.startsWith('VITEST') && name !== 'NODE_OPTIONS')
        env[name] = value;
    }
    Object.assign(env, {
      PORT: String(ports.port),
      RECEIVER_PORT: String(ports.receiver),
      // A folder that does not exist yet, as ./data in a fresh clone.
      ANSWERWATCH_DB: join(dir, 'data', 'answerwatch.db'),
    });

    const service = bash(`${start!.script}\necho @@ready@@\nwait`, env);
    shells.push(service);
    await waitFor('the service start block', () => service.output().includes('@@ready@@'), service, 120_000);
    await waitFor(
      'the start output the README shows',
      () => missingLines(service.output(), start!.expected, ports).length === 0,
      service,
      10_000,
    );

    const script =
      rest.map((step, i) => `echo "@@step ${i}@@"\n${step.script}`).join('\n') + '\necho "@@end@@"\n';
    const terminal = bash(script, env);
    shells.push(terminal);
    await waitFor('the first steps', () => terminal.output().includes('@@end@@'), terminal, 240_000);

    const outputs = terminal
      .output()
      .split(/@@step \d+@@\n/)
      .slice(1);
    outputs[outputs.length - 1] = outputs.at(-1)!.split('@@end@@')[0]!;
    rest.forEach((step, i) => {
      expect(
        { step: step.script.split('\n')[0], missing: missingLines(outputs[i] ?? '', step.expected, ports) },
        `output of step ${i + 2}:\n${outputs[i]}`,
      ).toEqual({ step: step.script.split('\n')[0], missing: [] });
    });
  },
);
