import type { AnswerFn } from '../fakes/engines/answer.ts';

/**
 * Fake engine answers that change between two runs in a known way, so that the second run raises each alert:
 * on ChatGPT the brand drops from every answer to two of twelve and Globex overtakes it, the pricing page is no
 * longer cited for prompts 0 to 5 and the features page newly is for prompt 6; on Perplexity the brand rises
 * from no answer to every one.
 */
export const ALERT_PROMPTS = Array.from({ length: 12 }, (_, i) => `best project tool number ${i}`);
export const ALERT_ENGINES = ['chatgpt', 'perplexity'];
export const SITE = 'https://acme.example';

const REVIEWS = { url: 'https://reviews.example/tools', title: 'Reviews' };
const page = (path: string) => ({ url: `${SITE}${path}`, title: 'Acme' });

export function alertScenario() {
  let phase: 1 | 2 = 1;
  const answer: AnswerFn = (engineId, prompt) => {
    const i = Number(/(\d+)\s*$/.exec(prompt)?.[1] ?? -1);
    if (engineId === 'chatgpt' && phase === 1) {
      return {
        text: 'Acme is the best choice for this. Initech is also fine.',
        sources: [i < 6 ? page('/pricing') : REVIEWS],
      };
    }
    if (engineId === 'chatgpt') {
      return {
        text:
          i < 2
            ? 'Globex is the best choice for this. Acme is also fine.'
            : 'Globex is the best choice for this.',
        sources: [i === 6 ? page('/features') : REVIEWS],
      };
    }
    return {
      text:
        phase === 1
          ? 'Globex is the best choice for this. Initech is also fine.'
          : 'Acme is the best choice for this. Globex is also fine.',
      sources: [REVIEWS],
    };
  };
  return {
    answer,
    /** From now on the engines answer as in the second run. */
    change: () => {
      phase = 2;
    },
  };
}
