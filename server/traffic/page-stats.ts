import { ENGINES } from '../../engines/catalog.ts';
import { hostOf } from '../../engines/scoring/index.ts';
import { readableProject } from '../domain/access.ts';
import type { Caller, Services } from '../domain/context.ts';
import { resolveRange } from '../domain/date-range.ts';
import { splitPage } from '../domain/paging.ts';
import { cachedRead } from '../domain/read-cache.ts';
import { ALL } from '../store/repositories/source-summaries.ts';
import { agentInfo } from './agents.ts';
import { brandHostTest } from './brand-hosts.ts';

export interface PageQuery {
  from?: string;
  to?: string;
  problem?: 'unreachable';
  cursor?: string;
  limit: number;
}

const ENGINE_IDS = ENGINES.map((e) => e.id);
const AI_PURPOSES = new Set(['training', 'search', 'user']);

interface PageFigures {
  page: string;
  citations: { answers: number; engines: Map<string, number> };
  fetches: { search: number; user: number; training: number; classicSearch: number };
  referrals: number;
  aiErrors: number;
  last: Map<string, { statusClass: string; at: string }>;
}

const blank = (page: string): PageFigures => ({
  page,
  citations: { answers: 0, engines: new Map() },
  fetches: { search: 0, user: 0, training: 0, classicSearch: 0 },
  referrals: 0,
  aiErrors: 0,
  last: new Map(),
});

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
};

/**
 * The brand's pages side by side: answers citing each (by path, on any of the brand's hosts, per engine), bot
 * fetches by purpose, AI-referred visits, AI-agent errors and the status class each agent last got. The cited
 * pages come from the source summaries, the rest from the traffic rollups; `problem=unreachable` keeps the pages
 * that answered AI agents 4xx or 5xx.
 */
export async function pageStats(s: Services, caller: Caller, projectId: string, q: PageQuery) {
  const project = await readableProject(s, caller, projectId);
  const range = resolveRange(q, s.clock.now());
  const { cursor, limit, ...params } = q;
  const filters = { ...params, ...range };
  const list = `pages:${projectId}`;
  const after = s.cursors.decode<{ rank: number[]; page: string }>(list, filters, cursor);

  return cachedRead(s, project, [list, filters, after, limit], async () => {
    const scope = { projectId, ...range };
    const sourceScope = { projectId, kind: 'u' as const, engineIds: [ALL], topicId: ALL, ...range };
    const [agents, referrals, cited] = await Promise.all([
      s.store.traffic.pageAgents(scope),
      s.store.traffic.referrals(scope),
      s.store.sourceSummaries.totals(sourceScope),
    ]);
    const own = brandHostTest(project);
    const ownUrls = [...cited.keys()].filter((url) => {
      const host = hostOf(url);
      return host !== null && own(host);
    });
    const perEngine = await s.store.sourceSummaries.details(
      { ...sourceScope, engineIds: ENGINE_IDS },
      ownUrls,
    );

    const pages = new Map<string, PageFigures>();
    const at = (page: string) => {
      let p = pages.get(page);
      if (!p) pages.set(page, (p = blank(page)));
      return p;
    };
    for (const row of perEngine) {
      const path = pathOf(row.key);
      if (path === null) continue;
      const p = at(path);
      p.citations.answers += row.answers;
      p.citations.engines.set(row.engineId, (p.citations.engines.get(row.engineId) ?? 0) + row.answers);
    }
    for (const r of agents) {
      const p = at(r.page);
      const { purpose } = agentInfo(r.agent);
      if (purpose === 'classic-search') p.fetches.classicSearch += r.hits;
      else if (purpose === 'training' || purpose === 'search' || purpose === 'user')
        p.fetches[purpose] += r.hits;
      const error = r.statusClass === '4xx' || r.statusClass === '5xx';
      if (error && AI_PURPOSES.has(purpose)) p.aiErrors += r.hits;
      const last = p.last.get(r.agent);
      if (!last || r.lastSeen > last.at) p.last.set(r.agent, { statusClass: r.statusClass, at: r.lastSeen });
    }
    for (const r of referrals) at(r.page).referrals += r.visits;

    const aiFetches = (p: PageFigures) => p.fetches.search + p.fetches.user + p.fetches.training;
    const rankOf = (p: PageFigures) =>
      q.problem === 'unreachable' ? [p.aiErrors, aiFetches(p)] : [aiFetches(p), p.citations.answers];
    const before = (a: { rank: number[]; page: string }, b: { rank: number[]; page: string }) => {
      for (let i = 0; i < a.rank.length; i += 1) if (a.rank[i] !== b.rank[i]) return b.rank[i]! - a.rank[i]!;
      return a.page < b.page ? -1 : a.page > b.page ? 1 : 0;
    };
    const ranked = [...pages.values()]
      // Referral-only pages are the referrals read's; this one is about what engines cite and fetch.
      .filter((p) => p.citations.answers > 0 || p.last.size > 0)
      .filter((p) => q.problem !== 'unreachable' || p.aiErrors > 0)
      .map((p) => ({ rank: rankOf(p), page: p.page, figures: p }))
      .sort(before);
    const start = after ? ranked.findIndex((r) => before(r, after) > 0) : 0;
    const page = splitPage(start === -1 ? [] : ranked.slice(start, start + limit + 1), limit, (r) =>
      s.cursors.encode(list, filters, { rank: r.rank, page: r.page }),
    );
    return {
      ...range,
      data: page.data.map(({ figures: p }) => ({
        page: p.page,
        citations: {
          answers: p.citations.answers,
          engines: [...p.citations.engines]
            .map(([engineId, answers]) => ({ engineId, answers }))
            .sort((a, b) => b.answers - a.answers || (a.engineId < b.engineId ? -1 : 1)),
        },
        fetches: p.fetches,
        referrals: p.referrals,
        aiErrors: p.aiErrors,
        lastStatus: [...p.last]
          .map(([agent, l]) => ({ agent, statusClass: l.statusClass, at: l.at }))
          .sort((a, b) => (a.at > b.at ? -1 : a.at < b.at ? 1 : a.agent < b.agent ? -1 : 1)),
      })),
      nextCursor: page.nextCursor,
    };
  });
}
