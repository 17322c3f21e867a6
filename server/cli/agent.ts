/**
 * `answerwatch agent …`: this computer as the host of a cloud service's projects (app/agent). The agent keeps
 * its own SQLite file in the data directory (default ./data/agent): the pairing, the last check-in's projects,
 * bring-your-own-key engine keys (sealed) and settings, and the outbox of answers not yet uploaded.
 */
import type { Command } from 'commander';
import { createAgent } from '../../app/agent/agent.ts';
import {
  browserBaseUrls,
  browserProfileDir,
  createHostEngines,
  isKeyedEngine,
  KEYED_ENGINES,
} from '../../app/agent/host-engines.ts';
import {
  agentDbPath,
  DEFAULT_DATA_DIR,
  openLocalStore,
  type HostTrackingData,
  type LocalStore,
} from '../../app/agent/local-store.ts';
import { pair } from '../../app/agent/pair.ts';
import { createSyncClient, normaliseServerUrl, SyncError } from '../../app/agent/sync-client.ts';
import { BROWSER_ENGINE_IDS } from '../../engines/browser/index.ts';
import { openLoginWindow } from '../../engines/browser/login.ts';
import { findEngine } from '../../engines/catalog.ts';
import { HostTracking, ProjectPath } from '../contract/host-sync.ts';
import { CADENCES, WEEKDAYS } from '../contract/tracking.ts';
import { isValidTimeZone } from '../jobs/schedule-expression.ts';
import { createLogger } from '../logger.ts';
import { fail, print } from './output.ts';

interface DataOptions {
  data?: string;
  json?: boolean;
}

const dataDirOf = (opts: DataOptions) => opts.data ?? DEFAULT_DATA_DIR;

async function withAgentStore<T>(
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

function syncFailure(err: unknown, what: string): never {
  if (err instanceof SyncError) {
    fail(
      err.kind === 'offline'
        ? `${what}: the service cannot be reached (${err.message})`
        : `${what}: ${err.message}`,
    );
  }
  throw err;
}

async function runAgent(opts: DataOptions & { server?: string }): Promise<void> {
  const dataDir = dataDirOf(opts);
  const store = await openLocalStore(agentDbPath(dataDir));
  const pairing = await store.pairing();
  if (!pairing) {
    await store.close();
    fail('this computer is not paired yet: answerwatch agent pair --server URL --code CODE');
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

interface TrackingOptions extends DataOptions {
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

async function tracking(opts: TrackingOptions): Promise<void> {
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

export function registerAgent(program: Command): void {
  const agent = program
    .command('agent')
    .description('Run this computer as a host: signed-in browser engines and your own engine keys');
  const data = ['--data <dir>', `the agent's data directory (default ${DEFAULT_DATA_DIR})`] as const;

  agent
    .command('run', { isDefault: true })
    .description('Check in, run the host engines and upload answers until SIGINT/SIGTERM (the default)')
    .option('--server <url>', 'the service address (default: the one this computer was paired with)')
    .option(...data)
    .action((opts: DataOptions & { server?: string }) => runAgent(opts));

  agent
    .command('pair')
    .description('Pair this computer with a code from `answerwatch hosts pair-code` or the web UI')
    .requiredOption('--server <url>', 'the service address, e.g. https://answerwatch.example')
    .requiredOption('--code <code>', 'the one-time pairing code')
    .option('--label <name>', "this computer's name in the service (default: its host name)")
    .option(...data)
    .option('--json', 'print JSON')
    .action((opts: DataOptions & { server: string; code: string; label?: string }) =>
      withAgentStore(opts, async (store, dataDir) => {
        const engines = createHostEngines({ store, env: process.env, dataDir });
        const result = await pair({
          store,
          serverUrl: opts.server,
          code: opts.code,
          deviceLabel: opts.label,
          engines,
        }).catch((err: unknown) => syncFailure(err, 'pairing failed'));
        print(opts, result, () =>
          [
            `Paired as "${result.deviceLabel}" (host ${result.hostId}) with ${result.serverUrl}.`,
            `Start the agent: answerwatch agent${opts.data ? ` --data ${opts.data}` : ''}`,
          ].join('\n'),
        );
      }),
    );

  agent
    .command('login <engine>')
    .description(
      `Sign in to a browser engine in the agent's browser profile (${BROWSER_ENGINE_IDS.join(', ')})`,
    )
    .option(...data)
    .action(async (engineId: string, opts: DataOptions) => {
      if (!(BROWSER_ENGINE_IDS as readonly string[]).includes(engineId))
        fail(`not a browser engine: ${engineId} (one of ${BROWSER_ENGINE_IDS.join(', ')})`);
      process.stdout.write('Sign in in the browser window, then close it.\n');
      await openLoginWindow({
        profileDir: browserProfileDir(dataDirOf(opts)),
        executablePath: process.env.ANSWERWATCH_CHROME?.trim() || undefined,
        engineId,
        baseUrl: browserBaseUrls(process.env)?.[engineId],
      });
    });

  const keys = agent.command('keys').description('Your own engine API keys (kept sealed on this computer)');
  const keyedIds = Object.keys(KEYED_ENGINES).join(', ');
  keys
    .command('set <engine>')
    .description(`Store an engine's API key, read from stdin (${keyedIds})`)
    .option(...data)
    .action((engineId: string, opts: DataOptions) => {
      if (!isKeyedEngine(engineId)) fail(`${engineId} takes no key here (one of ${keyedIds})`);
      return withAgentStore(opts, async (store) => {
        const key = await readSecret(`Paste the ${engineId} API key and press Enter: `);
        if (!key) fail('no key given');
        if (/\s/.test(key)) fail('an API key has no spaces or line breaks');
        await store.setEngineKey(engineId, key, new Date().toISOString());
        process.stdout.write(`Stored the ${engineId} key, sealed, in ${store.path}.\n`);
      });
    });
  keys
    .command('list')
    .description('The engines that have a key (never the keys)')
    .option(...data)
    .option('--json', 'print JSON')
    .action((opts: DataOptions) =>
      withAgentStore(opts, async (store) => {
        const engines = await store.engineKeyIds();
        print(opts, { engines }, () =>
          engines.length > 0 ? engines.map((e) => `${e}  key stored`).join('\n') : 'No engine keys stored.',
        );
      }),
    );
  keys
    .command('remove <engine>')
    .description("Delete an engine's key")
    .option(...data)
    .action((engineId: string, opts: DataOptions) =>
      withAgentStore(opts, async (store) => {
        const removed = await store.removeEngineKey(engineId);
        process.stdout.write(removed ? `Removed the ${engineId} key.\n` : `No ${engineId} key was stored.\n`);
      }),
    );

  agent
    .command('tracking')
    .description('Show or change the tracking of a bring-your-own-key project (kept on this computer)')
    .requiredOption('--project <id>', 'project id')
    .option('--cadence <cadence>', CADENCES.join(' | '))
    .option('--time <HH:MM>', 'time of day in the timezone')
    .option('--weekly-day <day>', 'day of a weekly schedule')
    .option('--timezone <iana>', 'IANA time zone, e.g. Europe/Berlin')
    .option('--engines <a,b>', 'engines to ask (each prompt keeps only these)')
    .option('--samples <n>', 'times each prompt is asked per engine, 1-5')
    .option(...data)
    .option('--json', 'print JSON')
    .action((opts: TrackingOptions) => tracking(opts));
}
