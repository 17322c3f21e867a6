import { hash } from 'node:crypto';

/**
 * A response body already rendered as JSON text. Hot list endpoints render from stored fragments instead of
 * building and re-serialising thousands of objects; the type parameter records which contract shape the text
 * holds, and the test suite's response validation parses it back against that schema.
 */
export class JsonText<T> {
  declare readonly shape?: T;
  #etag: string | undefined;
  constructor(readonly text: string) {}

  /** A strong validator of the text, computed once: a cached body is not hashed again on every request. */
  get etag(): string {
    this.#etag ??= `"${hash('sha1', this.text, 'base64url')}"`;
    return this.#etag;
  }
}
