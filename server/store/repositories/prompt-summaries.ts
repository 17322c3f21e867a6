import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { fromJson, toJson } from '../json.ts';
import { chunks, padded } from '../in-list.ts';
import { ALL } from './source-summaries.ts';
import { periodRanges } from './summary-periods.ts';

export const PROMPT_COUNTS = [
  'answers',
  'mentioned',
  'cited',
  'pos_n',
  'pos_sum',
  'positive',
  'mixed',
  'neutral',
  'negative',
  'not_applicable',
] as const;

/** A prompt's counts, named as their columns: answers, mentions, citations, positions and sentiments. */
export type PromptCounts = Record<(typeof PROMPT_COUNTS)[number], number>;

export const noPromptCounts = (): PromptCounts =>
  Object.fromEntries(PROMPT_COUNTS.map((c) => [c, 0])) as PromptCounts;

export function addPromptCounts(into: PromptCounts, add: Readonly<PromptCounts>): void {
  for (const c of PROMPT_COUNTS) into[c] += add[c];
}

/** One day's answers to one tracked prompt on one engine. */
export interface PromptDelta {
  date: string;
  engineId: string;
  promptId: string;
  counts: PromptCounts;
  /** Answers naming each competitor, by competitor key. */
  competitors: ReadonlyMap<string, number>;
  /** Registrable domains the answers listed as sources. */
  domains: ReadonlySet<string>;
}

export interface PromptScope {
  projectId: string;
  /** Rows of these engines add up; `[ALL]` for every engine. */
  engineIds: readonly string[];
  from: string;
  to: string;
}

/** One prompt's summed counts over a range, per engine when asked (engineId null: the engines of the scope). */
export interface PromptTotals {
  promptId: string;
  engineId: string | null;
  counts: PromptCounts;
}

/** A day row of one engine, as surfaces pair them. */
export interface PromptDayRow {
  promptId: string;
  engineId: string;
  date: string;
  counts: PromptCounts;
  domains: string[];
}

type Table = 'prompt_days' | 'prompt_months';

interface Row {
  engineId: string;
  period: string;
  promptId: string;
  counts: PromptCounts;
  competitors: Map<string, number>;
  domains: Set<string> | null;
}

const IN_CHUNK = 128;
const INSERT_CHUNK = 400;

const countsOf = (r: Readonly<Record<(typeof PROMPT_COUNTS)[number], number | string>>): PromptCounts =>
  Object.fromEntries(PROMPT_COUNTS.map((c) => [c, Number(r[c])])) as PromptCounts;

