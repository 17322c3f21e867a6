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
