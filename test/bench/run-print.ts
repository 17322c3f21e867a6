import { availableParallelism, loadavg } from 'node:os';
import { benchPostgres } from './bench-pg.ts';
import { measureRuns } from './run-bench.ts';
import { measurePgRuns, PG_RUNS } from './run-bench-pg.ts';
import { measureRunStore } from './run-store-bench.ts';
import { measureWebhooks } from './webhook-bench.ts';

/** The run suite: runs on SQLite (and with `onPostgres`, through 1 and 2 instances on PostgreSQL), then storing in process. */
export async function printRuns(onPostgres: boolean) {
  const prompts = Number(process.env.BENCH_PROMPTS ?? 500);
  console.log(
    `\nA run of ${prompts} prompts on six cloud engines (fakes on 127.0.0.1, real adapters, a real process):`,
  );
  console.log(
    '| engine latency | concurrency per engine | run | bound s | run s | ratio to bound | answers/s | service CPU µs an answer | of it, main thread | run end to fresh stats ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  // At 0 ms the service's own CPU is the run's limit, so it runs twice: a freshly started process's first run pays
  // for V8 optimising its code and the scorer loading its word lists; the next shows the service as it runs for days.
  const configs = [
    { latencyMs: 200, concurrency: 4, runs: 1 },
    { latencyMs: 0, concurrency: 8, runs: 2 },
  ];
  const runLabel = (i: number) => (i === 0 ? 'first of a fresh process' : 'the next, same process');
  for (const { latencyMs, concurrency, runs } of configs) {
    for (const [i, f] of (await measureRuns(prompts, latencyMs, concurrency, { runs })).entries()) {
      const ratio = f.boundMs > 0 ? (f.elapsedMs / f.boundMs).toFixed(2) : 'n/a';
      console.log(
        `| ${latencyMs} ms | ${concurrency} | ${runLabel(i)} | ${(f.boundMs / 1000).toFixed(1)} | ${(f.elapsedMs / 1000).toFixed(1)} | ${ratio} | ${f.answersPerSecond.toFixed(0)} | ${f.serviceCpuUsPerAnswer.toFixed(0)} | ${f.mainThreadCpuUsPerAnswer.toFixed(0)} | ${f.freshStatsMs} |`,
      );
    }
  }
  console.log(
    'Target: a run at 200 ms within 1.1 times its bound; at 0 ms (scoring and storing alone) 1,500 answers/s on SQLite.',
  );
  // Counting by part reads the thread's clock from /proc around every statement and answer, so the figures above
  // come from runs without it, and the parts from the same runs again with it (their own totals printed beside).
  console.log(
    "\nWhere the run's answer goes in the service: the same runs again, the service counting its main thread's busy time by part (ANSWERWATCH_PROFILE_PARTS), µs an answer:",
  );
  console.log(
    "| engine latency | run | answers/s | scoring | answer statements | summaries | run counts | begin + commit | storing in all | rest of the main thread (engines' HTTP, adapters, GC) | main thread CPU | other threads (V8 compiler, GC) |",
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { latencyMs, concurrency, runs } of configs) {
    for (const [i, f] of (
      await measureRuns(prompts, latencyMs, concurrency, { countParts: true, runs })
    ).entries()) {
      const p = f.partsUsPerAnswer!;
      const storing = p.scoring + p.statements + p.summaries + p.runCounts + p.commit;
      console.log(
        `| ${latencyMs} ms | ${runLabel(i)} | ${f.answersPerSecond.toFixed(0)} | ${[p.scoring, p.statements, p.summaries, p.runCounts, p.commit, storing, f.mainThreadCpuUsPerAnswer - storing, f.mainThreadCpuUsPerAnswer, f.serviceCpuUsPerAnswer - f.mainThreadCpuUsPerAnswer].map((v) => v.toFixed(0)).join(' | ')} |`,
      );
    }
  }
  if (onPostgres) await runsOnPostgres(prompts);
  // Groups as large as the group commit allows, as a run at 0 ms makes them (its answers in flight, 48), and as the
  // run at 200 ms makes them: its answers trickle in, 3,000 in about 400 groups.
  for (const groupSize of [undefined, 48, 8]) {
    const s = await measureRunStore(undefined, groupSize);
    console.log(
      `\nWhere a run's answer goes (${s.answers.toLocaleString()} demo answers stored as a run stores them, in process on SQLite, ${s.groups} group commits${groupSize ? ` of at most ${groupSize}` : ''}), CPU µs per answer:`,
    );
    console.log(
      '| scoring | answer statements | summaries | run counts | begin + commit | total | answers/s | import: CPU µs per answer | import answers/s |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    const c = s.cpuUs;
    const total = c.scoring + c.statements + c.summaries + c.runCounts + c.commit;
    console.log(
      `| ${[c.scoring, c.statements, c.summaries, c.runCounts, c.commit, total].map((v) => v.toFixed(0)).join(' | ')} | ${s.answersPerSecond.toFixed(0)} | ${s.importCpuUs.toFixed(0)} | ${s.importPerSecond.toFixed(0)} |`,
    );
  }
  console.log(
    `Load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} (the machine's, over 1, 5, 15 minutes).`,
  );
}

/** BENCH_DB=postgres: PG_RUNS runs at once through 1 and 2 `serve` instances on a fresh database of the bench's server. */
async function runsOnPostgres(prompts: number) {
  const pg = await benchPostgres();
  try {
    console.log(
      `\n${PG_RUNS} runs of ${prompts} prompts at once on PostgreSQL (a fresh database each time), through 1 and 2 serve instances:`,
    );
    console.log(
      '| engine latency | concurrency per engine | instances | runs per instance | answers | bound s | run s | answers/s | service CPU µs an answer, each instance | database CPU µs an answer | fake engines CPU µs an answer | all of them, CPU µs an answer |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const [latency, concurrency] of [
      [0, 8],
      [200, 4],
    ] as const) {
      for (const instances of [1, 2]) {
        const f = await measurePgRuns(pg, prompts, latency, concurrency, instances);
        const db = f.databaseCpuUsPerAnswer === null ? 'n/a' : f.databaseCpuUsPerAnswer.toFixed(0);
        const services = f.serviceCpuUsPerAnswer.reduce(
          (sum, c, i) => sum + (c * f.runsPerInstance[i]!) / f.runs,
          0,
        );
        const all = services + (f.databaseCpuUsPerAnswer ?? 0) + f.benchCpuUsPerAnswer;
        console.log(
          `| ${latency} ms | ${concurrency} | ${instances} | ${f.runsPerInstance.join(' + ')} | ${f.answers} | ${(f.boundMs / 1000).toFixed(1)} | ${(f.elapsedMs / 1000).toFixed(1)} | ${f.answersPerSecond.toFixed(0)} | ${f.serviceCpuUsPerAnswer.map((c) => c.toFixed(0)).join(' + ')} | ${db} | ${f.benchCpuUsPerAnswer.toFixed(0)} | ${all.toFixed(0)} |`,
        );
      }
    }
    console.log(
      `Target: at 0 ms, at least 1,000 answers/s on PostgreSQL with 2 instances. At most ${availableParallelism()} cores × 1,000,000 ÷ "all of them" answers/s on this machine.`,
    );
  } finally {
    await pg.stop();
  }
}

/** The webhook suite: run events to 5 webhooks each, then beside a receiver that answers after 9 s. */
export async function printWebhooks() {
  console.log(
    '\nWebhooks: run events to 5 webhooks each on a local HTTPS receiver, through a real process; then again with one of the 250 webhooks answering after 9 s (figures of the others):',
  );
  console.log(
    '| endpoints | events | deliveries | while runs end: deliveries/s | run end to receipt p50 ms | p99 ms | backlog drained: deliveries/s | service CPU µs a delivery |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const slow of [false, true]) {
    const f = await measureWebhooks(slow);
    const backlog = f.backlogPerSecond === null ? 'n/a' : f.backlogPerSecond.toFixed(0);
    const cpu = f.backlogCpuUsPerDelivery === null ? 'n/a' : f.backlogCpuUsPerDelivery.toFixed(0);
    console.log(
      `| ${slow ? 'one answers after 9 s' : 'all answer at once'} | ${f.events} | ${f.deliveries} | ${f.streamPerSecond.toFixed(0)} | ${f.p50Ms} | ${f.p99Ms} | ${backlog} | ${cpu} |`,
    );
  }
  console.log(
    `Target: run end to receipt p99 under 250 ms, and the same with the slow endpoint. Load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}.`,
  );
}
