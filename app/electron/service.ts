import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';

export interface ServiceOptions {
  /** Electron's own binary, which runs as plain Node.js with ELECTRON_RUN_AS_NODE. */
  execPath: string;
  /** server/cli/bin.js, the `answerwatch` command. */
  bin: string;
  /** The SQLite file; the agent's data and the secret key go beside it. */
  database: string;
  /** What the service prints, owner token removed; rewritten at each launch. */
  logFile: string;
}

export interface ServiceAddress {
  /** http://127.0.0.1:PORT, the origin of the API and of the web UI. */
  origin: string;
  /** The web UI, with this launch's owner token in the fragment. */
  uiUrl: string;
}

export interface ServiceProcess {
  /** Settles once the service has printed its address and web UI link, or fails if it never does. */
  ready: Promise<ServiceAddress>;
  /** Settles when the process ends, saying how. */
  ended: Promise<string>;
  /** SIGTERM, which `answerwatch start` handles by stopping the agent, the API and the jobs; SIGKILL after 10 s. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;
const LISTENING = /listening on (http:\/\/[^/\s]+)\/v1\b/;
const WEB_UI = /Web UI: (http:\/\/\S+#token=\S+)/;

/**
 * Runs `answerwatch start` exactly as a user would, as a child process: the same code path the end-to-end tests
 * run, a crash that cannot take the window with it, and the service's own shutdown on SIGTERM.
 */
export function startService(o: ServiceOptions): ServiceProcess {
  mkdirSync(dirname(o.database), { recursive: true });
  mkdirSync(dirname(o.logFile), { recursive: true });
  const log = createWriteStream(o.logFile, { flags: 'w', mode: 0o600 });
  const child = spawn(
    o.execPath,
    [o.bin, 'start', '--db', o.database, '--host', '127.0.0.1', '--port', '0'],
    {
      cwd: dirname(o.database),
      // The service stops when this pipe closes: also when the app itself dies, where no signal would come.
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', ANSWERWATCH_STOP_WITH_STDIN: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    },
  );
  const ended = new Promise<string>((resolve) => {
    child.on('error', (err) => resolve(err.message));
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`));
  });
  // Both streams are read to the end so the service never blocks on a full pipe; the log closes after them.
  log.on('error', () => {});
  child.once('close', () => log.end());
  createInterface({ input: child.stderr }).on('line', (line) => log.write(`${line}\n`));
  const stdout = createInterface({ input: child.stdout });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await ended;
    clearTimeout(force);
  };

  const ready = new Promise<ServiceAddress>((resolve, reject) => {
    let origin: string | undefined;
    let uiUrl: string | undefined;
    let settled = false;
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`The Answerwatch service did not start: ${reason}. Its log is ${o.logFile}.`));
      void stop();
    };
    const timer = setTimeout(() => fail(`no address after ${READY_TIMEOUT_MS / 1000} s`), READY_TIMEOUT_MS);
    void ended.then(fail);
    stdout.on('line', (line) => {
      log.write(`${line.replace(/#token=\S+/, '#token=[not logged]')}\n`);
      if (settled) return;
      origin ??= LISTENING.exec(line)?.[1];
      uiUrl ??= WEB_UI.exec(line)?.[1];
      if (!origin || !uiUrl) return;
      if (!URL.canParse(uiUrl) || new URL(uiUrl).origin !== origin)
        return fail(`the web UI ${uiUrl.split('#')[0]} is not at ${origin}`);
      settled = true;
      clearTimeout(timer);
      resolve({ origin, uiUrl });
    });
  });
  return { ready, ended, stop };
}
