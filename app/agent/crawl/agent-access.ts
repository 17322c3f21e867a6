/**
 * What robots.txt lets each AI agent read: the home page and every cited page of the site, each judged by the
 * robots.txt of its own origin.
 */
import { AI_AGENTS } from '../../../server/contract/ai-agents.ts';
import type { AgentAccess } from '../../../server/contract/site-crawl.ts';
import type { Robots } from './robots.ts';

/** `robotsOf` answers the robots.txt that rules a URL (its origin's). */
export function agentAccess(
  robotsOf: (url: string) => Robots,
  home: string,
  cited: readonly string[],
): AgentAccess[] {
  return AI_AGENTS.map((agent) => ({
    agent: agent.token,
    operator: agent.operator,
    purpose: agent.purpose,
    home: robotsOf(home).allows(home, agent.token),
    blockedCited: cited.filter((url) => !robotsOf(url).allows(url, agent.token)),
  }));
}
