import { isbot } from 'isbot';
import { AI_AGENTS } from '../contract/ai-agents.ts';
import { CLASSIC_SEARCH_AGENTS, OTHER_BOT, PEOPLE, type TrafficPurpose } from '../contract/traffic-agents.ts';

/** Who a user agent says it is: an agent of our tables, another bot (isbot's list), or a person. */
export interface AgentKind {
  /** The agent's token as its operator documents it; `other-bot` or `people` otherwise. */
  agent: string;
  operator: string | null;
  purpose: TrafficPurpose;
}

interface Named {
  token: string;
  operator: string;
  purpose: TrafficPurpose;
}

const NAMED: readonly Named[] = [
  ...AI_AGENTS.filter((a) => !a.robotsOnly),
  ...CLASSIC_SEARCH_AGENTS.map((a) => ({ ...a, purpose: 'classic-search' as const })),
];

const BY_TOKEN = new Map(NAMED.map((a) => [a.token.toLowerCase(), a]));

/** Longest first, so a token that holds another (none does today) is found whole; matched as a word. */
const TOKENS = new RegExp(
  `(?:^|[^a-z0-9-])(${[...BY_TOKEN.keys()]
    .sort((a, b) => b.length - a.length)
    .map((t) => t.replace(/[.*+?^${}()|[\]\\!]/g, '\\$&'))
    .join('|')})(?![a-z0-9-])`,
  'i',
);

const OTHER: AgentKind = { agent: OTHER_BOT, operator: null, purpose: 'other-bot' };
const PERSON: AgentKind = { agent: PEOPLE, operator: null, purpose: 'people' };

/** User agents remembered: a log names a few thousand distinct ones over millions of lines. */
const CACHE_SIZE = 20_000;

/** The agent a user agent names. Tokens match as words, ignoring case, as robots.txt groups match them. */
export function agentOf(userAgent: string): AgentKind {
  const m = TOKENS.exec(userAgent);
  if (m) {
    const named = BY_TOKEN.get(m[1]!.toLowerCase())!;
    return { agent: named.token, operator: named.operator, purpose: named.purpose };
  }
  // Every browser sends a user agent; a request without one is a script's (isbot leaves that to us).
  return userAgent.trim() === '' || isbot(userAgent) ? OTHER : PERSON;
}

/** What a stored agent name stands for: its operator and purpose (`other-bot` for a name of no table). */
export function agentInfo(agent: string): AgentKind {
  const named = BY_TOKEN.get(agent.toLowerCase());
  if (named) return { agent: named.token, operator: named.operator, purpose: named.purpose };
  return agent === PEOPLE ? PERSON : OTHER;
}

/** agentOf with the answers for recent user agents kept. */
export function agentClassifier(): (userAgent: string) => AgentKind {
  const cache = new Map<string, AgentKind>();
  return (userAgent) => {
    let kind = cache.get(userAgent);
    if (kind === undefined) {
      kind = agentOf(userAgent);
      if (cache.size >= CACHE_SIZE) cache.clear();
      cache.set(userAgent, kind);
    }
    return kind;
  };
}
