import type { FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

/** What a log file read so far tells: bytes of the file read (compressed, for gzip) and why it ended early. */
export interface LogFileState {
  bytes: number;
  failure: string | null;
}

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * The lines of an access log, plain or gzip (known by its first two bytes, whatever its name), streamed: a 10 GB
 * file never sits in memory. A gzip stream that ends early (a file copied while being written) or is corrupt ends
 * the lines where it broke, with `state.failure` saying why, so the lines before it still count.
 */
export async function* logFileLines(handle: FileHandle, state: LogFileState): AsyncGenerator<string> {
  const head = Buffer.alloc(2);
  const { bytesRead } = await handle.read(head, 0, 2, 0);
  const gzip = bytesRead === 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  const raw = handle.createReadStream({ start: 0, autoClose: false });
  raw.on('data', (chunk) => {
    state.bytes += chunk.length;
  });
  const input = gzip ? raw.pipe(createGunzip()) : raw;
  if (gzip) raw.on('error', (err) => input.destroy(err));
  input.setEncoding('utf8');
  try {
    for await (const line of createInterface({ input, crlfDelay: Infinity })) yield line;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (!gzip || !e.code?.startsWith('Z_')) throw err;
    state.failure = `the gzip stream is broken (${e.message}); the lines before it were read`;
  }
}
