/** A summary row's prompts merged as stored text: the same text encodePrompts writes for the union, every time. */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../server/domain/demo-data.ts';
import {
  decodePrompts,
  encodePrompts,
  mergePrompts,
} from '../../server/store/repositories/prompt-numbers.ts';

describe('mergePrompts', () => {
  it('appends a new largest number, keeps one already there, and puts a smaller one in its place', () => {
    const stored = encodePrompts(new Set([1, 9, 10, 36, 40]));
    expect(stored).toBe('1,9,a,10,14');
    expect(mergePrompts(stored, new Set([1296]))).toBe('1,9,a,10,14,100');
    expect(mergePrompts(stored, new Set([10, 36]))).toBe(stored);
    expect(mergePrompts(stored, new Set([0, 11, 35, 37]))).toBe('0,1,9,a,b,z,10,11,14');
    expect(mergePrompts('', new Set([3, 2]))).toBe('2,3');
    expect(mergePrompts(stored, new Set())).toBe(stored);
  });

  it('writes what encodePrompts writes for the union, over random sets', () => {
    const random = mulberry32(23);
    const pick = (count: number, top: number) =>
      new Set(Array.from({ length: count }, () => Math.floor(random() * top)));
    for (let i = 0; i < 2_000; i += 1) {
      const top = [10, 50, 2_000, 100_000][i % 4]!;
      const stored = pick(Math.floor(random() * 60), top);
      const add = pick(Math.floor(random() * 6), top);
      const merged = mergePrompts(encodePrompts(stored), add);
      expect(merged).toBe(encodePrompts(new Set([...stored, ...add])));
      expect(new Set(decodePrompts(merged))).toEqual(new Set([...stored, ...add]));
    }
  });
});
