/**
 * The LLM judge: sentiment and narrative drift of one answer, and the claims a brand's own page makes, from any
 * TextModel. Framework-free.
 */
export {
  createJudge,
  DEFAULT_TIMEOUT_MS,
  type Judge,
  type JudgeInput,
  type JudgeOptions,
  type NoVerdict,
} from './judge.ts';
export { type JudgeVerdict, type NarrativeDrift, oneLine, REASON_LIMIT } from './verdict.ts';
export { DEFAULT_MAX_ANSWER_CHARS, SYSTEM_PROMPT } from './prompt.ts';
export {
  CLAIMS_SYSTEM_PROMPT,
  createClaimReader,
  MAX_CLAIMS,
  type ClaimReader,
  type ClaimsInput,
} from './claims.ts';
export {
  createActionsSummarizer,
  SUMMARY_SYSTEM_PROMPT,
  type ActionsSummarizer,
  type SummaryAction,
} from './actions-summary.ts';
export { judgeEngineFrom, JUDGE_ENGINES, type JudgeEngineChoice, type JudgeEngineId } from './config.ts';
