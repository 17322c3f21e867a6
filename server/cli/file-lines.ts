import type { FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';

/**
 * The lines of an open file, streamed (a file of millions of answers never sits in memory whole), counting the
 * bytes read through them in `read`. The file is read only from the first line asked for: readline starts
 * reading at once and drops the lines nobody listens to yet, so a reader set up before the import had read its
 * project (a few round trips on PostgreSQL) lost the file's first lines.
 */
export async function* fileLines(handle: FileHandle, read = { bytes: 0 }): AsyncGenerator<string> {
  const input = handle.createReadStream({ encoding: 'utf8' });
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    read.bytes += Buffer.byteLength(line) + 1;
    yield line;
  }
}
