import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { chunks, padded } from '../in-list.ts';
import { ALL } from './source-summaries.ts';
import { periodRanges } from './summary-periods.ts';

/**
 * What pairing every API answer with every app answer of one prompt-day adds up to, summed over prompt-days: each
 * figure is a product of the two sides' counts on a prompt-day, so a new answer changes it by the difference between
 * the prompt-day's figures after and before, and a range reads a few summed rows.
 */
export const SURFACE_COUNTS = [
  'paired_days',
  'answer_pairs',
  'mention_both',
  'mention_api',
  'mention_app',
  'mention_neither',
  'cited_both',
  'cited_api',
  'cited_app',
  'cited_neither',
  'position_pairs',
  'api_positions',
  'app_positions',
] as const;

export type SurfaceCounts = Record<(typeof SURFACE_COUNTS)[number], number>;

/** Change of one prompt-day of a pair (keyed by its API engine). */
export interface SurfaceDelta {
  apiEngineId: string;
  date: string;
  promptId: string;
  counts: SurfaceCounts;
  /** Change of the prompt-days on which only one side listed each domain. */
  domains: { side: 'api' | 'app'; domain: string; change: number }[];
}

export interface SurfaceScope {
  projectId: string;
  apiEngineIds: readonly string[];
  from: string;
  to: string;
  /** Only these prompts (a topic's); every prompt when null. */
  promptIds: readonly string[] | null;
}

/** A pair's figures over the range for one prompt. */
export interface SurfaceTotals {
  apiEngineId: string;
  promptId: string;
  counts: SurfaceCounts;
}

/** Prompt-days of the range on which only one side of a pair listed a domain. */
export interface SurfaceDomainTotals {
  apiEngineId: string;
  side: 'api' | 'app';
  domain: string;
  promptDays: number;
}

const INSERT_CHUNK = 400;
const IN_CHUNK = 128;

const countsOf = (r: Readonly<Record<(typeof SURFACE_COUNTS)[number], number | string>>): SurfaceCounts =>
  Object.fromEntries(SURFACE_COUNTS.map((c) => [c, Number(r[c])])) as SurfaceCounts;

const PERIODS = [
  ['surface_days', 'surface_domain_days', (date: string) => date],
  ['surface_months', 'surface_domain_months', (date: string) => date.slice(0, 7)],
] as const;

type DomainRow = {
  apiEngineId: string;
  promptId: string;
  period: string;
  side: string;
  domain: string;
  n: number;
};

