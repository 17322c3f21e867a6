// Loaded into a command the benchmark runs (NODE_OPTIONS=--import): as the process exits it writes its peak resident
// memory (getrusage's ru_maxrss, in bytes) to the file BENCH_PEAK_RSS names, so the import's own peak is read, not
// the benchmark's. Plain JavaScript, since the command runs compiled code; not part of the command.
import { writeFileSync } from 'node:fs';
import process from 'node:process';

process.on('exit', () => {
  writeFileSync(process.env.BENCH_PEAK_RSS, String(process.resourceUsage().maxRSS * 1024));
});
