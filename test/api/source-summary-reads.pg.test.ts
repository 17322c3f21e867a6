import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { importLines } from '../support/answers.ts';
import { PAGES, TEXTS, TODAY, insightProject, line, type LineSpec } from '../support/insights.ts';
import { recordPoolStatements } from '../support/pg-statements.ts';

/** Columns of a source summary row, as the upserts send them. */
const SOURCE_COLUMNS = 12;

const specs = (n: number, offset: number): LineSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    day: TODAY,
    engine: i % 2 === 0 ? 'chatgpt' : 'chatgpt-local-fetch',
    prompt: `best crm number ${(i + offset) % 7}?`,
    text: Object.values(TEXTS)[i % 4]!,
    sources: [Object.values(PAGES)[i % 6]!, Object.values(PAGES)[(i + offset) % 6]!],
    topicId: i % 3 === 0 ? 'pricing' : 'reviews',
  }));

/**
 * What storing answers reads of the source summaries on PostgreSQL: the stored rows it adds to, by their keys, in one
 * statement per table, and no others. Read by lists of values instead, PostgreSQL searched the index for every
 * combination of them, twice the rows a run's group needed, the largest part of its work for a run.
 */
describe('source summary reads on PostgreSQL', () => {
  let h: Harness;
  let projectId: string;
  beforeAll(async () => {
    h = await createHarness();
    ({ projectId } = await insightProject(h));
    await importLines(h.store, h.clock, projectId, specs(30, 0).map(line));
  });
  afterAll(() => h.close());

  it('reads exactly the rows a write adds to, in one statement per table', async () => {
    const recorder = recordPoolStatements();
    const { sent } = await recorder.during(() =>
      importLines(h.store, h.clock, projectId, specs(12, 3).map(line)),
    );
    recorder.restore();
    for (const table of ['source_days', 'source_months']) {
      const reads = sent.filter((s) => /^\s*select/i.test(s.text) && s.text.includes(`"${table}"`));
      const written = sent
        .filter((s) => s.text.startsWith(`insert into "${table}"`))
        .reduce((n, s) => n + s.values.length / SOURCE_COLUMNS, 0);
      expect(reads, table).toHaveLength(1);
      expect(written, table).toBeGreaterThan(0);
      // One array per key column, each naming every row the upserts then write.
      expect(
        (reads[0]!.values.slice(0, 5) as unknown[][]).map((keys) => keys.length),
        table,
      ).toEqual(Array(5).fill(written));
    }
  });
});
