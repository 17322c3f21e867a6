import { describe, expect, it } from 'vitest';
import { progressLine } from '../../server/cli/progress.ts';
import { isPostgresUrl, redactLocation } from '../../server/store/location.ts';

describe('database locations', () => {
  it('tells a PostgreSQL URL from an SQLite file', () => {
    expect(isPostgresUrl('postgres://a@h/db')).toBe(true);
    expect(isPostgresUrl('postgresql://a@h/db')).toBe(true);
    expect(isPostgresUrl('./data/answerwatch.db')).toBe(false);
    expect(isPostgresUrl('/srv/postgres://x.db')).toBe(false);
  });

  it('hides the password of a URL, also of one that does not parse, and leaves file paths alone', () => {
    expect(redactLocation('postgres://aw:s3cret@db:5432/aw')).toBe('postgres://aw:***@db:5432/aw');
    expect(redactLocation('postgres://aw:s3cret@db:not-a-port/aw')).toBe(
      'postgres://aw:***@db:not-a-port/aw',
    );
    expect(redactLocation('postgres://aw@db/aw')).toBe('postgres://aw@db/aw');
    expect(redactLocation('./data/answerwatch.db')).toBe('./data/answerwatch.db');
  });
});

describe('the copy progress line', () => {
  it('shows the bar, the rows, the rate since the start and the time left', () => {
    const line = progressLine({ done: 600_000, total: 1_000_000, label: 'answers' }, 100_000, 50_000);
    expect(line).toBe(
      '[##################............]  60% 600,000/1,000,000 rows  10,000 rows/s  00:40 left  answers',
    );
    expect(progressLine({ done: 0, total: 10, label: 'accounts' }, 0, 0)).toContain('--:-- left');
  });
});

describe('the import progress line', () => {
  it('measures the share and the time left in bytes of the file, and shows answers and answers a second', () => {
    // 30 MB of 120 MB read in 3 s, 15,000 answers so far: 5,000 answers/s, and 9 s left at that pace.
    const line = progressLine(
      { done: 30_000_000, total: 120_000_000, label: '', items: { count: 15_000, unit: 'answers' } },
      0,
      3_000,
    );
    expect(line).toBe('[########......................]  25% 15,000 answers  5,000 answers/s  00:09 left');
  });
});
