import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/api-harness.ts';
import { projectWithAnswers } from '../support/answers.ts';
import { recordPoolStatements } from '../support/pg-statements.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** Every table a plan reads, with how it reads it ("Index Scan on trend_days"). */
const scans = (node: PlanNode): string[] => [
  ...(node['Relation Name'] ? [`${node['Node Type']} on ${node['Relation Name']}`] : []),
  ...(node.Plans ?? []).flatMap(scans),
];

/**
 * The summaries keyed by engine that stats/competitors with an engine may read: never the answers, nor the daily
 * rows, which pack every engine in one JSON text that a year of reads took apart (issue 24).
 */
const BY_ENGINE = new Set(['trend_days', 'brand_months', 'brand_days']);

/**
 * `stats/competitors` with `engine` on PostgreSQL: the plan of every statement it sends, as PostgreSQL chooses it
 * (EXPLAIN of the very texts and values the service's pool sent). Taking the packed daily rows apart, or reading
 * the answers, cost PostgreSQL 24.6 ms of CPU at 100,000 answers; the chosen plans read the per-engine summary rows.
 */
describe('the plan of stats/competitors with an engine on PostgreSQL', () => {
  let h: Harness;
  let key: string;
  let projectId: string;
  let recorder: ReturnType<typeof recordPoolStatements>;

  beforeAll(async () => {
    h = await createHarness();
    ({ key, projectId } = await projectWithAnswers(h, 40));
    recorder = recordPoolStatements();
  });
  afterAll(async () => {
    recorder.restore();
    await h.close();
  });

  it('reads the per-engine summary rows by their keys, never the answers', async () => {
    const { result: r, sent: statements } = await recorder.during(() =>
      h.get(
        `/v1/projects/${projectId}/stats/competitors?from=2025-06-16&to=2026-06-15&engine=perplexity`,
        key,
      ),
    );
    expect(r.statusCode, r.body).toBe(200);
    const reads = statements.filter((s) =>
      /\b(daily_summaries|trend_days|brand_months|brand_days)\b/.test(s.text),
    );
    expect(reads.length).toBeGreaterThanOrEqual(2);
    const client = new pg.Client({ connectionString: h.dbPath });
    await client.connect();
    try {
      // Summary tables of a small project are a page or two, where a sequential scan is the cheaper plan; the
      // planner is asked for the plan it keeps for a large one.
      await client.query('set enable_seqscan = off');
      for (const s of reads) {
        const plan = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          `explain (format json) ${s.text}`,
          s.values,
        );
        const read = scans(plan.rows[0]!['QUERY PLAN'][0]!.Plan);
        const tables = read.map((scan) => scan.split(' on ')[1]!);
        expect(
          tables.filter((t) => !BY_ENGINE.has(t)),
          s.text,
        ).toEqual([]);
        expect(
          read.filter((scan) => scan.startsWith('Seq Scan')),
          s.text,
        ).toEqual([]);
      }
    } finally {
      await client.end();
    }
  });
});
