import { availableParallelism, loadavg } from 'node:os';
import { Pool } from 'undici';
import { addDays, isoDay } from '../../server/domain/clock.ts';
import { pgBinDir } from '../support/pg-cluster.ts';
import { benchPostgres, type BenchPostgres } from './bench-pg.ts';
import { cpuMs } from './cpu.ts';
import { dataset, type Dataset } from './dataset.ts';
import { IMPORT_ANSWERS, IMPORT_BASELINE, measureImport, type ImportFigures } from './import-bench.ts';
import { memoryParts, memoryProbe, printMemory } from './memory.ts';
import { printOnPaper } from './on-paper.ts';
import { readCases } from './read-cases.ts';
import { measureSideBySide, type Client, type Measurement, type Side } from './measure.ts';
import { startServer } from '../support/server-process.ts';
import { measureBrowser } from './browser-bench.ts';
import { measureBackfill } from './backfill-bench.ts';
import { measureCli } from './cli-bench.ts';
import { printRenders } from './insight-render-bench.ts';
import { measureReports, printReports } from './report-bench.ts';
import { measureScoring } from './scoring-bench.ts';
import { printRuns, printWebhooks } from './run-print.ts';
import { measureTraffic, printTraffic } from './traffic-bench.ts';
import { measureSessions, printSessions } from './session-bench.ts';

/**
 * `npm run bench`: read latency (at concurrency 1) and throughput (with 8 requests in flight) against a project of
 * 1,000,000 answers over 400 days, six engines and 50 competitors, each read also as a ratio to GET /me measured in
 * the same run; the service's resident memory, steady and at its peak, by part (test/bench/memory.ts). Then the
 * import of a 50,000-answer file on SQLite and PostgreSQL, before issue 16 and now with 0, 1 and one scoring worker
 * a core (BENCH_IMPORT_ANSWERS, BENCH_IMPORT_PASSES, BENCH_IMPORT_BASELINE, BENCH_IMPORT_BASELINE_OMIT). Then runs: 500 prompts on six cloud engines against fakes
 * answering in 200 ms, as a ratio to the bound the concurrency limits set. BENCH_ANSWERS and BENCH_REQUESTS shrink
 * the reads; then webhooks: 1,000 run events to 5 webhooks each (BENCH_WEBHOOK_RUNS runs per project, default 20), and
 * again with one endpoint answering after 9 s; then a browser engine with 1, 2 and 4 pages.
 * First of all, how soon the `answerwatch` command is ready (BENCH_CLI_RUNS times each, default 9).
 * Then scoring: answers a second with 50 competitors, beside the scorer before issue 16 measured in the same run.
 * The insight reads are also rendered anew on every call in process, as the first read after a write is.
 * Migrations 0006 to 0008 rebuild the insight summaries of the read dataset.
 * Sessions: a /v1 read signed in beside the same read with a bearer key, and sign-in latency (issue 21).
 * BENCH_READS=detail,trends measures only the reads whose names hold one of these (and GET /me), without the
 * in-process renders.
 * BENCH_SUITES=cli,reads,import,backfill,runs,webhooks,browser,scoring,sessions,reports picks parts; `sign-in` is the
 * sessions part's sign-ins alone; `traffic` (not run by default) imports a generated 5,000,000-line access log
 * (BENCH_TRAFFIC_LINES) beside a bare read-and-split of it (issue 26). `reports`: a year's report of the reads'
 * dataset as JSON, HTML and PDF, BENCH_REPORT_PASSES times (default 3), against the 10 s a PDF may take (issue 27).
 */
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 1_000_000);
/** Answers that also get an answer from the engine's signed-in browser, so stats/surfaces has pairs to compare. */
const BROWSER_TWINS = 0.03;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
/** Each read's throughput phase, where its CPU per request is read, lasts at least this long (BENCH_CPU_SECONDS). */
const CPU_SECONDS = Number(process.env.BENCH_CPU_SECONDS ?? 3);
/**
 * With BENCH_DB=postgres, each read's throughput phase on SQLite and on PostgreSQL is taken in this many turns
 * of each, alternating (BENCH_CPU_ROUNDS), so the two stores' CPU per request is read in the same minutes.
 */
