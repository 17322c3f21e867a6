import { addDays, isoDay } from '../../server/domain/clock.ts';
import type { Dataset } from './dataset.ts';
import type { Client } from './measure.ts';

/** A read: its name, its path (a new one each time, for reads that vary), and headers of its own if any. */
export type ReadCase = [string, () => string, Record<string, string>?];

/** The read cases of the data set, as paths on a service at `base` (its /v1 path). */
export async function readCases(data: Dataset, client: Client, base: string): Promise<ReadCase[]> {
  const headers = { authorization: `Bearer ${data.key}` };
  const p = `${base}/projects/${data.projectId}`;
  const today = isoDay(new Date());
  const year = `from=${addDays(today, -365)}&to=${today}`;
  const get = async (path: string) => {
    const res = await client.request({ method: 'GET', path, headers });
    return (await res.body.json()) as { data: { id: string }[]; nextCursor: string | null };
  };
  const first = await get(`${p}/answers?limit=50`);
  const answerIds = first.data.map((a) => a.id);
  let deep = await get(`${p}/answers?${year}&limit=200`);
  // Stops a page early on a small data set, so there is always a deeper page to ask for.
  for (let i = 0; i < 250; i++) {
    const next = await get(`${p}/answers?${year}&limit=200&cursor=${deep.nextCursor}`);
    if (!next.nextCursor) break;
    deep = next;
  }
  // The walk used pages of 200 to get deep fast; the measured request is a default page of 50 from there.
  const deepCursor = deep.nextCursor!;
  const topics = (await get(`${p}/topics`)).data.map((t) => t.id);
  const promptId = (await get(`${p}/prompts?limit=1`)).data[0]!.id;
  return [
    ['GET /me', () => `${base}/me`],
    ['answers, first page', () => `${p}/answers`],
    [
      'answers, first page, engine+mentioned+topic',
      () => `${p}/answers?engine=chatgpt&mentioned=true&topicId=${topics[0]}`,
    ],
    ['answers, deep page (50,000 in, 366 days)', () => `${p}/answers?${year}&cursor=${deepCursor}`],
    ['answer detail', () => `${p}/answers/${answerIds[Math.floor(Math.random() * answerIds.length)]}`],
    ['stats/daily, 366 days', () => `${p}/stats/daily?${year}`],
    [
      'stats/daily, 366 days, engine+topic',
      () => `${p}/stats/daily?${year}&engine=gemini&topicId=${topics[1]}`,
    ],
    ['stats/competitors, 366 days', () => `${p}/stats/competitors?${year}`],
    ['stats/competitors, 366 days, engine', () => `${p}/stats/competitors?${year}&engine=perplexity`],
    ['stats/sources, 366 days', () => `${p}/stats/sources?${year}`],
    [
      'stats/sources, 366 days, by URL, per engine',
      () => `${p}/stats/sources?${year}&groupBy=url&perEngine=true`,
    ],
    ['stats/sources, 366 days, topic', () => `${p}/stats/sources?${year}&topicId=${topics[0]}`],
    ['stats/sources, 366 days, by type', () => `${p}/stats/sources?${year}&groupBy=type`],
    ['stats/sources, 366 days, type=review', () => `${p}/stats/sources?${year}&type=review`],
    ['stats/queries, 366 days', () => `${p}/stats/queries?${year}`],
    ['actions, 30 days', () => `${p}/actions`],
    ['actions, 366 days', () => `${p}/actions?${year}`],
    ['stats/sources, 366 days, gaps', () => `${p}/stats/sources?${year}&gaps=true`],
    ['stats/prompts, 366 days (and the 366 before)', () => `${p}/stats/prompts?${year}`],
    [
      'stats/prompts, 366 days, per engine, by mention change',
      () => `${p}/stats/prompts?${year}&perEngine=true&sort=mentionRateChange`,
    ],
    ['stats/trends, 366 days, per day', () => `${p}/stats/trends?${year}`],
    [
      'stats/trends, 366 days, per week, engine+topic',
      () => `${p}/stats/trends?${year}&interval=week&engine=chatgpt&topicId=${topics[1]}`,
    ],
    ['stats/surfaces, 366 days', () => `${p}/stats/surfaces?${year}`],
    // The web UI's answer totals (an extension read), summed from the trend and prompt summaries.
    ['stats/answers, 30 days', () => `${p}/stats/answers`],
    ['stats/answers, 366 days', () => `${p}/stats/answers?${year}`],
    [
      'stats/answers, 366 days, engine+topic',
      () => `${p}/stats/answers?${year}&engine=chatgpt&topicId=${topics[1]}`,
    ],
    ['stats/answers, 366 days, prompt', () => `${p}/stats/answers?${year}&promptId=${promptId}`],
    // Not a target: a constant document, to show what moving a large body costs on its own.
    ['reference: /openapi.json (constant body)', () => `${base}/openapi.json`],
    // Not targets either: the web UI's extension reads that scan the answers of their range (README, web UI).
    ['scan: stats/answers, 366 days, mentioned', () => `${p}/stats/answers?${year}&mentioned=true`],
    ['scan: answers, text search, first page', () => `${p}/answers?q=pricing`],
    // The largest bodies again as clients that accept gzip get them (fetch, browsers and most HTTP libraries ask).
    ['gzip: answers, first page', () => `${p}/answers`, GZIP],
    ['gzip: stats/daily, 366 days', () => `${p}/stats/daily?${year}`, GZIP],
    ['gzip: stats/trends, 366 days, per day', () => `${p}/stats/trends?${year}`, GZIP],
    ['gzip: /openapi.json', () => `${base}/openapi.json`, GZIP],
  ];
}

/** What a client that takes gzip sends; the bench counts the bytes received, so still compressed. */
const GZIP = { 'accept-encoding': 'gzip' };
