/** Engines that take a key, and the vendor whose settings (base URL, model) they use. */
export const KEYED_ENGINES = {
  chatgpt: 'openai',
  claude: 'anthropic',
  gemini: 'gemini',
  perplexity: 'perplexity',
  grok: 'xai',
  'google-ai-mode': 'serpapi',
} as const;
type KeyedEngineId = keyof typeof KEYED_ENGINES;

export const isKeyedEngine = (id: string): id is KeyedEngineId => Object.hasOwn(KEYED_ENGINES, id);
