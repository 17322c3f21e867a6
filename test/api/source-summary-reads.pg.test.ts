import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines } from '../support/answers.ts';
import { PAGES, TEXTS, TODAY, insightProject, line, type LineSpec } from '../support/insights.ts';
import { recordPoolStatements } from '../support/pg-statements.ts';

/** Each table, with the columns of its row as the upserts send them and the key columns its read names. */
const TABLES = [
  ['source_days', 12, 5],
  ['source_months', 12, 5],
  ['query_days', 12, 4],
  ['query_months', 12, 4],
] as const;

const specs = (n: number, offset: number): LineSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    day: TODAY,
    engine: i % 2 === 0 ? 'chatgpt' : 'chatgpt-local-fetch',
    prompt: `best crm number ${(i + offset) % 7}?`,
    text: Object.values(TEXTS)[i % 4]!,
    sources: [Object.values(PAGES)[i % 6]!, Object.values(PAGES)[(i + offset) % 6]!],
    topicId: i % 3 === 0 ? 'pricing' : 'reviews',
  }));

/** An import line that also names the searches its engine ran. */
const withSearches = (spec: LineSpec, i: number) => ({
  ...line(spec),
  searchQueries: [`crm search ${i % 4}`, `crm tools ${i % 3}`],
});

/**
 * What storing answers reads of the source and search summaries on PostgreSQL: the stored rows it adds to, by their keys, in one
 * statement per table, and no others. Read by lists of values instead, PostgreSQL searched the index for every
 * combination of them, twice the rows a run's group needed, the largest part of its work for a run.
 */
describe('source and search summary reads on PostgreSQL', () => {
  let h: Harness;
  let projectId: string;
  beforeAll(async () => {
    h = await createHarness();
    ({ projectId } = await insightProject(h));
    await importLines(h.store, h.clock, projectId, specs(30, 0).map(withSearches));
  });
  afterAll(() => h.close());

  it('reads exactly the rows a write adds to, in one statement per table', async () => {
    const recorder = recordPoolStatements();
    const { sent } = await recorder.during(() =>
      importLines(h.store, h.clock, projectId, specs(12, 3).map(withSearches)),
    );
    recorder.restore();
    for (const [table, columns, keyColumns] of TABLES) {
      const reads = sent.filter((s) => /^\s*select/i.test(s.text) && s.text.includes(`"${table}"`));
      const written = sent
        .filter((s) => s.text.startsWith(`insert into "${table}"`))
        .reduce((n, s) => n + s.values.length / columns, 0);
      expect(reads, table).toHaveLength(1);
      expect(written, table).toBeGreaterThan(0);
      // One array per key column, each naming every row the upserts then write.
      expect(
        (reads[0]!.values.slice(0, keyColumns) as unknown[][]).map((keys) => keys.length),
        table,
      ).toEqual(Array(keyColumns).fill(written));
    }
  });
});
