import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

const errorOf = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('no error');
};

describe('sign-up settings', () => {
  it('default to sign-up by invitation only, on the free plan', () => {
    expect(loadConfig({}).signUp).toEqual({ mode: 'invite', plan: 'free' });
  });

  it('take open sign-up and any plan of the catalogue', () => {
    expect(loadConfig({ ANSWERWATCH_SIGNUP: 'open', ANSWERWATCH_SIGNUP_PLAN: 'premium' }).signUp).toEqual({
      mode: 'open',
      plan: 'premium',
    });
  });

  it('refuse an unknown mode or plan with one line naming the setting', () => {
    expect(errorOf({ ANSWERWATCH_SIGNUP: 'everyone' })).toBe(
      'ANSWERWATCH_SIGNUP must be open or invite, got everyone',
    );
    expect(errorOf({ ANSWERWATCH_SIGNUP_PLAN: 'gold' })).toMatch(
      /^ANSWERWATCH_SIGNUP_PLAN names no plan: gold; plans are .*free/,
    );
  });
});