export function promptSummariesRepository(db: Db) {
  async function addStored(table: Table, projectId: string, rows: readonly Row[]) {
    const byPeriod = new Map<string, Map<string, Row>>();
    for (const r of rows) {
      const keyed = byPeriod.get(r.period) ?? new Map<string, Row>();
      keyed.set(`${r.engineId}\0${r.promptId}`, r);
      byPeriod.set(r.period, keyed);
    }
    for (const [period, keyed] of byPeriod) {
      const engineIds = [...new Set([...keyed.values()].map((r) => r.engineId))];
      const promptIds = [...new Set([...keyed.values()].map((r) => r.promptId))];
      for (const chunk of chunks(promptIds, IN_CHUNK)) {
        const stored = await db
          .selectFrom(table)
          .selectAll()
          .where('project_id', '=', projectId)
          .where('engine_id', 'in', padded(engineIds))
          .where('period', '=', period)
          .where('prompt_id', 'in', padded(chunk))
          .execute();
        for (const s of stored) {
          const r = keyed.get(`${s.engine_id}\0${s.prompt_id}`);
          if (!r) continue;
          addPromptCounts(r.counts, countsOf(s));
          for (const [k, n] of Object.entries(fromJson<Record<string, number>>(s.competitors)))
            r.competitors.set(k, (r.competitors.get(k) ?? 0) + n);
          if (r.domains) for (const d of fromJson<string[]>(s.domains)) r.domains.add(d);
        }
      }
    }
  }

  async function totalsIn(
    table: Table,
    f: PromptScope,
    range: { from: string; to: string },
    byEngine: boolean,
    out: Map<string, PromptTotals>,
  ) {
    const q = db
      .selectFrom(table)
      .select(['prompt_id', ...PROMPT_COUNTS.map((c) => sql<number>`sum(${sql.ref(c)})`.as(c))])
      .where('project_id', '=', f.projectId)
      .where('engine_id', 'in', padded(f.engineIds))
      .where('period', '>=', range.from)
      .where('period', '<=', range.to)
      .groupBy('prompt_id');
    const rows = byEngine
      ? await q.select('engine_id').groupBy('engine_id').execute()
      : (await q.execute()).map((r) => ({ ...r, engine_id: null }));
    for (const r of rows) {
      const engineId = r.engine_id;
      const k = `${r.prompt_id}\0${engineId ?? ''}`;
      const prev = out.get(k);
      if (prev) addPromptCounts(prev.counts, countsOf(r));
      else out.set(k, { promptId: r.prompt_id, engineId, counts: countsOf(r) });
    }
  }

  return {
    /**
     * Adds a prompt's answers per engine (and under all engines) to its day and month rows. Competitor counts and
     * the domains of one engine's day are sets and maps, so rows are read, merged and written back; callers run
     * this in the transaction that stored the answers.
     */
    async add(projectId: string, deltas: readonly PromptDelta[]): Promise<void> {
      if (deltas.length === 0) return;
      for (const table of ['prompt_days', 'prompt_months'] as const) {
        const merged = new Map<string, Row>();
        for (const d of deltas) {
          const period = table === 'prompt_days' ? d.date : d.date.slice(0, 7);
          for (const engineId of [d.engineId, ALL]) {
            const k = `${engineId}\0${period}\0${d.promptId}`;
            let row = merged.get(k);
            if (!row) {
              // Surfaces pair one engine's days; the other rows never need the domains.
              const domains = table === 'prompt_days' && engineId !== ALL ? new Set<string>() : null;
              const fresh: Row = {
                engineId,
                period,
                promptId: d.promptId,
                counts: noPromptCounts(),
                competitors: new Map(),
                domains,
              };
              merged.set(k, (row = fresh));
            }
            addPromptCounts(row.counts, d.counts);
            for (const [c, n] of d.competitors) row.competitors.set(c, (row.competitors.get(c) ?? 0) + n);
            if (row.domains) for (const domain of d.domains) row.domains.add(domain);
          }
        }
        const rows = [...merged.values()];
        await addStored(table, projectId, rows);
        for (const chunk of chunks(rows, INSERT_CHUNK)) {
          await db
            .insertInto(table)
            .values(
              chunk.map((r) => ({
                project_id: projectId,
                engine_id: r.engineId,
                period: r.period,
                prompt_id: r.promptId,
                ...r.counts,
                competitors: toJson(
                  Object.fromEntries([...r.competitors].sort(([a], [b]) => (a < b ? -1 : 1))),
                ),
                domains: toJson(r.domains ? [...r.domains].sort() : []),
              })),
            )
            .onConflict((oc) =>
              oc.columns(['project_id', 'engine_id', 'period', 'prompt_id']).doUpdateSet((eb) => ({
                ...Object.fromEntries(PROMPT_COUNTS.map((c) => [c, eb.ref(`excluded.${c}`)])),
                competitors: eb.ref('excluded.competitors'),
                domains: eb.ref('excluded.domains'),
              })),
            )
            .execute();
        }
      }
    },
    /** Each prompt's counts over the range (per engine when `byEngine`), whole months from the month rows. */
    async totals(f: PromptScope, byEngine: boolean): Promise<PromptTotals[]> {
      const out = new Map<string, PromptTotals>();
      for (const { table, ...range } of periodRanges(f.from, f.to, 'prompt_months', 'prompt_days'))
        await totalsIn(table, f, range, byEngine, out);
      return [...out.values()];
    },
    /** One prompt's counts summed over the range and the scope's engines, whole months from the month rows. */
    async total(f: PromptScope, promptId: string): Promise<PromptCounts> {
      const sum = noPromptCounts();
      for (const { table, from, to } of periodRanges(f.from, f.to, 'prompt_months', 'prompt_days')) {
        const row = await db
          .selectFrom(table)
          .select(PROMPT_COUNTS.map((c) => sql<number | string | null>`sum(${sql.ref(c)})`.as(c)))
          .where('project_id', '=', f.projectId)
          .where('engine_id', 'in', padded(f.engineIds))
          .where('period', '>=', from)
          .where('period', '<=', to)
          .where('prompt_id', '=', promptId)
          .executeTakeFirst();
        // PostgreSQL sums integers as numeric strings; a sum over no rows is null.
        for (const c of PROMPT_COUNTS) sum[c] += Number(row?.[c] ?? 0);
      }
      return sum;
    },
    /** Competitor counts of the given prompts over the range, one entry per engine row and period. */
    async competitors(
      f: PromptScope,
      promptIds: readonly string[],
    ): Promise<{ promptId: string; engineId: string; competitors: Record<string, number> }[]> {
      if (promptIds.length === 0) return [];
      const out = [];
      for (const { table, from, to } of periodRanges(f.from, f.to, 'prompt_months', 'prompt_days')) {
        for (const chunk of chunks(promptIds, IN_CHUNK)) {
          const rows = await db
            .selectFrom(table)
            .select(['prompt_id', 'engine_id', 'competitors'])
            .where('project_id', '=', f.projectId)
            .where('engine_id', 'in', padded(f.engineIds))
            .where('period', '>=', from)
            .where('period', '<=', to)
            .where('prompt_id', 'in', padded(chunk))
            .execute();
          for (const r of rows)
            out.push({
              promptId: r.prompt_id,
              engineId: r.engine_id,
              competitors: fromJson<Record<string, number>>(r.competitors),
            });
        }
      }
      return out;
    },
    /** The stored day rows of one engine, prompt and day each (those that exist), with their domains. */
    async dayRows(
      projectId: string,
      keys: readonly { engineId: string; date: string; promptId: string }[],
    ): Promise<PromptDayRow[]> {
      if (keys.length === 0) return [];
      const wanted = new Set(keys.map((k) => `${k.engineId}\0${k.date}\0${k.promptId}`));
      const distinct = (pick: (k: (typeof keys)[number]) => string) => [...new Set(keys.map(pick))];
      const out: PromptDayRow[] = [];
      for (const chunk of chunks(
        distinct((k) => k.promptId),
        IN_CHUNK,
      )) {
        const rows = await db
          .selectFrom('prompt_days')
          .select(['prompt_id', 'engine_id', 'period', 'domains', ...PROMPT_COUNTS])
          .where('project_id', '=', projectId)
          .where('engine_id', 'in', padded(distinct((k) => k.engineId)))
          .where('period', 'in', padded(distinct((k) => k.date)))
          .where('prompt_id', 'in', padded(chunk))
          .execute();
        for (const r of rows) {
          if (!wanted.has(`${r.engine_id}\0${r.period}\0${r.prompt_id}`)) continue;
          out.push({
            promptId: r.prompt_id,
            engineId: r.engine_id,
            date: r.period,
            counts: countsOf(r),
            domains: fromJson<string[]>(r.domains),
          });
        }
      }
      return out;
    },
  };
}
