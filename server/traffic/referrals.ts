/**
 * The AI answer engines a person can arrive from, by the host of the Referer their browser sent or the
 * `utm_source` the engine added to the link (ChatGPT adds `utm_source=chatgpt.com`). The README lists this table.
 */
export const REFERRAL_ENGINES: readonly {
  engine: string;
  hosts: readonly string[];
  utmSources: readonly string[];
}[] = [
  {
    engine: 'chatgpt',
    hosts: ['chatgpt.com', 'chat.openai.com'],
    utmSources: ['chatgpt.com', 'chatgpt', 'openai'],
  },
  { engine: 'perplexity', hosts: ['perplexity.ai'], utmSources: ['perplexity.ai', 'perplexity'] },
  {
    engine: 'gemini',
    hosts: ['gemini.google.com', 'bard.google.com'],
    utmSources: ['gemini.google.com', 'gemini'],
  },
  {
    engine: 'copilot',
    hosts: ['copilot.microsoft.com', 'copilot.cloud.microsoft'],
    utmSources: ['copilot.microsoft.com', 'copilot'],
  },
  { engine: 'claude', hosts: ['claude.ai'], utmSources: ['claude.ai', 'claude'] },
  { engine: 'mistral', hosts: ['chat.mistral.ai'], utmSources: ['chat.mistral.ai', 'mistral'] },
  { engine: 'deepseek', hosts: ['chat.deepseek.com'], utmSources: ['chat.deepseek.com', 'deepseek'] },
  { engine: 'grok', hosts: ['grok.com'], utmSources: ['grok.com', 'grok'] },
  { engine: 'meta-ai', hosts: ['meta.ai'], utmSources: ['meta.ai'] },
  { engine: 'you', hosts: ['you.com'], utmSources: ['you.com'] },
  { engine: 'phind', hosts: ['phind.com'], utmSources: ['phind.com', 'phind'] },
];

const BY_HOST = new Map(REFERRAL_ENGINES.flatMap((e) => e.hosts.map((h) => [h, e.engine] as const)));
const BY_UTM = new Map(REFERRAL_ENGINES.flatMap((e) => e.utmSources.map((u) => [u, e.engine] as const)));

/** The engine of a host or any of its subdomains (www.perplexity.ai is perplexity.ai). */
function engineOfHost(host: string): string | null {
  for (let h = host; ;) {
    const engine = BY_HOST.get(h);
    if (engine) return engine;
    const dot = h.indexOf('.');
    if (dot === -1 || h.indexOf('.', dot + 1) === -1) return null;
    h = h.slice(dot + 1);
  }
}

/** The engine a visit came from, by its Referer first, then its `utm_source`; null for any other visit. */
export function referralEngine(referer: string | null, query: string): string | null {
  if (referer !== null) {
    const host = /^https?:\/\/([^/?#:@]+)/i.exec(referer)?.[1]?.toLowerCase();
    const engine = host === undefined ? null : engineOfHost(host);
    if (engine) return engine;
  }
  if (query === '' || !query.includes('utm_source=')) return null;
  const utm = new URLSearchParams(query).get('utm_source');
  return utm === null ? null : (BY_UTM.get(utm.trim().toLowerCase()) ?? null);
}
