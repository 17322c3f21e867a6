/**
 * The LLM judge: sentiment toward the brand, and narrative drift against the brand's Brand Truth, from a plain
 * text model. It never throws for a bad reply or a failed model call (the verdict is then null and the offline
 * scorer's sentiment stands); it rethrows only when the caller's signal aborted, so cancellation stays visible.
 */
import type { TextModel } from '../types.ts';
import { askModel, type NoReplyReason } from './ask.ts';
import { cutAnswer, DEFAULT_MAX_ANSWER_CHARS, SYSTEM_PROMPT, userMessage } from './prompt.ts';
import { readVerdict, type JudgeVerdict } from './verdict.ts';

export interface JudgeInput {
  brand: { name: string; brandTerms: readonly string[] };
  /** The engine's answer: untrusted text, passed to the model only as data. */
  answerText: string;
  /** Whether the offline scorer found the brand named; when not, no model call is made. */
  mentioned: boolean;
  /** The project's Brand Truth statements; null or empty means no drift verdict. */
  brandTruth: readonly string[] | null;
  signal?: AbortSignal;
}

/** Why a call gave no verdict, for logs; the verdict itself is just null. */
export interface NoVerdict {
  modelId: string;
  reason: NoReplyReason;
  detail: string;
}

export interface JudgeOptions {
  /** Longest answer text sent; longer answers are cut and marked as cut. Default 20,000 characters. */
  maxAnswerChars?: number;
  /** Gives up on one call after this long (the caller's signal still cancels sooner). Default 60 s. */
  timeoutMs?: number;
  /** Called whenever a mentioned answer gets no verdict. */
  onNoVerdict?: (event: NoVerdict) => void;
}

export interface Judge {
  readonly modelId: string;
  judge(input: JudgeInput): Promise<JudgeVerdict | null>;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

export function createJudge(model: TextModel, options: JudgeOptions = {}): Judge {
  const maxAnswerChars = options.maxAnswerChars ?? DEFAULT_MAX_ANSWER_CHARS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const noVerdict = (reason: NoVerdict['reason'], detail: string): null => {
    options.onNoVerdict?.({ modelId: model.id, reason, detail });
    return null;
  };

  return {
    modelId: model.id,
    async judge(input) {
      input.signal?.throwIfAborted();
      // Sentiment is not-applicable and drift is about what is said of the brand: nothing to ask.
      if (!input.mentioned) {
        return {
          sentiment: 'not-applicable',
          sentimentReason: `${input.brand.name} is not named in the answer`,
          narrativeDrift: null,
          narrativeDriftReason: null,
          driftStatements: [],
        };
      }
      const brandTruth = input.brandTruth && input.brandTruth.length > 0 ? [...input.brandTruth] : null;
      const user = userMessage({
        brand: { name: input.brand.name, brandTerms: [...input.brand.brandTerms] },
        ...cutAnswer(input.answerText, maxAnswerChars),
        brandTruth,
      });

      const asked = await askModel(model, SYSTEM_PROMPT, user, timeoutMs, input.signal);
      if (!asked.ok) return noVerdict(asked.reason, asked.detail);
      const read = readVerdict(asked.reply, brandTruth?.length ?? 0);
      return read.ok ? read.verdict : noVerdict('invalid-reply', read.error);
    },
  };
}
