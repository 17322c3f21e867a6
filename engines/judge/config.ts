/**
 * Which engine judges answers, from the environment:
 * - `ANSWERWATCH_JUDGE`: an engine id (chatgpt, claude, gemini, grok, perplexity, ollama) or `off`;
 * - unset or blank: the first of chatgpt, claude, gemini, grok, perplexity whose API key is set, else none;
 * - `ANSWERWATCH_JUDGE_MODEL`: the model to use; unset means the engine's own configured default (null).
 */

/** The engines that can judge, with the key each needs (ollama runs locally and needs none). */
export const JUDGE_ENGINES = [
  { engineId: 'chatgpt', keyVar: 'OPENAI_API_KEY' },
  { engineId: 'claude', keyVar: 'ANTHROPIC_API_KEY' },
  { engineId: 'gemini', keyVar: 'GEMINI_API_KEY' },
  { engineId: 'grok', keyVar: 'XAI_API_KEY' },
  { engineId: 'perplexity', keyVar: 'PERPLEXITY_API_KEY' },
  { engineId: 'ollama', keyVar: null },
] as const;

export type JudgeEngineId = (typeof JUDGE_ENGINES)[number]['engineId'];

export interface JudgeEngineChoice {
  engineId: JudgeEngineId;
  /** null: the engine's default model. */
  model: string | null;
}

const set = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** Throws, naming the variable, when ANSWERWATCH_JUDGE names no judge engine or one whose key is missing. */
export function judgeEngineFrom(env: Readonly<Record<string, string | undefined>>): JudgeEngineChoice | null {
  const model = set(env.ANSWERWATCH_JUDGE_MODEL);
  const chosen = set(env.ANSWERWATCH_JUDGE)?.toLowerCase() ?? null;
  if (chosen === 'off') return null;
  if (chosen === null) {
    const first = JUDGE_ENGINES.find((e) => e.keyVar !== null && set(env[e.keyVar]) !== null);
    return first ? { engineId: first.engineId, model } : null;
  }
  const engine = JUDGE_ENGINES.find((e) => e.engineId === chosen);
  if (!engine) {
    const ids = JUDGE_ENGINES.map((e) => e.engineId).join(', ');
    throw new Error(`ANSWERWATCH_JUDGE must be one of ${ids} or off, got ${env.ANSWERWATCH_JUDGE}`);
  }
  if (engine.keyVar !== null && set(env[engine.keyVar]) === null) {
    throw new Error(`ANSWERWATCH_JUDGE=${engine.engineId} needs ${engine.keyVar}`);
  }
  return { engineId: engine.engineId, model };
}
