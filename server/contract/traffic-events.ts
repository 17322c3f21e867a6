import { z } from 'zod';
import { DateTime, EXAMPLE_IDS, Uri } from './common.ts';
import { EXTENSION } from './extensions.ts';
import { AI_AGENT_PURPOSES } from './site-crawl.ts';

/**
 * The traffic webhook event (extension, issue 26): opt-in, sent to the webhooks that name it in `events` when an AI
 * agent that got a page (2xx) starts getting 4xx or 5xx on it, found in the batch of log lines that shows it.
 */

export const TRAFFIC_EVENTS = ['crawler.blocked'] as const;

const Fetch = (what: string) =>
  z.strictObject({
    statusClass: z.string().describe(what),
    at: DateTime,
  });

export const CrawlerBlockedEvent = z
  .strictObject({
    id: z.string().describe('Unique event id; use it to ignore repeats'),
    event: z.enum(TRAFFIC_EVENTS),
    createdAt: DateTime,
    data: z.strictObject({
      projectId: z.string(),
      agent: z.string().describe("The agent's token as its operator documents it (GPTBot, ChatGPT-User, …)"),
      operator: z.string(),
      purpose: z.enum(AI_AGENT_PURPOSES),
      verification: z
        .enum(['verified', 'claimed'])
        .describe(
          "`verified`: from the operator's published ranges; `claimed`: the operator publishes none. Spoofed hits raise nothing.",
        ),
      page: z.string().describe('The path fetched, without its query: as the log wrote it, untrusted text'),
      previous: Fetch('`2xx`').describe('The last successful fetch before the failures'),
      current: Fetch('`4xx` or `5xx`').describe(
        'The status class the agent gets now, first seen after the success at (to the hour the logs are counted by)',
      ),
      links: z.strictObject({
        unreachable: Uri.describe(
          'The pages answering AI agents 4xx or 5xx (stats/pages?problem=unreachable)',
        ),
        crawlers: Uri.describe('The agents: hits, verification and status classes per agent'),
      }),
    }),
  })
  .meta({
    id: 'CrawlerBlockedEvent',
    ...EXTENSION,
    examples: [
      {
        id: 'evt8Lm2Qx5Wd9Nc3Rt7Kb1Hv',
        event: 'crawler.blocked',
        createdAt: '2026-06-15T12:04:10.000Z',
        data: {
          projectId: EXAMPLE_IDS.project,
          agent: 'GPTBot',
          operator: 'OpenAI',
          purpose: 'training',
          verification: 'verified',
          page: '/pricing',
          previous: { statusClass: '2xx', at: '2026-06-14T08:12:40.000Z' },
          current: { statusClass: '4xx', at: '2026-06-15T09:31:02.000Z' },
          links: trafficLinks('http://127.0.0.1:8787/v1', EXAMPLE_IDS.project),
        },
      },
    ],
  });

/** The reads an event about the traffic links to, as the service writes them. */
export function trafficLinks(baseUrl: string, projectId: string) {
  const stats = `${baseUrl}/projects/${encodeURIComponent(projectId)}/stats`;
  return { unreachable: `${stats}/pages?problem=unreachable`, crawlers: `${stats}/crawlers` };
}
