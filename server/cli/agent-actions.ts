/**
 * What the `answerwatch agent …` commands do (registered in agent.ts, which loads this module when one runs).
 * Every command opens the agent's store; the engines, the browser and the sync client are loaded by the commands
 * that use them.
 */
import { isKeyedEngine, KEYED_ENGINES } from '../../app/agent/keyed-engines.ts';
import { openLocalStore, type LocalStore } from '../../app/agent/local-store.ts';
import type { HostTrackingData } from '../../app/agent/local-store/byok.ts';
import { agentDbPath, browserProfileDir, DEFAULT_DATA_DIR } from '../../app/agent/paths.ts';
import { findEngine } from '../../engines/catalog.ts';
import { CADENCES, WEEKDAYS } from '../contract/cadences.ts';
import { fail, print } from './output.ts';

export interface DataOptions {
  data?: string;
  json?: boolean;
}

const dataDirOf = (opts: DataOptions) => opts.data ?? DEFAULT_DATA_DIR;

export async function withAgentStore<T>(
  opts: DataOptions,
  work: (store: LocalStore, dataDir: string) => Promise<T>,
) {
  const dataDir = dataDirOf(opts);
  const store = await openLocalStore(agentDbPath(dataDir));
  try {
    return await work(store, dataDir);
  } finally {
    await store.close();
  }
}

function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) fail(`${name} must be a whole number of 1 or more, got ${text}`);
  return n;
}

export async function runAgent(opts: DataOptions & { server?: string }): Promise<void> {
  const [
    { createAgent },
    { createHostEngines },
    { createSyncClient, normaliseServerUrl },
    { createLogger },
    { siteCrawlsFromEnv },
  ] = await Promise.all([
    import('../../app/agent/agent.ts'),
    import('../../app/agent/host-engines.ts'),
    import('../../app/agent/sync-client.ts'),
    import('../logger.ts'),
    import('../../app/agent/site-crawl-setup.ts'),
  ]);
  const dataDir = dataDirOf(opts);
  const store = await openLocalStore(agentDbPath(dataDir));
  const pairing = await store.pairing();
  if (!pairing) {
    await store.close();
    fail(
      'this computer is not paired yet: npx answerwatch agent login --server URL (or agent pair --server URL --code CODE)',
    );
  }
  const serverUrl = opts.server ? normaliseServerUrl(opts.server) : pairing.serverUrl;
  if (serverUrl !== pairing.serverUrl) await store.setServerUrl(serverUrl);
  const log = createLogger(process.env.ANSWERWATCH_LOG_LEVEL ?? 'info').child({ component: 'agent' });
  const client = createSyncClient({ serverUrl, token: pairing.token });
  const engines = createHostEngines({ store, env: process.env, dataDir, headless: true });
  const agent = createAgent({
    store,
    client,
    engines,
    log,
    checkInMs: positiveInt('ANSWERWATCH_AGENT_CHECKIN_MS', process.env.ANSWERWATCH_AGENT_CHECKIN_MS, 30_000),
    siteCrawls: siteCrawlsFromEnv(process.env, serverUrl),
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await agent.stop();
      await engines.close();
      await client.close();
      await store.close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  await agent.start();
}

/** A key typed at a terminal is not echoed; piped in (`… < key.txt`) it is read whole. */
async function readSecret(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString('utf8').trim();
  }
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve) => {
    let text = '';
    const done = (value: string | null) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (value === null) fail('canceled');
      resolve(value.trim());
    };
    const onData = (data: string) => {
      for (const ch of data) {
        if (ch === '\r' || ch === '\n') return done(text);
        if (ch === '\u0003' || ch === '\u0004') return done(null);
        if (ch === '\u007f' || ch === '\b') text = text.slice(0, -1);
        else text += ch;
      }
    };
    stdin.on('data', onData);
  });
}

function defaultTracking(): HostTrackingData {
  return {
    engineIds: [],
    cadence: 'daily',
    timeOfDay: '09:00',
    weeklyDay: 'monday',
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    samplesPerPrompt: 1,
  };
}

export interface TrackingOptions extends DataOptions {
  project: string;
  cadence?: string;
  time?: string;
  weeklyDay?: string;
  timezone?: string;
  engines?: string;
  samples?: string;
}

function trackingLines(projectId: string, t: HostTrackingData): string {
  return [
    `Project ${projectId} (settings kept on this computer):`,
    `  cadence   ${t.cadence}${t.cadence === 'weekly' ? ` on ${t.weeklyDay}` : ''} at ${t.timeOfDay} ${t.timezone}`,
    `  engines   ${t.engineIds.length > 0 ? t.engineIds.join(', ') : '(every engine of each prompt)'}`,
    `  samples   ${t.samplesPerPrompt} per prompt and engine`,
  ].join('\n');
}