const CPU_ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 3);
const CONCURRENCY = 8;
/** BENCH_READS=detail,trends: only the reads whose names hold one of these (and GET /me, the yardstick). */
const READS = (process.env.BENCH_READS ?? '').split(',').filter(Boolean);
/** Passes of the year's report (BENCH_REPORT_PASSES). */
const REPORT_PASSES = Number(process.env.BENCH_REPORT_PASSES ?? 3);
/** Passes of each import measurement (BENCH_IMPORT_PASSES). */
const IMPORT_PASSES = Number(process.env.BENCH_IMPORT_PASSES ?? 3);
/** BENCH_DB=postgres: the reads, the import and the runs again on PostgreSQL, side by side with SQLite in the same run. */
const ON_POSTGRES = process.env.BENCH_DB === 'postgres';
const RATE_LIMITS_OFF = {
  ANSWERWATCH_LOG_LEVEL: 'warn',
  ANSWERWATCH_RATE_LIMIT_PER_MINUTE: '100000000',
  ANSWERWATCH_RATE_LIMIT_PER_DAY: '100000000',
};

/** Several connection pools taken in turn: a balancer in front of several instances. */
function roundRobin(pools: Pool[]): Client {
  let turn = 0;
  return { request: ((opts: never) => pools[turn++ % pools.length]!.request(opts)) as Client['request'] };
}

/** `instances` service processes on the data set, requests spread over them, and the reads to ask them. */
async function startReads(
  data: Dataset,
  env: Record<string, string>,
  instances: number,
  dbPid?: number | null,
) {
  const probe = memoryProbe();
  const servers = await Promise.all(
    Array.from({ length: instances }, () =>
      startServer(data.db, { ...RATE_LIMITS_OFF, ...env, ...probe.env }),
    ),
  );
  const probeFile = probe.env.BENCH_MEMORY_PROBE!;
  const pools = servers.map(
    (server) => new Pool(new URL(server.baseUrl).origin, { connections: CONCURRENCY, pipelining: 1 }),
  );
  const client = roundRobin(pools);
  const headers = { authorization: `Bearer ${data.key}` };
  const atStart = await memoryParts(servers[0]!, probeFile);
  const cases = (await readCases(data, client, new URL(servers[0]!.baseUrl).pathname)).filter(
    ([name], i) => i === 0 || READS.length === 0 || READS.some((r) => name.includes(r)),
  );
  // CPU time per request of the service processes and, on PostgreSQL, of the database server.
  const cpu = [() => cpuMs(servers.map((s) => s.child.pid!)), ...(dbPid ? [() => cpuMs([dbPid])] : [])];
  return {
    cases,
    /** The measurement's view of one read (by its index in `cases`). */
    side: (i: number): Side => {
      const [, paths, own] = cases[i]!;
      return { client, paths, headers: { ...headers, ...own }, concurrency: CONCURRENCY * instances, cpu };
    },
    /** The first service's memory before it was asked anything. */
    atStart,
    memory: () => memoryParts(servers[0]!, probeFile),
    peakMiB: () => servers[0]!.memory().peakMiB,
    async close() {
      await Promise.all(pools.map((pool) => pool.close()));
      await Promise.all(servers.map((server) => server.stop()));
      probe.close();
    },
  };
}

type Reads = Awaited<ReturnType<typeof startReads>>;

/**
 * Every read measured on each of these services (SQLite's alone, or SQLite's and PostgreSQL's side by side,
 * measureSideBySide); the first one's memory before and after.
 */
async function measureReads(services: Reads[]) {
  const first = services[0]!;
  const results: Measurement[][] = services.map(() => []);
  for (const [i, [name]] of first.cases.entries()) {
    for (const s of services)
      if (s.cases[i]?.[0] !== name) throw new Error(`The services' reads differ at ${name}.`);
    const measured = await measureSideBySide(
      name,
      services.map((s) => s.side(i)),
      REQUESTS,
      CPU_SECONDS,
      services.length > 1 ? CPU_ROUNDS : 1,
    );
    measured.forEach((m, s) => results[s]!.push(m));
  }
  // Steady: once the requests have stopped and the service has had a moment to collect its garbage.
  await new Promise((r) => setTimeout(r, 3_000));
  const steady = await first.memory();
  return { results, memory: { atStart: first.atStart, steady, peakMiB: first.peakMiB() } };
}

