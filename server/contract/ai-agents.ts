import type { AI_AGENT_PURPOSES } from './site-crawl.ts';

/**
 * The AI agents whose access to a brand's site we report, by the robots.txt token each operator documents: training
 * crawlers (they build models), search indexers (they build an answer engine's index) and user fetchers (a person's
 * question fetching a page live). Data only, so the site crawl and the traffic reports (server/traffic/agents.ts,
 * which matches the tokens in user agents) read one list.
 */
export interface AiAgent {
  token: string;
  operator: string;
  purpose: (typeof AI_AGENT_PURPOSES)[number];
  /**
   * A token robots.txt obeys but no request carries (Google-Extended and Applebot-Extended govern what Googlebot and
   * Applebot fetched may train on): the access logs never name it.
   */
  robotsOnly?: true;
}

export const AI_AGENTS: readonly AiAgent[] = [
  { token: 'GPTBot', operator: 'OpenAI', purpose: 'training' },
  { token: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'search' },
  { token: 'ChatGPT-User', operator: 'OpenAI', purpose: 'user' },
  { token: 'ClaudeBot', operator: 'Anthropic', purpose: 'training' },
  { token: 'Claude-SearchBot', operator: 'Anthropic', purpose: 'search' },
  { token: 'Claude-User', operator: 'Anthropic', purpose: 'user' },
  { token: 'PerplexityBot', operator: 'Perplexity', purpose: 'search' },
  { token: 'Perplexity-User', operator: 'Perplexity', purpose: 'user' },
  { token: 'Google-Extended', operator: 'Google', purpose: 'training', robotsOnly: true },
  { token: 'Applebot-Extended', operator: 'Apple', purpose: 'training', robotsOnly: true },
  { token: 'CCBot', operator: 'Common Crawl', purpose: 'training' },
  { token: 'Bytespider', operator: 'ByteDance', purpose: 'training' },
  { token: 'meta-externalagent', operator: 'Meta', purpose: 'training' },
  { token: 'Meta-ExternalFetcher', operator: 'Meta', purpose: 'user' },
  { token: 'Amazonbot', operator: 'Amazon', purpose: 'search' },
  { token: 'MistralAI-User', operator: 'Mistral AI', purpose: 'user' },
  { token: 'DuckAssistBot', operator: 'DuckDuckGo', purpose: 'user' },
  { token: 'cohere-ai', operator: 'Cohere', purpose: 'training' },
];