export async function tracking(opts: TrackingOptions): Promise<void> {
  const [{ HostTracking, ProjectPath }, { isValidTimeZone }] = await Promise.all([
    import('../contract/host-sync.ts'),
    import('../jobs/schedule-expression.ts'),
  ]);
  if (!ProjectPath.safeParse({ projectId: opts.project }).success) fail(`not a project id: ${opts.project}`);
  await withAgentStore(opts, async (store) => {
    const cached = await store.cachedProject(opts.project);
    if (cached && cached.accessMode !== 'byok-local') {
      fail(
        `project ${opts.project} is on a managed plan: its tracking is the service's ` +
          `(PUT /v1/projects/${opts.project}/tracking)`,
      );
    }
    const current = (await store.tracking(opts.project)) ?? (cached ? cached.tracking : defaultTracking());
    const changes = [opts.cadence, opts.time, opts.weeklyDay, opts.timezone, opts.engines, opts.samples];
    if (changes.every((c) => c === undefined)) {
      print(opts, { projectId: opts.project, tracking: current }, () => trackingLines(opts.project, current));
      return;
    }
    const next: HostTrackingData = { ...current };
    if (opts.cadence !== undefined) {
      if (!(CADENCES as readonly string[]).includes(opts.cadence))
        fail(`--cadence must be one of ${CADENCES.join(', ')}`);
      next.cadence = opts.cadence as HostTrackingData['cadence'];
    }
    if (opts.time !== undefined) next.timeOfDay = opts.time;
    if (opts.weeklyDay !== undefined) {
      const day = opts.weeklyDay.toLowerCase();
      if (!(WEEKDAYS as readonly string[]).includes(day))
        fail(`--weekly-day must be one of ${WEEKDAYS.join(', ')}`);
      next.weeklyDay = day as HostTrackingData['weeklyDay'];
    }
    if (opts.timezone !== undefined) {
      if (!isValidTimeZone(opts.timezone)) fail(`--timezone must be an IANA time zone, got ${opts.timezone}`);
      next.timezone = opts.timezone;
    }
    if (opts.engines !== undefined) {
      const ids = opts.engines
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = ids.filter((id) => !findEngine(id));
      if (unknown.length > 0) fail(`unknown engine: ${unknown.join(', ')}`);
      next.engineIds = [...new Set(ids)];
    }
    if (opts.samples !== undefined) next.samplesPerPrompt = Number(opts.samples);
    const parsed = HostTracking.safeParse(next);
    if (!parsed.success) {
      fail(
        parsed.error.issues.some((i) => i.path[0] === 'timeOfDay')
          ? '--time must be HH:MM from 00:00 to 23:59'
          : parsed.error.issues.some((i) => i.path[0] === 'samplesPerPrompt')
            ? '--samples must be a whole number from 1 to 5'
            : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      );
    }
    await store.setTracking(opts.project, parsed.data, new Date().toISOString());
    print(opts, { projectId: opts.project, tracking: parsed.data }, () =>
      [
        trackingLines(opts.project, parsed.data),
        'A running agent applies it within a minute and reports it at its next check-in.',
      ].join('\n'),
    );
  });
}

export function pairComputer(
  opts: DataOptions & { server: string; code: string; label?: string },
): Promise<void> {
  return withAgentStore(opts, async (store, dataDir) => {
    const [{ createHostEngines }, { pair }, { SyncError }] = await Promise.all([
      import('../../app/agent/host-engines.ts'),
      import('../../app/agent/pair.ts'),
      import('../../app/agent/sync-client.ts'),
    ]);
    const engines = createHostEngines({ store, env: process.env, dataDir });
    const result = await pair({
      store,
      serverUrl: opts.server,
      code: opts.code,
      deviceLabel: opts.label,
      engines,
    }).catch((err: unknown) => {
      if (!(err instanceof SyncError)) throw err;
      return fail(
        err.kind === 'offline'
          ? `pairing failed: the service cannot be reached (${err.message})`
          : `pairing failed: ${err.message}`,
      );
    });
    print(opts, result, () =>
      [
        `Paired as "${result.deviceLabel}" (host ${result.hostId}) with ${result.serverUrl}.`,
        `Start the agent: npx answerwatch agent${opts.data ? ` --data ${opts.data}` : ''}`,
      ].join('\n'),
    );
  });
}

export async function login(engineId: string, opts: DataOptions): Promise<void> {
  const [{ BROWSER_ENGINE_IDS }, { openLoginWindow }, { browserBaseUrls }] = await Promise.all([
    import('../../engines/browser/index.ts'),
    import('../../engines/browser/login.ts'),
    import('../../app/agent/host-engines.ts'),
  ]);
  if (!(BROWSER_ENGINE_IDS as readonly string[]).includes(engineId))
    fail(`not a browser engine: ${engineId} (one of ${BROWSER_ENGINE_IDS.join(', ')})`);
  process.stdout.write('Sign in in the browser window, then close it.\n');
  await openLoginWindow({
    profileDir: browserProfileDir(dataDirOf(opts)),
    executablePath: process.env.ANSWERWATCH_CHROME?.trim() || undefined,
    engineId,
    baseUrl: browserBaseUrls(process.env)?.[engineId],
  });
}

const keyedIds = Object.keys(KEYED_ENGINES).join(', ');

export function setKey(engineId: string, opts: DataOptions): Promise<void> {
  if (!isKeyedEngine(engineId)) fail(`${engineId} takes no key here (one of ${keyedIds})`);
  return withAgentStore(opts, async (store) => {
    const key = await readSecret(`Paste the ${engineId} API key and press Enter: `);
    if (!key) fail('no key given');
    if (/\s/.test(key)) fail('an API key has no spaces or line breaks');
    await store.setEngineKey(engineId, key, new Date().toISOString());
    process.stdout.write(`Stored the ${engineId} key, sealed, in ${store.path}.\n`);
  });
}

export function listKeys(opts: DataOptions): Promise<void> {
  return withAgentStore(opts, async (store) => {
    const engines = await store.engineKeyIds();
    print(opts, { engines }, () =>
      engines.length > 0 ? engines.map((e) => `${e}  key stored`).join('\n') : 'No engine keys stored.',
    );
  });
}

export function removeKey(engineId: string, opts: DataOptions): Promise<void> {
  return withAgentStore(opts, async (store) => {
    const removed = await store.removeEngineKey(engineId);
    process.stdout.write(removed ? `Removed the ${engineId} key.\n` : `No ${engineId} key was stored.\n`);
  });
}