/** PostgreSQL's throughput alone with `instances` instances (after the side-by-side run). */
async function measurePgThroughput(data: Dataset, env: Record<string, string>, instances: number) {
  const reads = await startReads(data, env, instances);
  try {
    const results: Measurement[] = [];
    for (const [i, [name]] of reads.cases.entries())
      results.push(...(await measureSideBySide(name, [reads.side(i)], REQUESTS, CPU_SECONDS, 1)));
    return results;
  } finally {
    await reads.close();
  }
}

function printReads(label: string, results: Measurement[], sqlite?: Measurement[]) {
  const me = results[0]!;
  console.log(
    `\n${label}: latency at concurrency 1, throughput with ${CONCURRENCY} in flight (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}):`,
  );
  const cpuColumns =
    results[0]!.cpuPerRequest.length > 1 ? ' service CPU µs | database CPU µs |' : ' CPU µs |';
  console.log(
    `| read | p50 ms | p99 ms | req/s | ratio to /me |${sqlite ? ' ratio to SQLite |' : ''}${cpuColumns} bytes |`,
  );
  console.log(`|---|---|---|---|---|${sqlite ? '---|' : ''}${cpuColumns.replace(/[^|]+/g, '---')}---|`);
  for (const [i, r] of results.entries()) {
    const vsSqlite = sqlite ? ` ${(r.throughput / sqlite[i]!.throughput).toFixed(2)} |` : '';
    // CPU time per request while serving with requests in flight: what a request costs, however busy the machine.
    const cpu = r.cpuPerRequest.map((ms) => ` ${(ms * 1000).toFixed(0)} |`).join('');
    console.log(
      `| ${r.name} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.throughput.toFixed(0)} | ${(r.throughput / me.throughput).toFixed(2)} |${vsSqlite}${cpu} ${r.bytes} |`,
    );
  }
  const misses = results.filter(
    (r) =>
      !r.name.startsWith('reference') &&
      !r.name.startsWith('scan') &&
      (r.p99 >= 20 || r.throughput < me.throughput / 4),
  );
  console.log(
    misses.length === 0
      ? 'Every read meets p99 < 20 ms and 1/4 of /me.'
      : `Missed: ${misses.map((m) => m.name).join(', ')}`,
  );
}

async function reads() {
  console.log(
    `Building or reusing the dataset: ${ANSWERS} answers (and ${BROWSER_TWINS * 100} % browser twins), 400 days, 6 engines, 50 competitors…`,
  );
  const shape = { answers: ANSWERS, days: 400, competitors: 50, browserTwins: BROWSER_TWINS };
  const data = await dataset(shape);
  const pg = ON_POSTGRES ? await benchPostgres() : null;
  const services: Reads[] = [];
  try {
    services.push(await startReads(data, {}, 1));
    let pgData: Dataset | null = null;
    if (pg) {
      console.log('\nBuilding or reusing the same dataset on PostgreSQL…');
      pgData = await dataset({ ...shape, pg: pg.url });
      if (pgData.importRate)
        console.log(`Import while building the dataset: ${pgData.importRate.toFixed(0)} answers/s.`);
      services.push(await startReads(pgData, pg.env, 1, pg.pid));
    }
    const measured = await measureReads(services);
    await Promise.all(services.splice(0).map((s) => s.close()));
    const [sqlite, onPg] = measured.results;
    printReads(`SQLite, ${data.answers.toLocaleString()} answers`, sqlite!);
    // A pick of reads is a quick look at those reads over HTTP: the in-process renders of them all are left out.
    if (READS.length === 0) await printRenders(data, Math.min(REQUESTS, 200), 'SQLite');
    printMemory(data.answers, measured.memory);
    if (data.importRate)
      console.log(`Import while building the dataset: ${data.importRate.toFixed(0)} answers/s.`);
    if (!pg || !pgData || !onPg) return;
    printReads(
      `PostgreSQL, one serve instance, measured side by side with SQLite (${CPU_ROUNDS} turns of each read's throughput phase)`,
      onPg,
      sqlite,
    );
    printOnPaper(onPg, sqlite!);
    // Served from the cache above; here what the first read after a write costs on PostgreSQL (issue 24).
    await printRenders(pgData, Math.min(REQUESTS, 200), 'PostgreSQL', (name) =>
      name.startsWith('stats/competitors'),
    );
    const two = await measurePgThroughput(pgData, pg.env, 2);
    console.log(`\nPostgreSQL, throughput (req/s) with 1 and 2 serve instances on the one database:`);
    console.log('| read | 1 instance, 8 in flight | 2 instances, 16 in flight | ratio |');
    console.log('|---|---|---|---|');
    for (const [i, r] of onPg.entries()) {
      const t2 = two[i]!.throughput;
      console.log(
        `| ${r.name} | ${r.throughput.toFixed(0)} | ${t2.toFixed(0)} | ${(t2 / r.throughput).toFixed(2)} |`,
      );
    }
  } finally {
    await Promise.all(services.map((s) => s.close()));
    await pg?.stop();
  }
}

