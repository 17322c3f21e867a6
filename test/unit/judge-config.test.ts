import { describe, expect, it } from 'vitest';
import { judgeEngineFrom } from '../../engines/judge/config.ts';

const ALL_KEYS = {
  OPENAI_API_KEY: 'sk-openai',
  ANTHROPIC_API_KEY: 'sk-ant',
  GEMINI_API_KEY: 'gem',
  XAI_API_KEY: 'xai',
  PERPLEXITY_API_KEY: 'pplx',
};

describe('judgeEngineFrom', () => {
  it('is null with no judge set and no API key', () => {
    expect(judgeEngineFrom({})).toBeNull();
    expect(judgeEngineFrom({ ANSWERWATCH_JUDGE: '  ', OPENAI_API_KEY: ' ' })).toBeNull();
  });

  it('when unset picks the first of chatgpt, claude, gemini, grok, perplexity with a key', () => {
    expect(judgeEngineFrom(ALL_KEYS)).toEqual({ engineId: 'chatgpt', model: null });
    const { OPENAI_API_KEY: _o, ...noOpenAi } = ALL_KEYS;
    expect(judgeEngineFrom(noOpenAi)).toEqual({ engineId: 'claude', model: null });
    expect(judgeEngineFrom({ GEMINI_API_KEY: 'g', PERPLEXITY_API_KEY: 'p' })).toEqual({
      engineId: 'gemini',
      model: null,
    });
    expect(judgeEngineFrom({ XAI_API_KEY: 'x', PERPLEXITY_API_KEY: 'p' })?.engineId).toBe('grok');
    expect(judgeEngineFrom({ PERPLEXITY_API_KEY: 'p' })?.engineId).toBe('perplexity');
    expect(judgeEngineFrom({ ANSWERWATCH_JUDGE: '', ANTHROPIC_API_KEY: 'a' })?.engineId).toBe('claude');
  });

  it('never picks ollama or an engine without a key on its own', () => {
    expect(judgeEngineFrom({ OLLAMA_HOST: 'http://127.0.0.1:11434', SERPAPI_API_KEY: 's' })).toBeNull();
  });

  it('is null when set to off, in any case, keys or not', () => {
    expect(judgeEngineFrom({ ...ALL_KEYS, ANSWERWATCH_JUDGE: 'off' })).toBeNull();
    expect(
      judgeEngineFrom({ ...ALL_KEYS, ANSWERWATCH_JUDGE: ' OFF ', ANSWERWATCH_JUDGE_MODEL: 'x' }),
    ).toBeNull();
  });

  it('uses the named engine, and ANSWERWATCH_JUDGE_MODEL as its model', () => {
    expect(judgeEngineFrom({ ...ALL_KEYS, ANSWERWATCH_JUDGE: 'gemini' })).toEqual({
      engineId: 'gemini',
      model: null,
    });
    expect(
      judgeEngineFrom({
        ...ALL_KEYS,
        ANSWERWATCH_JUDGE: ' Claude ',
        ANSWERWATCH_JUDGE_MODEL: ' claude-haiku ',
      }),
    ).toEqual({ engineId: 'claude', model: 'claude-haiku' });
    expect(judgeEngineFrom({ ANSWERWATCH_JUDGE: 'ollama', ANSWERWATCH_JUDGE_MODEL: 'llama3.1' })).toEqual({
      engineId: 'ollama',
      model: 'llama3.1',
    });
    expect(judgeEngineFrom({ XAI_API_KEY: 'x', ANSWERWATCH_JUDGE_MODEL: 'grok-3-mini' })).toEqual({
      engineId: 'grok',
      model: 'grok-3-mini',
    });
    expect(judgeEngineFrom({ OPENAI_API_KEY: 'k', ANSWERWATCH_JUDGE_MODEL: '  ' })?.model).toBeNull();
  });

  it('throws, naming the variable, for an engine that cannot judge or lacks its key', () => {
    expect(() => judgeEngineFrom({ ANSWERWATCH_JUDGE: 'gpt4' })).toThrow(
      'ANSWERWATCH_JUDGE must be one of chatgpt, claude, gemini, grok, perplexity, ollama or off, got gpt4',
    );
    expect(() => judgeEngineFrom({ ...ALL_KEYS, ANSWERWATCH_JUDGE: 'chatgpt-local-fetch' })).toThrow(
      /ANSWERWATCH_JUDGE must be one of/,
    );
    expect(() => judgeEngineFrom({ ...ALL_KEYS, ANSWERWATCH_JUDGE: 'google-ai-mode' })).toThrow(
      /ANSWERWATCH_JUDGE must be one of/,
    );
    expect(() => judgeEngineFrom({ OPENAI_API_KEY: 'k', ANSWERWATCH_JUDGE: 'claude' })).toThrow(
      'ANSWERWATCH_JUDGE=claude needs ANTHROPIC_API_KEY',
    );
    expect(() => judgeEngineFrom({ ANSWERWATCH_JUDGE: 'grok', XAI_API_KEY: ' ' })).toThrow(
      /needs XAI_API_KEY/,
    );
  });
});
