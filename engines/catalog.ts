/** Every engine Answerwatch knows. Cloud engines run in the service; host engines run on the user's computer. */
export type RunsOn = 'cloud' | 'host';

export interface EngineInfo {
  id: string;
  label: string;
  runsOn: RunsOn;
}

export const ENGINES: readonly EngineInfo[] = [
  { id: 'chatgpt', label: 'ChatGPT', runsOn: 'cloud' },
  { id: 'gemini', label: 'Gemini', runsOn: 'cloud' },
  { id: 'perplexity', label: 'Perplexity', runsOn: 'cloud' },
  { id: 'grok', label: 'Grok', runsOn: 'cloud' },
  { id: 'claude', label: 'Claude', runsOn: 'cloud' },
  { id: 'google-ai-mode', label: 'Google AI Mode', runsOn: 'cloud' },
  { id: 'ollama', label: 'Ollama (local model)', runsOn: 'host' },
  { id: 'chatgpt-local-fetch', label: 'ChatGPT (signed-in browser)', runsOn: 'host' },
  { id: 'perplexity-local-fetch', label: 'Perplexity (signed-in browser)', runsOn: 'host' },
  { id: 'gemini-local-fetch', label: 'Gemini (signed-in browser)', runsOn: 'host' },
  { id: 'google-ai-mode-local-fetch', label: 'Google AI Mode (signed-in browser)', runsOn: 'host' },
  { id: 'claude-local-fetch', label: 'Claude (signed-in browser)', runsOn: 'host' },
  { id: 'grok-local-fetch', label: 'Grok (signed-in browser)', runsOn: 'host' },
  { id: 'copilot-local-fetch', label: 'Copilot (signed-in browser)', runsOn: 'host' },
];

const byId = new Map(ENGINES.map((e) => [e.id, e]));

export function findEngine(id: string): EngineInfo | undefined {
  return byId.get(id);
}

export function engineLabel(id: string): string {
  return byId.get(id)?.label ?? id;
}

export function isLocalFetch(id: string): boolean {
  return id.endsWith('-local-fetch');
}