export function surfaceSummariesRepository(db: Db) {
  async function addCounts(
    table: 'surface_days' | 'surface_months',
    projectId: string,
    rows: Iterable<{ apiEngineId: string; period: string; promptId: string; counts: SurfaceCounts }>,
  ) {
    for (const chunk of chunks([...rows], INSERT_CHUNK)) {
      await db
        .insertInto(table)
        .values(
          chunk.map((r) => ({
            project_id: projectId,
            api_engine_id: r.apiEngineId,
            period: r.period,
            prompt_id: r.promptId,
            ...r.counts,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['project_id', 'api_engine_id', 'period', 'prompt_id'])
            .doUpdateSet((eb) =>
              Object.fromEntries(
                SURFACE_COUNTS.map((c) => [c, eb(eb.ref(`${table}.${c}`), '+', eb.ref(`excluded.${c}`))]),
              ),
            ),
        )
        .execute();
    }
  }

  async function addDomains(
    table: 'surface_domain_days' | 'surface_domain_months',
    projectId: string,
    rows: readonly DomainRow[],
  ) {
    for (const chunk of chunks(rows, INSERT_CHUNK)) {
      await db
        .insertInto(table)
        .values(
          chunk.map((d) => ({
            project_id: projectId,
            api_engine_id: d.apiEngineId,
            prompt_id: d.promptId,
            period: d.period,
            side: d.side,
            domain: d.domain,
            prompt_days: d.n,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['project_id', 'api_engine_id', 'prompt_id', 'period', 'side', 'domain'])
            .doUpdateSet((eb) => ({
              prompt_days: eb(eb.ref(`${table}.prompt_days`), '+', eb.ref('excluded.prompt_days')),
            })),
        )
        .execute();
    }
  }

  /** `prompt_id = '*'` rows add up every prompt; a topic reads its prompts' rows. */
  function promptLists(promptIds: readonly string[] | null): (readonly string[])[] {
    return promptIds === null ? [[ALL]] : chunks(promptIds, IN_CHUNK);
  }

  return {
    /**
     * Adds the changes to the day and month rows, the domains also under all prompts. Plain sums: no row is read
     * first (the caller worked the changes out from the prompt summaries, in the same transaction).
     */
    async add(projectId: string, deltas: readonly SurfaceDelta[]): Promise<void> {
      if (deltas.length === 0) return;
      for (const [table, domainTable, periodOf] of PERIODS) {
        const rows = new Map<
          string,
          { apiEngineId: string; period: string; promptId: string; counts: SurfaceCounts }
        >();
        const domains = new Map<string, DomainRow>();
        for (const d of deltas) {
          const period = periodOf(d.date);
          const k = `${d.apiEngineId}\0${period}\0${d.promptId}`;
          const row = rows.get(k);
          if (row) for (const c of SURFACE_COUNTS) row.counts[c] += d.counts[c];
          else
            rows.set(k, {
              apiEngineId: d.apiEngineId,
              period,
              promptId: d.promptId,
              counts: { ...d.counts },
            });
          for (const x of d.domains) {
            for (const promptId of [d.promptId, ALL]) {
              const dk = `${d.apiEngineId}\0${promptId}\0${period}\0${x.side}\0${x.domain}`;
              const prev = domains.get(dk);
              if (prev) prev.n += x.change;
              else domains.set(dk, { apiEngineId: d.apiEngineId, promptId, period, ...x, n: x.change });
            }
          }
        }
        await addCounts(table, projectId, rows.values());
        await addDomains(
          domainTable,
          projectId,
          [...domains.values()].filter((d) => d.n !== 0),
        );
      }
    },
    /** Each pair's figures over the range, per prompt (of `promptIds` when given): whole months from month rows. */
    async totals(f: SurfaceScope): Promise<SurfaceTotals[]> {
      if (f.apiEngineIds.length === 0) return [];
      const wanted = f.promptIds === null ? null : new Set(f.promptIds);
      const out = new Map<string, SurfaceTotals>();
      for (const { table, from, to } of periodRanges(f.from, f.to, 'surface_months', 'surface_days')) {
        const rows = await db
          .selectFrom(table)
          .select([
            'api_engine_id',
            'prompt_id',
            ...SURFACE_COUNTS.map((c) => sql<number>`sum(${sql.ref(c)})`.as(c)),
          ])
          .where('project_id', '=', f.projectId)
          .where('api_engine_id', 'in', padded(f.apiEngineIds))
          .where('period', '>=', from)
          .where('period', '<=', to)
          .groupBy(['api_engine_id', 'prompt_id'])
          .execute();
        for (const r of rows) {
          if (wanted && !wanted.has(r.prompt_id)) continue;
          const k = `${r.api_engine_id}\0${r.prompt_id}`;
          const prev = out.get(k);
          if (prev) for (const c of SURFACE_COUNTS) prev.counts[c] += Number(r[c]);
          else out.set(k, { apiEngineId: r.api_engine_id, promptId: r.prompt_id, counts: countsOf(r) });
        }
      }
      return [...out.values()];
    },
    /** Per pair and side, the prompt-days of the range on which only that side listed each domain. */
    async domains(f: SurfaceScope): Promise<SurfaceDomainTotals[]> {
      if (f.apiEngineIds.length === 0) return [];
      const out = new Map<string, SurfaceDomainTotals>();
      const ranges = periodRanges(f.from, f.to, 'surface_domain_months', 'surface_domain_days');
      for (const { table, from, to } of ranges) {
        for (const promptIds of promptLists(f.promptIds)) {
          const rows = await db
            .selectFrom(table)
            .select(['api_engine_id', 'side', 'domain', sql<number>`sum(prompt_days)`.as('prompt_days')])
            .where('project_id', '=', f.projectId)
            .where('api_engine_id', 'in', padded(f.apiEngineIds))
            .where('prompt_id', 'in', padded(promptIds))
            .where('period', '>=', from)
            .where('period', '<=', to)
            .groupBy(['api_engine_id', 'side', 'domain'])
            .execute();
          for (const r of rows) {
            const k = `${r.api_engine_id}\0${r.side}\0${r.domain}`;
            const prev = out.get(k);
            if (prev) prev.promptDays += Number(r.prompt_days);
            else
              out.set(k, {
                apiEngineId: r.api_engine_id,
                side: r.side as 'api' | 'app',
                domain: r.domain,
                promptDays: Number(r.prompt_days),
              });
          }
        }
      }
      return [...out.values()].filter((d) => d.promptDays > 0);
    },
  };
}
