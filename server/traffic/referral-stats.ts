import { readableProject } from '../domain/access.ts';
import type { Caller, Services } from '../domain/context.ts';
import { previousRange, resolveRange } from '../domain/date-range.ts';
import { splitPage } from '../domain/paging.ts';
import { cachedRead } from '../domain/read-cache.ts';
import type { ReferralCell } from '../store/repositories/traffic.ts';
import { series, type TrafficInterval } from './series.ts';

export interface ReferralQuery {
  from?: string;
  to?: string;
  interval?: TrafficInterval;
  engine?: string[];
  cursor?: string;
  limit: number;
}

const sum = (cells: readonly ReferralCell[]) => cells.reduce((n, c) => n + c.visits, 0);

function grouped<K>(cells: readonly ReferralCell[], keyOf: (c: ReferralCell) => K): Map<K, ReferralCell[]> {
  const out = new Map<K, ReferralCell[]>();
  for (const c of cells) {
    const k = keyOf(c);
    const list = out.get(k);
    if (list) list.push(c);
    else out.set(k, [c]);
  }
  return out;
}

const byVisits =
  <T extends { visits: number }>(key: (t: T) => string) =>
  (a: T, b: T) =>
    b.visits - a.visits || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/**
 * People arriving from AI answers: visits in the range, per engine with its series and change, and landing pages
 * (paged), from the daily referral rollups.
 */
export async function referralStats(s: Services, caller: Caller, projectId: string, q: ReferralQuery) {
  const project = await readableProject(s, caller, projectId);
  const range = resolveRange(q, s.clock.now());
  const previous = previousRange(range);
  const interval = q.interval ?? 'day';
  const { cursor, limit, ...params } = q;
  const filters = { ...params, ...range, interval };
  const list = `referrals:${projectId}`;
  const after = s.cursors.decode<{ visits: number; page: string }>(list, filters, cursor);

  return cachedRead(s, project, [list, filters, after, limit], async () => {
    const keep = (cells: ReferralCell[]) =>
      q.engine === undefined ? cells : cells.filter((c) => q.engine!.includes(c.engine));
    const [cells, before] = await Promise.all([
      s.store.traffic.referrals({ projectId, ...range }).then(keep),
      s.store.traffic.referrals({ projectId, ...previous }).then(keep),
    ]);
    const earlier = grouped(before, (c) => c.engine);
    const engines = [...grouped(cells, (c) => c.engine)]
      .map(([engine, rows]) => ({
        engine,
        visits: sum(rows),
        change: sum(rows) - sum(earlier.get(engine) ?? []),
        series: series(
          rows.map((r) => ({ day: r.day, n: r.visits })),
          interval,
          range,
        ).map(({ n, ...p }) => ({ ...p, visits: n })),
      }))
      .sort(byVisits((e) => e.engine));
    const ranked = [...grouped(cells, (c) => c.page)]
      .map(([page, rows]) => ({
        page,
        visits: sum(rows),
        engines: [...grouped(rows, (r) => r.engine)]
          .map(([engine, er]) => ({ engine, visits: sum(er) }))
          .sort(byVisits((e) => e.engine)),
      }))
      .sort(byVisits((p) => p.page));
    const start = after
      ? ranked.findIndex((r) => r.visits < after.visits || (r.visits === after.visits && r.page > after.page))
      : 0;
    const page = splitPage(start === -1 ? [] : ranked.slice(start, start + limit + 1), limit, (r) =>
      s.cursors.encode(list, filters, { visits: r.visits, page: r.page }),
    );
    return {
      ...range,
      previous,
      interval,
      visits: sum(cells),
      change: sum(cells) - sum(before),
      engines,
      data: page.data,
      nextCursor: page.nextCursor,
    };
  });
}