/** Import of the 50,000-answer file: before issue 16, then scored in the importing thread and by workers. */
async function imports() {
  const cores = availableParallelism();
  const counts = [...new Set([0, 1, cores])];
  const stores: [string, BenchPostgres | null][] = [['SQLite', null]];
  // On PostgreSQL too whenever a server can be had, whether or not the reads run there (BENCH_DB).
  const pg = ON_POSTGRES || process.env.BENCH_PG_URL || pgBinDir() ? await benchPostgres() : null;
  if (pg) stores.push(['PostgreSQL', pg]);
  try {
    for (const [name, server] of stores) {
      const figures = await measureImport(counts, IMPORT_PASSES, server);
      console.log(
        `\nImport of ${IMPORT_ANSWERS.toLocaleString('en-US')} answers (50 competitors) into a fresh ${name} database, ` +
          `${IMPORT_PASSES} alternating passes (load average ${loadavg()[0]!.toFixed(1)} on ${cores} cores):`,
      );
      const dbColumn = server ? ' database CPU µs an answer |' : '';
      console.log(
        `| import | answers/s, best pass | slowest pass | ratio to before (best) | CPU µs an answer, all threads |${dbColumn}`,
      );
      console.log(`|---|---|---|---|---|${server ? '---|' : ''}`);
      const rates = (f: ImportFigures) => f.passes.map((p) => p.rate).sort((a, b) => a - b);
      const best = (f: ImportFigures) => rates(f).at(-1)!;
      const slowest = (f: ImportFigures) => rates(f)[0]!;
      const least = (f: ImportFigures, key: 'cpuUs' | 'dbCpuUs') => Math.min(...f.passes.map((p) => p[key]));
      for (const f of figures) {
        const label =
          f.workers === null
            ? `before: ${IMPORT_BASELINE} (scored in the importing thread)`
            : f.workers === 0
              ? 'now, scored in the importing thread (--workers 0)'
              : `now, ${f.workers} scoring worker${f.workers > 1 ? 's' : ''}`;
        const db = server ? ` ${least(f, 'dbCpuUs').toFixed(0)} |` : '';
        console.log(
          `| ${label} | ${best(f).toFixed(0)} | ${slowest(f).toFixed(0)} | ${(best(f) / best(figures[0]!)).toFixed(2)} | ${least(f, 'cpuUs').toFixed(0)} |${db}`,
        );
      }
      const top = Math.max(...figures.map(best));
      const cheapest = Math.min(...figures.slice(1).map((f) => least(f, 'cpuUs') + least(f, 'dbCpuUs')));
      console.log(
        `Target: at least 20,000 answers a second: ${top >= 20_000 ? 'met' : 'missed'}. ` +
          `At the lowest CPU time an answer measured, ${cores} idle cores could import at most ` +
          `${((cores * 1e6) / cheapest).toFixed(0)} answers a second.`,
      );
    }
  } finally {
    await pg?.stop();
  }
}

async function browser() {
  console.log(
    '\nLocal-fetch engine in headless Chromium against the ChatGPT mock page (1.5 s streamed answers):',
  );
  console.log('| pages in parallel | answers per minute |');
  console.log('|---|---|');
  for (const r of await measureBrowser({ asks: 12 }))
    console.log(`| ${r.pages} | ${r.answersPerMinute.toFixed(1)} |`);
}

