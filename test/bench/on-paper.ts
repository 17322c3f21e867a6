import type { Measurement } from './measure.ts';

/** The load the issue sizes the database for (issue 24). */
const TARGET_RPS = 2_000;
/** Service CPU a request on PostgreSQL may cost, as a multiple of SQLite's, for a read served from the cache. */
const MAX_RATIO = 1.3;
/** Database CPU a `GET /me` may cost on PostgreSQL. */
const ME_DB_MS = 0.5;

/**
 * What the measured CPU per request means for sizing, on paper: how many requests a second each core added to the
 * instances serves (1,000 ms over the service's CPU ms a request), and how many database cores 2,000 requests a
 * second take (the database's CPU ms a request times 2,000, over 1,000 ms). Beside it, the service's CPU on
 * PostgreSQL as a multiple of SQLite's for the same read.
 */
export function printOnPaper(pg: readonly Measurement[], sqlite: readonly Measurement[]): void {
  console.log(
    `\nOn paper, from the CPU per request on PostgreSQL (one instance): requests a second per added instance core, ` +
      `database cores for ${TARGET_RPS.toLocaleString('en-US')} requests a second, service CPU as a multiple of SQLite's:`,
  );
  console.log(
    '| read | req/s per instance core | database cores at 2,000 req/s | service CPU ÷ SQLite CPU |',
  );
  console.log('|---|---|---|---|');
  for (const [i, r] of pg.entries()) {
    const [service, database] = r.cpuPerRequest;
    const onSqlite = sqlite[i]?.cpuPerRequest[0];
    const perCore = service ? (1_000 / service).toFixed(0) : '–';
    const cores = database === undefined ? '–' : ((TARGET_RPS * database) / 1_000).toFixed(2);
    const ratio = service && onSqlite ? (service / onSqlite).toFixed(2) : '–';
    console.log(`| ${r.name} | ${perCore} | ${cores} | ${ratio} |`);
  }
  const me = pg[0]!;
  const meDb = me.cpuPerRequest[1];
  const over = pg.filter((r, i) => {
    const onSqlite = sqlite[i]?.cpuPerRequest[0];
    return !r.name.startsWith('scan') && onSqlite && r.cpuPerRequest[0]! > MAX_RATIO * onSqlite;
  });
  console.log(
    `${verdict(meDb !== undefined && meDb < ME_DB_MS, `database CPU of ${me.name} under ${ME_DB_MS} ms`)}; ` +
      (over.length === 0
        ? `every read's service CPU at most ${MAX_RATIO}× SQLite's.`
        : `service CPU over ${MAX_RATIO}× SQLite's: ${over.map((o) => o.name).join(', ')}.`),
  );
}

const verdict = (met: boolean, what: string) => `${met ? 'Met' : 'Missed'}: ${what}`;
