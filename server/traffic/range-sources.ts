import { z } from 'zod';
import appleApplebot from './ranges/apple-applebot.json' with { type: 'json' };
import bingBingbot from './ranges/bing-bingbot.json' with { type: 'json' };
import commoncrawlCcbot from './ranges/commoncrawl-ccbot.json' with { type: 'json' };
import googleGooglebot from './ranges/google-googlebot.json' with { type: 'json' };
import openaiChatgptUser from './ranges/openai-chatgpt-user.json' with { type: 'json' };
import openaiGptbot from './ranges/openai-gptbot.json' with { type: 'json' };
import openaiSearchbot from './ranges/openai-searchbot.json' with { type: 'json' };
import perplexityBot from './ranges/perplexity-perplexitybot.json' with { type: 'json' };
import perplexityUser from './ranges/perplexity-user.json' with { type: 'json' };

/**
 * The address ranges operators publish for their crawlers, each a JSON file in the operators' shared format
 * (`{"creationTime", "prefixes": [{"ipv4Prefix"} | {"ipv6Prefix"}]}`), and the agents each one vouches for. A
 * snapshot of each ships in ranges/ (copies of the published files, ranges/SOURCES.md says whence; its creationTime
 * is the operator's); `answerwatch traffic ranges update` stores newer ones in the database, which then win.
 */
export interface RangeSource {
  id: string;
  operator: string;
  /** Agent tokens (ai-agents.ts, traffic-agents.ts) whose hits these ranges verify. */
  agents: readonly string[];
  url: string;
}

export const RANGE_SOURCES: readonly RangeSource[] = [
  { id: 'openai-gptbot', operator: 'OpenAI', agents: ['GPTBot'], url: 'https://openai.com/gptbot.json' },
  {
    id: 'openai-searchbot',
    operator: 'OpenAI',
    agents: ['OAI-SearchBot'],
    url: 'https://openai.com/searchbot.json',
  },
  {
    id: 'openai-chatgpt-user',
    operator: 'OpenAI',
    agents: ['ChatGPT-User'],
    url: 'https://openai.com/chatgpt-user.json',
  },
  {
    id: 'google-googlebot',
    operator: 'Google',
    agents: ['Googlebot'],
    url: 'https://developers.google.com/static/search/apis/ipranges/googlebot.json',
  },
  {
    id: 'bing-bingbot',
    operator: 'Microsoft',
    agents: ['bingbot'],
    url: 'https://www.bing.com/toolbox/bingbot.json',
  },
  {
    id: 'perplexity-perplexitybot',
    operator: 'Perplexity',
    agents: ['PerplexityBot'],
    url: 'https://www.perplexity.com/perplexitybot.json',
  },
  {
    id: 'perplexity-user',
    operator: 'Perplexity',
    agents: ['Perplexity-User'],
    url: 'https://www.perplexity.com/perplexity-user.json',
  },
  {
    id: 'apple-applebot',
    operator: 'Apple',
    agents: ['Applebot'],
    url: 'https://search.developer.apple.com/applebot.json',
  },
  {
    id: 'commoncrawl-ccbot',
    operator: 'Common Crawl',
    agents: ['CCBot'],
    url: 'https://index.commoncrawl.org/ccbot.json',
  },
];

/** One operator file, as published. Unknown members are let through: operators add some (Google's `syncToken`). */
export const RangeFile = z.object({
  creationTime: z.string().min(1, 'creationTime is missing'),
  prefixes: z
    .array(z.union([z.object({ ipv4Prefix: z.string() }), z.object({ ipv6Prefix: z.string() })]))
    .min(1, 'prefixes is empty'),
});
export type RangeFile = z.infer<typeof RangeFile>;

/** A source's ranges in use, with where they came from. */
export interface RangeSnapshot {
  source: string;
  creationTime: string;
  prefixes: string[];
  /** `shipped` with the code, or the time `ranges update` stored them. */
  updatedAt: string | 'shipped';
}

const SHIPPED: Record<string, RangeFile> = {
  'openai-gptbot': openaiGptbot,
  'openai-searchbot': openaiSearchbot,
  'openai-chatgpt-user': openaiChatgptUser,
  'google-googlebot': googleGooglebot,
  'bing-bingbot': bingBingbot,
  'perplexity-perplexitybot': perplexityBot,
  'perplexity-user': perplexityUser,
  'apple-applebot': appleApplebot,
  'commoncrawl-ccbot': commoncrawlCcbot,
};

export const prefixesOf = (file: RangeFile): string[] =>
  file.prefixes.map((p) => ('ipv4Prefix' in p ? p.ipv4Prefix : p.ipv6Prefix));

/** The shipped snapshots, each overridden by a stored one of the same source. */
export function snapshotsInUse(stored: readonly RangeSnapshot[]): RangeSnapshot[] {
  const byId = new Map(stored.map((s) => [s.source, s]));
  return RANGE_SOURCES.map(
    (src) =>
      byId.get(src.id) ?? {
        source: src.id,
        creationTime: SHIPPED[src.id]!.creationTime,
        prefixes: prefixesOf(SHIPPED[src.id]!),
        updatedAt: 'shipped',
      },
  );
}
