import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createAccount } from '../../server/domain/accounts.ts';
import { systemClock } from '../../server/domain/clock.ts';
import { openDatabase } from '../../server/domain/database.ts';
import { mulberry32 } from '../../server/domain/demo-data.ts';
import { createStore } from '../../server/store/index.ts';
import { agentClassifier } from '../../server/traffic/agents.ts';
import { lineParser } from '../../server/traffic/formats.ts';
import { importTraffic } from '../../server/traffic/import-traffic.ts';
import { logFileLines } from '../../server/traffic/log-file.ts';
import { snapshotsInUse } from '../../server/traffic/range-sources.ts';
import { referralEngine } from '../../server/traffic/referrals.ts';
import { rangeVerifier } from '../../server/traffic/verify.ts';
import { BASE } from '../support/api-harness.ts';
import { createProject } from '../support/fixtures.ts';

/** Lines of the generated combined log (BENCH_TRAFFIC_LINES; the figure is 5,000,000). */
export const TRAFFIC_LINES = Number(process.env.BENCH_TRAFFIC_LINES ?? 5_000_000);

const PEOPLE = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
];
/** Agents with an address inside their operator's shipped ranges (or any, where none are published). */
const AGENTS: [string, string][] = [
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    '20.171.206.',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
    '51.8.102.',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    '23.98.142.18',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    '34.162.0.',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    '3.224.62.45',
  ],
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '66.249.66.'],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
    '40.77.167.',
  ],
  ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', '5.39.1.'],
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A combined log over the last year: 80 % people (6 % of them from an AI answer, by Referer or utm_source), 18 %
 * the agents above from their own ranges, 2 % GPTBot's name from elsewhere (spoofed); 3,000 pages, 5 % 404s.
 */
async function writeLog(path: string, lines: number): Promise<void> {
  const random = mulberry32(26);
  const out = createWriteStream(path);
  const start = Date.now() - 365 * 86_400_000;
  const step = (365 * 86_400_000) / lines;
  for (let i = 0; i < lines; i += 1) {
    const d = new Date(start + i * step);
    const time = `${String(d.getUTCDate()).padStart(2, '0')}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${d.toISOString().slice(11, 19)} +0000`;
    const r = random();
    const page = `/p/${Math.floor(random() * 3_000)}`;
    const status = random() < 0.05 ? 404 : 200;
    let ip: string;
    let ua: string;
    let referer = '-';
    let query = '';
    if (r < 0.8) {
      ip = `198.51.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`;
      ua = PEOPLE[Math.floor(random() * PEOPLE.length)]!;
      const from = random();
      if (from < 0.04) referer = 'https://chatgpt.com/';
      else if (from < 0.05) referer = 'https://www.perplexity.ai/';
      else if (from < 0.06) query = '?utm_source=chatgpt.com';
      else if (from < 0.5) referer = 'https://www.google.com/';
    } else if (r < 0.98) {
      const [agent, prefix] = AGENTS[Math.floor(random() * AGENTS.length)]!;
      ua = agent;
      ip = prefix.endsWith('.') ? `${prefix}${Math.floor(random() * 14) + 1}` : prefix;
    } else {
      ua = AGENTS[0]![0];
      ip = `203.0.113.${Math.floor(random() * 256)}`;
    }
    const line = `${ip} - - [${time}] "GET ${page}${query} HTTP/1.1" ${status} ${Math.floor(random() * 50_000)} "${referer}" "${ua}"\n`;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function* lines(path: string): AsyncGenerator<string> {
  const handle = await open(path);
  try {
    for await (const line of createInterface({
      input: handle.createReadStream({ encoding: 'utf8' }),
      crlfDelay: Infinity,
    }))
      yield line;
  } finally {
    await handle.close();
  }
}

export interface TrafficFigures {
  lines: number;
  splitPerSecond: number;
  classifyPerSecond: number;
  importPerSecond: number;
  peakRssMiB: number;
}

/**
 * The import of a generated combined log into a fresh SQLite database, beside a bare read-and-split of the same file
 * and the parse + classify pipeline without the store, in the same run; the process's peak resident memory while it
 * imports (sampled every 50 ms).
 */
export async function measureTraffic(count = TRAFFIC_LINES): Promise<TrafficFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'aw-bench-traffic-'));
  try {
    const file = join(dir, 'access.log');
    await writeLog(file, count);
    let fields = 0;
    const split = await timed(async () => {
      for await (const line of lines(file)) fields += line.split(' ').length;
    });
    const parse = lineParser('auto');
    const classify = agentClassifier();
    const verify = rangeVerifier(snapshotsInUse([]));
    let people = 0;
    const classified = await timed(async () => {
      for await (const line of lines(file)) {
        const hit = parse(line);
        const kind = classify(hit.userAgent);
        if (kind.purpose === 'people') people += referralEngine(hit.referer, hit.query) === null ? 0 : 1;
        else verify(kind.agent, hit.ip);
      }
    });
    const store = createStore(await openDatabase(join(dir, 'traffic.db')));
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    try {
      const account = await createAccount(store, systemClock, { plan: 'premium' });
      const projectId = (await createProject(store, account.id)).id;
      const handle = await open(file);
      const state = { bytes: 0, failure: null };
      const imported = await timed(async () => {
        const r = await importTraffic(store, systemClock, projectId, logFileLines(handle, state), {
          baseUrl: BASE,
          identity: 'first-line',
          keepHourDays: 366,
        });
        if (r.invalidCount > 0 || r.accepted !== count)
          throw new Error(`bench log refused: ${JSON.stringify(r.invalid[0])}`);
      });
      await handle.close();
      // Keeps the loops' results alive, so no engine can drop the work measured.
      if (fields === 0 || people === 0) throw new Error('the generated log holds no lines');
      return {
        lines: count,
        splitPerSecond: count / split,
        classifyPerSecond: count / classified,
        importPerSecond: count / imported,
        peakRssMiB: peak / 2 ** 20,
      };
    } finally {
      clearInterval(sampler);
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printTraffic(f: TrafficFigures): void {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  console.log(
    `\nTraffic import of a generated ${n(f.lines)}-line combined log into a fresh SQLite database (one process):`,
  );
  console.log(
    '| bare read + split, lines/s | parse + classify, lines/s | import, lines/s | import / split | peak RSS MiB |',
  );
  console.log('|---|---|---|---|---|');
  console.log(
    `| ${n(f.splitPerSecond)} | ${n(f.classifyPerSecond)} | ${n(f.importPerSecond)} | ${(f.importPerSecond / f.splitPerSecond).toFixed(2)} | ${f.peakRssMiB.toFixed(0)} |`,
  );
}
