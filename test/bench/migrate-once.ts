import { openDatabase } from '../../server/domain/database.ts';

/** Opens (and so migrates) the database given, printing how long it took and the process's peak memory. */
const started = performance.now();
const db = await openDatabase(process.argv[2]!);
const seconds = (performance.now() - started) / 1000;
await db.destroy();
console.log(JSON.stringify({ seconds, peakMiB: process.resourceUsage().maxRSS / 1024 }));
