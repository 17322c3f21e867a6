import { ENGINES } from '../../../engines/catalog.ts';
import { ALL } from '../../store/repositories/source-summaries.ts';
import { readableProject } from '../access.ts';
import type { Caller, Services } from '../context.ts';
import { previousRange, resolveRange } from '../date-range.ts';
import { checkEngineIds } from '../engine-filter.ts';
import { AppError } from '../errors.ts';
import { cachedRead } from '../read-cache.ts';
import { sourceClassifier } from '../source-class.ts';
import type { SourceTypeName } from './listed.ts';
import { storedOverrides } from './overrides.ts';
import { sourceTyper } from './source-type.ts';

export interface TypeShareQuery {
  from?: string;
  to?: string;
  engine?: string[];
  topicId?: string;
  perEngine?: boolean;
  class?: string;
  type?: string;
  pageKind?: string;
  gaps?: boolean;
  cursor?: string;
}

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const minus = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

/** Citations per type and engine: the answers of each domain row added up under its type. */
type Counts = Map<SourceTypeName, Map<string, number>>;

function figures(now: number, nowAll: number, before: number, beforeAll: number) {
  const share = rate(now, nowAll);
  const previousShare = rate(before, beforeAll);
  return {
    citations: now,
    share,
    previousCitations: before,
    previousShare,
    change: minus(share, previousShare),
  };
}

const sum = (m: ReadonlyMap<string, number> | undefined) =>
  [...(m?.values() ?? [])].reduce((a, b) => a + b, 0);

/**
 * Each type's share of the citations per engine, in the range and the period before. A citation is an answer
 * listing a domain, as the domain rows of the source summaries count them; types are given to domains as they
 * are now (project, overrides, list, rules), so a changed override shows in both periods at once. Answers citing
 * a type cannot be told from the domain rows (an answer listing two review sites is one answer, two rows), and
 * keeping them per type when answers are stored would freeze the types an override must change: so the shares are
 * of citations, which add up to 1 over the types.
 */
export async function sourceTypeShares(s: Services, caller: Caller, projectId: string, q: TypeShareQuery) {
  const project = await readableProject(s, caller, projectId);
  const range = resolveRange(q, s.clock.now());
  const engineIds = checkEngineIds(q.engine);
  const paged = ['class', 'type', 'pageKind', 'gaps', 'cursor', 'perEngine'] as const;
  const extra = paged.find((name) => q[name] !== undefined);
  if (extra !== undefined)
    throw new AppError(
      'unsupported_filter_combination',
      `${extra}: groupBy=type gives every type per engine; it takes from, to, engine and topicId only.`,
    );
  const previous = previousRange(range);
  const filters = { ...range, engineIds, topicId: q.topicId ?? ALL };
  return cachedRead(s, project, [`source-types:${project.id}`, filters], async () => {
    // Each engine's own rows, by name: the index finds them (the `*` rows would add the engines up, unsplit).
    const scope = {
      projectId: project.id,
      kind: 'd' as const,
      engineIds: engineIds ?? ENGINES.map((e) => e.id),
      topicId: filters.topicId,
    };
    const [now, before, competitors, overrides] = await Promise.all([
      s.store.sourceSummaries.byEngine({ ...scope, ...range }),
      s.store.sourceSummaries.byEngine({ ...scope, ...previous }),
      s.store.competitors.list(project.id),
      storedOverrides(s, project.id),
    ]);
    const typer = sourceTyper(sourceClassifier(project, competitors), overrides);
    const count = (rows: typeof now): Counts => {
      const out: Counts = new Map();
      for (const r of rows) {
        if (r.key === '') continue;
        const type = typer.domain(r.key).type;
        const byEngine = out.get(type) ?? new Map<string, number>();
        byEngine.set(r.engineId, (byEngine.get(r.engineId) ?? 0) + r.answers);
        out.set(type, byEngine);
      }
      return out;
    };
    const [nowCounts, beforeCounts] = [count(now), count(before)];
    const engineTotals = (counts: Counts) => {
      const out = new Map<string, number>();
      for (const byEngine of counts.values())
        for (const [engineId, n] of byEngine) out.set(engineId, (out.get(engineId) ?? 0) + n);
      return out;
    };
    const [nowAll, beforeAll] = [engineTotals(nowCounts), engineTotals(beforeCounts)];
    const engines = [...new Set([...nowAll.keys(), ...beforeAll.keys()])].sort();
    const types = [...new Set([...nowCounts.keys(), ...beforeCounts.keys()])];
    const data = types.map((type) => ({
      type,
      ...figures(sum(nowCounts.get(type)), sum(nowAll), sum(beforeCounts.get(type)), sum(beforeAll)),
      engines: engines.map((engineId) => ({
        engineId,
        ...figures(
          nowCounts.get(type)?.get(engineId) ?? 0,
          nowAll.get(engineId) ?? 0,
          beforeCounts.get(type)?.get(engineId) ?? 0,
          beforeAll.get(engineId) ?? 0,
        ),
      })),
    }));
    data.sort(
      (a, b) =>
        b.citations - a.citations ||
        b.previousCitations - a.previousCitations ||
        (a.type < b.type ? -1 : a.type > b.type ? 1 : 0),
    );
    return { ...range, previous, groupBy: 'type' as const, data };
  });
}