async function cli() {
  const runs = Number(process.env.BENCH_CLI_RUNS ?? 9);
  console.log(`\nThe answerwatch command, each spawned ${runs} times (the compiled code in dist/):`);
  console.log('| command | median ms | min ms | ratio to node -e 0 | target, at node -e 0 = 0.1 s |');
  console.log('|---|---|---|---|---|');
  const figures = await measureCli(runs);
  for (const f of figures) {
    const target =
      f.targetSeconds === null ? '' : `${f.targetSeconds} s (ratio ${(f.targetSeconds / 0.1).toFixed(0)})`;
    console.log(
      `| ${f.name} | ${f.medianMs.toFixed(0)} | ${f.minMs.toFixed(0)} | ${f.ratio.toFixed(2)} | ${target} |`,
    );
  }
  const misses = figures.filter((f) => f.targetSeconds !== null && f.ratio > f.targetSeconds / 0.1);
  console.log(
    misses.length === 0
      ? 'Every command meets its target.'
      : `Missed: ${misses.map((m) => m.name).join(', ')}`,
  );
}

async function scoring() {
  const f = await measureScoring();
  console.log(
    `\nScoring ${f.answers} labelled answers with 50 competitors each, alternating passes in one process (load average ${f.load.toFixed(1)}):`,
  );
  console.log('| scorer | answers/s, median pass | best pass | ratio to baseline (median, best) |');
  console.log('|---|---|---|---|');
  const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : 'n/a');
  console.log(
    `| this tree | ${f.current.median.toFixed(0)} | ${f.current.best.toFixed(0)} | ${ratio(f.current.median, f.baseline?.median)}, ${ratio(f.current.best, f.baseline?.best)} |`,
  );
  if (f.baseline) {
    console.log(
      `| baseline ${f.baselineRef} | ${f.baseline.median.toFixed(0)} | ${f.baseline.best.toFixed(0)} | 1.00, 1.00 |`,
    );
  }
  if (f.baselineNote) console.log(f.baselineNote);
  console.log(
    `Target: at least 10,000 answers a second (median pass): ${f.current.median >= 10_000 ? 'met' : 'missed'}.`,
  );
}

/** A year's report as JSON, HTML and PDF on the reads' dataset (issue 27: the PDF in under 10 s). */
async function reports() {
  const data = await dataset({ answers: ANSWERS, days: 400, competitors: 50, browserTwins: BROWSER_TWINS });
  const today = isoDay(new Date());
  const range = { from: addDays(today, -365), to: today };
  printReports(data.answers, range, await measureReports(data.db, data.projectId, range, REPORT_PASSES));
}

async function backfill() {
  const data = await dataset({ answers: ANSWERS, days: 400, competitors: 50, browserTwins: BROWSER_TWINS });
  const f = await measureBackfill(data.db);
  const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
  console.log(
    `\nMigration 0006 (insight summaries built from ${f.answers.toLocaleString()} stored answers, own process):`,
  );
  console.log('| seconds | answers/s | database MB before | after | peak MiB |');
  console.log('|---|---|---|---|---|');
  console.log(
    `| ${f.seconds.toFixed(1)} | ${f.answersPerSecond.toFixed(0)} | ${mb(f.bytesBefore)} | ${mb(f.bytesAfter)} | ${f.peakMiB.toFixed(0)} |`,
  );
}

const suites = (
  process.env.BENCH_SUITES ?? 'cli,reads,import,backfill,runs,webhooks,browser,scoring,sessions,reports'
).split(',');
if (suites.includes('cli')) await cli();
if (suites.includes('reads')) await reads();
if (suites.includes('import')) await imports();
if (suites.includes('backfill')) await backfill();
if (suites.includes('runs')) await printRuns(ON_POSTGRES);
if (suites.includes('webhooks')) await printWebhooks();
if (suites.includes('browser')) await browser();
if (suites.includes('scoring')) await scoring();
if (suites.includes('sessions')) printSessions(await measureSessions(REQUESTS, RATE_LIMITS_OFF));
// The sessions bench's sign-ins alone (with the hash timed beside them), without its reads.
if (suites.includes('sign-in')) printSessions(await measureSessions(REQUESTS, RATE_LIMITS_OFF, true));
if (suites.includes('traffic')) printTraffic(await measureTraffic(undefined, RATE_LIMITS_OFF));
if (suites.includes('reports')) await reports();
