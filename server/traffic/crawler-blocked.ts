import { AI_AGENT_PURPOSES } from '../contract/site-crawl.ts';
import { trafficLinks } from '../contract/traffic-events.ts';
import { newId } from '../domain/ids.ts';
import { queueDeliveries, type EventPayload } from '../domain/webhook-events.ts';
import type { Repositories } from '../store/index.ts';
import type { TrafficCell } from '../store/repositories/traffic.ts';
import { agentInfo } from './agents.ts';

const AI = new Set<string>(AI_AGENT_PURPOSES);
const failed = (statusClass: string) => statusClass === '4xx' || statusClass === '5xx';

/** One agent on one page: the last instant per status class, stored before the batch and in it. */
interface Pair {
  agent: string;
  page: string;
  verification: 'verified' | 'claimed';
  stored: Map<string, string>;
  batch: Map<string, string>;
  /** The batch's failing cells, to find when the failures began. */
  failures: TrafficCell[];
}

/** A transition to raise: the agent's last success on the page, and what it gets since. */
interface Blocked {
  agent: string;
  page: string;
  verification: 'verified' | 'claimed';
  previous: { statusClass: '2xx'; at: string };
  current: { statusClass: string; at: string };
}

const later = (a: string | undefined, b: string | undefined) => (a === undefined || (b ?? '') > a ? b : a);

function lastOf(classes: Map<string, string>, keep: (statusClass: string) => boolean): string | undefined {
  let last: string | undefined;
  for (const [statusClass, at] of classes) if (keep(statusClass)) last = later(last, at);
  return last;
}

/**
 * A pair's transition, if its last status turned from 2xx to 4xx/5xx: the latest hit (stored or in the batch)
 * failed, the agent got the page at some point, and no stored failure came after that success (else an earlier
 * batch raised it already).
 */
function transition(p: Pair): Blocked | null {
  const all = new Map(p.stored);
  for (const [statusClass, at] of p.batch) all.set(statusClass, later(all.get(statusClass), at)!);
  let now: [string, string] | null = null;
  for (const entry of all) if (now === null || entry[1] > now[1]) now = entry;
  if (now === null || !failed(now[0])) return null;
  const success = all.get('2xx');
  // A success and a failure logged in the same second tell no order: nothing is raised on them.
  if (success === undefined || success >= now[1]) return null;
  const storedFailure = lastOf(p.stored, failed);
  if (storedFailure !== undefined && storedFailure >= success) return null;
  // The first failure known to follow the success: a cell's first instant, or its last when the cell began before.
  let began: string | undefined;
  for (const c of p.failures) {
    if (c.lastSeen <= success) continue;
    const at = c.firstSeen > success ? c.firstSeen : c.lastSeen;
    if (began === undefined || at < began) began = at;
  }
  return {
    agent: p.agent,
    page: p.page,
    verification: p.verification,
    previous: { statusClass: '2xx', at: success },
    current: { statusClass: now[0], at: began! },
  };
}

/** The pairs of AI agents (verified or claimed) that a batch shows failing, with the batch's last instants. */
function failingPairs(cells: Iterable<TrafficCell>): Map<string, Pair> {
  const pairs = new Map<string, Pair>();
  for (const c of cells) {
    if (c.verification === 'spoofed' || !AI.has(agentInfo(c.agent).purpose)) continue;
    const key = `${c.agent}\0${c.page}`;
    let pair = pairs.get(key);
    if (!pair) {
      pair = {
        agent: c.agent,
        page: c.page,
        verification: c.verification as Pair['verification'],
        stored: new Map(),
        batch: new Map(),
        failures: [],
      };
      pairs.set(key, pair);
    }
    // An agent is verified or claimed by its operator, never both; verified wins should ranges appear meanwhile.
    if (c.verification === 'verified') pair.verification = 'verified';
    pair.batch.set(c.statusClass, later(pair.batch.get(c.statusClass), c.lastSeen)!);
    if (failed(c.statusClass)) pair.failures.push(c);
  }
  for (const [key, pair] of pairs) if (pair.failures.length === 0) pairs.delete(key);
  return pairs;
}

/** The transitions of a batch's failing pairs against what was stored before it (before the batch is added). */
async function transitions(
  tx: Repositories,
  projectId: string,
  pairs: Map<string, Pair>,
): Promise<Blocked[]> {
  const values = [...pairs.values()];
  const stored = await tx.traffic.lastStatuses(
    projectId,
    [...new Set(values.map((p) => p.agent))],
    [...new Set(values.map((p) => p.page))],
  );
  for (const s of stored) pairs.get(`${s.agent}\0${s.page}`)?.stored.set(s.statusClass, s.lastSeen);
  return values
    .map(transition)
    .filter((b) => b !== null)
    .sort((a, b) => a.agent.localeCompare(b.agent) || (a.page < b.page ? -1 : a.page > b.page ? 1 : 0));
}

/**
 * `crawler.blocked` to the webhooks that subscribed to it, one event per agent and page a batch shows turned from
 * 2xx to 4xx/5xx, queued in the transaction that stores the batch (before its cells are added). Answers how many
 * deliveries were queued.
 */
export async function queueCrawlerBlocked(
  tx: Repositories,
  projectId: string,
  hours: ReadonlyMap<string, TrafficCell>,
  baseUrl: string,
  now: string,
): Promise<number> {
  const pairs = failingPairs(hours.values());
  if (pairs.size === 0) return 0;
  const to = await tx.webhooks.subscribers(projectId, 'crawler.blocked');
  if (to.length === 0) return 0;
  let queued = 0;
  for (const b of await transitions(tx, projectId, pairs)) {
    const { operator, purpose } = agentInfo(b.agent);
    const payload: EventPayload = {
      id: newId('evt'),
      event: 'crawler.blocked',
      createdAt: now,
      data: {
        projectId,
        agent: b.agent,
        operator,
        purpose,
        verification: b.verification,
        page: b.page,
        previous: b.previous,
        current: b.current,
        links: trafficLinks(baseUrl, projectId),
      },
    };
    queued += (await queueDeliveries(tx.webhooks, to, payload, now)).length;
  }
  return queued;
}
