import { readableProject } from '../domain/access.ts';
import type { Caller, Services } from '../domain/context.ts';
import { previousRange, resolveRange } from '../domain/date-range.ts';
import { splitPage } from '../domain/paging.ts';
import { cachedRead } from '../domain/read-cache.ts';
import type { AgentTotals } from '../store/repositories/traffic.ts';
import { agentInfo } from './agents.ts';
import { RANGE_SOURCES, snapshotsInUse } from './range-sources.ts';
import { series, type TrafficInterval } from './series.ts';

export interface CrawlerQuery {
  from?: string;
  to?: string;
  interval?: TrafficInterval;
  purpose?: 'training' | 'search' | 'user' | 'classic-search' | 'other-bot';
  cursor?: string;
  limit: number;
}

/** One agent's figures from its rows (by verification and status class); spoofed hits stand apart. */
function fold(rows: readonly AgentTotals[]) {
  const v = { verified: 0, claimed: 0, spoofed: 0 };
  const status = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  let firstSeen: string | null = null;
  let lastSeen: string | null = null;
  for (const r of rows) {
    if (r.verification === 'verified' || r.verification === 'claimed' || r.verification === 'spoofed')
      v[r.verification] += r.hits;
    if (r.verification === 'spoofed') continue;
    const cls = r.statusClass as keyof typeof status;
    // 1xx answers are counted in hits but have no class of their own in the breakdown.
    if (cls in status) status[cls] += r.hits;
    if (firstSeen === null || r.firstSeen < firstSeen) firstSeen = r.firstSeen;
    if (lastSeen === null || r.lastSeen > lastSeen) lastSeen = r.lastSeen;
  }
  return { hits: v.verified + v.claimed, ...v, status, firstSeen, lastSeen };
}

const byAgent = (rows: readonly AgentTotals[]) => {
  const out = new Map<string, AgentTotals[]>();
  for (const r of rows) {
    const list = out.get(r.agent);
    if (list) list.push(r);
    else out.set(r.agent, [r]);
  }
  return out;
};

/**
 * Who fetches the brand's site: per agent, hits (verified and claimed; spoofed apart), status classes, distinct
 * pages, first and last seen, a series per day or week and the change against the period before. Read from the
 * daily rollups, which the transaction that stores each batch of log lines keeps.
 */
export async function crawlerStats(s: Services, caller: Caller, projectId: string, q: CrawlerQuery) {
  const project = await readableProject(s, caller, projectId);
  const range = resolveRange(q, s.clock.now());
  const previous = previousRange(range);
  const interval = q.interval ?? 'day';
  const { cursor, limit, ...params } = q;
  const filters = { ...params, ...range, interval };
  const list = `crawlers:${projectId}`;
  const after = s.cursors.decode<{ hits: number; agent: string }>(list, filters, cursor);

  return cachedRead(s, project, [list, filters, after, limit], async () => {
    const scope = { projectId, ...range };
    const [totals, before, pages, days, stored] = await Promise.all([
      s.store.traffic.agentTotals(scope),
      s.store.traffic.agentTotals({ projectId, ...previous }),
      s.store.traffic.agentPages(scope),
      s.store.traffic.agentDays(scope),
      s.store.traffic.storedRanges(),
    ]);
    const earlier = byAgent(before);
    const ranked = [...byAgent(totals)]
      .map(([agent, rows]) => ({ agent, info: agentInfo(agent), figures: fold(rows) }))
      .filter((a) => q.purpose === undefined || a.info.purpose === q.purpose)
      .sort(
        (a, b) => b.figures.hits - a.figures.hits || (a.agent < b.agent ? -1 : a.agent > b.agent ? 1 : 0),
      );
    const start = after
      ? ranked.findIndex(
          (r) => r.figures.hits < after.hits || (r.figures.hits === after.hits && r.agent > after.agent),
        )
      : 0;
    const page = splitPage(start === -1 ? [] : ranked.slice(start, start + limit + 1), limit, (r) =>
      s.cursors.encode(list, filters, { hits: r.figures.hits, agent: r.agent }),
    );
    return {
      ...range,
      previous,
      interval,
      data: page.data.map(({ agent, info, figures }) => ({
        agent,
        operator: info.operator,
        purpose: info.purpose,
        ...figures,
        pages: pages.get(agent) ?? 0,
        change: figures.hits - fold(earlier.get(agent) ?? []).hits,
        series: series(
          days.filter((d) => d.agent === agent).map((d) => ({ day: d.day, n: d.hits })),
          interval,
          range,
        ).map(({ n, ...p }) => ({ ...p, hits: n })),
      })),
      ranges: snapshotsInUse(stored).map((snap) => {
        const source = RANGE_SOURCES.find((r) => r.id === snap.source)!;
        return {
          source: snap.source,
          operator: source.operator,
          agents: [...source.agents],
          creationTime: snap.creationTime,
          prefixes: snap.prefixes.length,
          updatedAt: snap.updatedAt,
        };
      }),
      nextCursor: page.nextCursor,
    };
  });
}
