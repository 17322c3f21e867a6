/** Answer scoring: mentions, citations, position, excerpt and sentiment of one engine answer. */
export { createScorer, scoreAnswer, SOURCE_URL_LIMIT, type AnswerScorer } from './score-answer.ts';
export { normaliseSources, normaliseUrl } from './urls.ts';
export { brandDomains, competitorDomains, configuredDomain, hostOf, registrableDomain } from './domains.ts';
export { EXCERPT_LIMIT } from './excerpt.ts';
export { FULL_ANSWER_LIMIT } from './full-answer.ts';
export type * from './types.ts';
