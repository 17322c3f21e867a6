import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipped = promisify(gzip);

/**
 * A response body already rendered as JSON text. Hot list endpoints render from stored fragments instead of
 * building and re-serialising thousands of objects; the type parameter records which contract shape the text
 * holds, and the test suite's response validation parses it back against that schema.
 */
export class JsonText<T> {
  declare readonly shape?: T;
  #text: string | null;
  #bytes: Buffer | null = null;
  #etag: string | undefined;
  #gzip: Promise<Buffer> | null = null;
  /** `etag`: a validator of what the body means, where a field of it (a time it was made) is no part of that. */
  constructor(text: string, etag?: string) {
    this.#text = text;
    this.#etag = etag;
  }

  get text(): string {
    return this.#text ?? this.#bytes!.toString('utf8');
  }

  /**
   * The body as UTF-8, encoded once; from then on only the bytes are kept. A body kept in the read cache thus
   * costs exactly its size (a string may take two bytes a character) and is never encoded again to be sent.
   */
  get bytes(): Buffer {
    if (this.#bytes === null) {
      this.#bytes = Buffer.from(this.#text!, 'utf8');
      this.#text = null;
    }
    return this.#bytes;
  }

  /** A strong validator of the body, computed once: a cached body is not hashed again on every request. */
  get etag(): string {
    this.#etag ??= `"${hash('sha1', this.bytes, 'base64url')}"`;
    return this.#etag;
  }

  /**
   * The body gzipped, made once (in the thread pool, at the fastest level: JSON still shrinks four- to tenfold) when a
   * client first asks for it, then kept with the body: a cached body is not compressed again on every request.
   */
  gzip(): Promise<Buffer> {
    this.#gzip ??= gzipped(this.bytes, { level: 1 });
    return this.#gzip;
  }

  /** The gzipped body's own strong validator (RFC 9110 §8.8.3: each content coding is another representation). */
  get gzipEtag(): string {
    return `${this.etag.slice(0, -1)}-gzip"`;
  }
}
