import { describe, expect, it } from 'vitest';
import { progressBar } from '../../server/cli/progress.ts';

/** A pipe-like stream that keeps what is written. */
function capture() {
  const lines: string[] = [];
  const stream = { isTTY: false, write: (text: string) => lines.push(text) } as unknown as NodeJS.WriteStream;
  return { lines, stream };
}

const at = (done: number, count: number) => ({
  done,
  total: 1_000,
  label: '',
  items: { count, unit: 'answers' },
});

describe('the progress bar', () => {
  it('draws the end with its final count, even when the file was read before the last answers were stored', () => {
    const { lines, stream } = capture();
    const bar = progressBar(stream);
    bar.update(at(1_000, 59_250));
    bar.update(at(1_000, 60_000));
    bar.end();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/\] 100% 60,000 answers {2}[\d,]+ answers\/s {2}00:00 left\n$/);
  });

  it('draws nothing new when nothing moved, and at most one line every few seconds before the end', () => {
    const { lines, stream } = capture();
    const bar = progressBar(stream);
    bar.update(at(10, 5));
    bar.update(at(20, 10));
    bar.update(at(20, 10));
    expect(lines).toHaveLength(1);
    bar.update(at(1_000, 500));
    bar.update(at(1_000, 500));
    expect(lines).toHaveLength(2);
  });
});
