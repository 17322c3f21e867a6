import { AI_AGENT_PURPOSES } from './site-crawl.ts';

/**
 * What a hit of an access log is, by its user agent: the AI agents' three purposes (ai-agents.ts), classic search
 * crawlers, any other bot, and people.
 */
export const TRAFFIC_PURPOSES = [...AI_AGENT_PURPOSES, 'classic-search', 'other-bot', 'people'] as const;
export type TrafficPurpose = (typeof TRAFFIC_PURPOSES)[number];

/**
 * `verified`: the address is in the operator's published ranges; `spoofed`: the operator publishes ranges and the
 * address is not in them (never counted as the agent); `claimed`: the operator publishes none, so the user agent is
 * all there is to go by.
 */
export const VERIFICATIONS = ['verified', 'spoofed', 'claimed'] as const;
export type Verification = (typeof VERIFICATIONS)[number];

/** Classic search crawlers, by the token their user agent carries. */
export const CLASSIC_SEARCH_AGENTS: readonly { token: string; operator: string }[] = [
  { token: 'Googlebot', operator: 'Google' },
  { token: 'bingbot', operator: 'Microsoft' },
  { token: 'Applebot', operator: 'Apple' },
  { token: 'DuckDuckBot', operator: 'DuckDuckGo' },
  { token: 'YandexBot', operator: 'Yandex' },
  { token: 'Baiduspider', operator: 'Baidu' },
  { token: 'Yahoo! Slurp', operator: 'Yahoo' },
];

/** The agent names stored for hits that name no agent of the tables. */
export const OTHER_BOT = 'other-bot';
export const PEOPLE = 'people';
