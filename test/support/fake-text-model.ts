/** A scripted TextModel for the judge's tests, and a reader of the data block its user messages carry. */
import { expect } from 'vitest';
import { DATA_CLOSE, DATA_OPEN } from '../../engines/judge/prompt.ts';
import type { AskOptions, TextModel } from '../../engines/types.ts';

interface Call {
  system: string;
  user: string;
  signal: AbortSignal | undefined;
}

/** A TextModel that records what it was sent and answers from a script (a string, or an error to throw). */
export function fakeModel(...replies: (string | Error | ((call: Call) => Promise<string>))[]) {
  const calls: Call[] = [];
  const model: TextModel = {
    id: 'fake-judge',
    async complete(system: string, user: string, options?: AskOptions) {
      const call = { system, user, signal: options?.signal };
      calls.push(call);
      const reply = replies.shift();
      if (reply === undefined) throw new Error('the fake model was called more often than scripted');
      if (reply instanceof Error) throw reply;
      return typeof reply === 'function' ? reply(call) : reply;
    },
  };
  return { model, calls };
}

/** The JSON data block of a user message, read back; fails the test when the block is not intact. */
export function dataBlock<T>(user: string): T {
  const lines = user.split('\n');
  expect(lines.filter((l) => l === DATA_OPEN)).toHaveLength(1);
  expect(lines.filter((l) => l === DATA_CLOSE)).toHaveLength(1);
  const open = lines.indexOf(DATA_OPEN);
  const close = lines.indexOf(DATA_CLOSE);
  // The whole data block is one line of JSON: nothing in it can start a line of its own.
  expect(close - open).toBe(2);
  expect(user.indexOf(DATA_CLOSE)).toBe(user.lastIndexOf(DATA_CLOSE));
  return JSON.parse(lines[open + 1] ?? '') as T;
}
