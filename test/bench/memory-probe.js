// Loaded into the service by the benchmark (NODE_OPTIONS=--import): on SIGWINCH it writes the process's memory as
// V8 and Node see it to the file BENCH_MEMORY_PROBE names, so the benchmark can say what holds the resident
// memory. Plain JavaScript, since the service runs compiled code; not part of the service.
import { writeFileSync } from 'node:fs';
import process from 'node:process';
import v8 from 'node:v8';

process.on('SIGWINCH', () => {
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name, { used: s.space_used_size, size: s.space_size }]),
  );
  writeFileSync(process.env.BENCH_MEMORY_PROBE, JSON.stringify({ ...process.memoryUsage(), spaces }));
});
