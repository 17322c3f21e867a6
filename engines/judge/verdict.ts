/** The judge's reply, read strictly: anything that is not exactly the JSON asked for is no verdict. */
import { z } from 'zod';
import type { Sentiment } from '../scoring/types.ts';

export type NarrativeDrift = true | 'no' | 'partial';

export interface JudgeVerdict {
  sentiment: Sentiment;
  /** One line, trimmed, at most 200 characters. */
  sentimentReason: string;
  /** null without Brand Truth (or when the brand is not named). */
  narrativeDrift: NarrativeDrift | null;
  narrativeDriftReason: string | null;
  /**
   * The Brand Truth statements a true or partial drift concerns, 1-based, ascending, each once; empty otherwise
   * (and when the reply names none, as replies before this field did not).
   */
  driftStatements: number[];
}

export const REASON_LIMIT = 200;
/** A reply longer than this is not the small JSON object asked for. */
export const REPLY_LIMIT = 8_000;

// Line breaks, other control characters and bidi overrides become spaces: a reason is shown as one plain line.
const LINE_NOISE = /[\s\p{Cc}\u202a-\u202e\u2066-\u2069]+/gu;

/** One line, trimmed, cut at a word boundary to at most `limit` characters (an ellipsis marks a cut). */
export function oneLine(text: string, limit: number = REASON_LIMIT): string {
  const line = text.replace(LINE_NOISE, ' ').trim();
  if (line.length <= limit) return line;
  const room = line.slice(0, limit - 1);
  const space = room.lastIndexOf(' ');
  let cut = space >= limit / 2 ? room.slice(0, space) : room;
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

const Reason = z
  .string()
  .transform((text) => oneLine(text))
  .pipe(z.string().min(1, 'reason must not be blank'));

const Reply = z.strictObject({
  sentiment: z.enum(['positive', 'mixed', 'neutral', 'negative']),
  sentimentReason: Reason,
  narrativeDrift: z
    .union([z.literal(true), z.enum(['no', 'partial'])])
    .nullable()
    .optional(),
  narrativeDriftReason: Reason.nullable().optional(),
  driftStatements: z.array(z.number()).max(REPLY_LIMIT).nullable().optional(),
});

/** The statement numbers that exist (1 … count), ascending, each once: a number naming no statement is dropped. */
function statementNumbers(named: readonly number[] | null | undefined, count: number): number[] {
  const valid = (named ?? []).filter((n) => Number.isInteger(n) && n >= 1 && n <= count);
  return [...new Set(valid)].sort((a, b) => a - b);
}

/** Drops surrounding whitespace and one ```json … ``` (or bare ```) fence around the whole reply. */
export function unfence(reply: string): string {
  const text = reply.trim();
  const fenced = /^```[a-zA-Z]*[ \t]*\r?\n([\s\S]*?)\r?\n?[ \t]*```$/.exec(text);
  return (fenced?.[1] ?? text).trim();
}

/** The reply read as JSON of `schema`'s shape (bounded in length, one code fence allowed), or why it is not. */
export function readJsonReply<T>(
  reply: string,
  schema: z.ZodType<T>,
): { ok: true; data: T } | { ok: false; error: string } {
  if (reply.length > REPLY_LIMIT) return { ok: false, error: `reply longer than ${REPLY_LIMIT} characters` };
  let json: unknown;
  try {
    json = JSON.parse(unfence(reply));
  } catch {
    return { ok: false, error: 'reply is not JSON' };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: `reply does not match: ${issue?.path.join('.') || '(root)'} ${issue?.message}` };
}

export type ReadResult = { ok: true; verdict: JudgeVerdict } | { ok: false; error: string };

/**
 * Reads the model's reply. With Brand Truth (`statements` > 0) the drift and its reason are required; without it
 * they are ignored (drift needs Brand Truth) and may be null or absent. The statements a drift concerns are
 * optional: out-of-range numbers are dropped, and a verdict without drift names none.
 */
export function readVerdict(reply: string, statements: number): ReadResult {
  const parsed = readJsonReply(reply, Reply);
  if (!parsed.ok) return parsed;
  const { sentiment, sentimentReason, narrativeDrift, narrativeDriftReason, driftStatements } = parsed.data;
  if (statements <= 0) {
    return {
      ok: true,
      verdict: {
        sentiment,
        sentimentReason,
        narrativeDrift: null,
        narrativeDriftReason: null,
        driftStatements: [],
      },
    };
  }
  if (narrativeDrift == null || narrativeDriftReason == null) {
    return {
      ok: false,
      error: 'reply has no narrativeDrift or narrativeDriftReason, though Brand Truth was given',
    };
  }
  const concerned = narrativeDrift === 'no' ? [] : statementNumbers(driftStatements, statements);
  return {
    ok: true,
    verdict: { sentiment, sentimentReason, narrativeDrift, narrativeDriftReason, driftStatements: concerned },
  };
}
