import { ENGINES } from '../../../engines/catalog.ts';
import type { SourceDetailRow } from '../../store/repositories/source-summaries.ts';
import type { CompetitorRecord } from '../../store/repositories/competitors.ts';
import type { Repositories } from '../../store/index.ts';
import type { DayRange } from '../date-range.ts';
import type { sourceTyper } from '../source-types/source-type.ts';

/** What computing actions reads: the store (or a transaction's repositories, at a run's end). */
export interface ActionReader {
  store: Repositories;
}

/** What every kind's rule reads its summaries for: the project, range and filters of the list. */
export interface ActionScope {
  s: ActionReader;
  projectId: string;
  range: DayRange;
  /** undefined: every engine. */
  engineIds: readonly string[] | undefined;
  topicId: string | undefined;
  competitors: readonly CompetitorRecord[];
  typer: ReturnType<typeof sourceTyper>;
}

export const ENGINE_IDS = ENGINES.map((e) => e.id);

/** Keys per detail read: the IN list stays small on both engines. */
const DETAIL_CHUNK = 256;

/** Source summary rows of the keys, one per engine and period, read in chunks. */
export async function sourceDetails(
  c: ActionScope,
  kind: 'd' | 'u' | 's',
  keys: readonly string[],
): Promise<SourceDetailRow[]> {
  const out: SourceDetailRow[] = [];
  const scope = {
    projectId: c.projectId,
    kind,
    engineIds: c.engineIds ?? ENGINE_IDS,
    topicId: c.topicId ?? '*',
    ...c.range,
  };
  for (let i = 0; i < keys.length; i += DETAIL_CHUNK)
    out.push(...(await c.s.store.sourceSummaries.details(scope, keys.slice(i, i + DETAIL_CHUNK))));
  return out;
}

/** Per engine, the answers of the rows and the union of their prompts, in engine order. */
export function perEngine(rows: readonly SourceDetailRow[]) {
  const out = new Map<string, { answers: number; prompts: Set<number> }>();
  for (const r of rows) {
    const e = out.get(r.engineId) ?? { answers: 0, prompts: new Set<number>() };
    e.answers += r.answers;
    for (const n of r.prompts) e.prompts.add(n);
    out.set(r.engineId, e);
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function groupBy<T>(rows: readonly T[], keyOf: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = keyOf(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
