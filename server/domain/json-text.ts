/**
 * A response body already rendered as JSON text. Hot list endpoints render from stored fragments instead of
 * building and re-serialising thousands of objects; the type parameter records which contract shape the text
 * holds, and the test suite's response validation parses it back against that schema.
 */
export class JsonText<T> {
  declare readonly shape?: T;
  constructor(readonly text: string) {}
}
