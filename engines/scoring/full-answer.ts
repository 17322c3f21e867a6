/** The stored copy of an answer's text is capped; scoring always reads the whole text. */
export const FULL_ANSWER_LIMIT = 12_000;

/** Cuts `text` at the limit (one code unit earlier rather than split a surrogate pair). */
export function truncateAnswer(text: string): { fullAnswer: string; fullAnswerTruncated: boolean } {
  if (text.length <= FULL_ANSWER_LIMIT) return { fullAnswer: text, fullAnswerTruncated: false };
  const last = text.charCodeAt(FULL_ANSWER_LIMIT - 1);
  const cut = last >= 0xd800 && last <= 0xdbff ? FULL_ANSWER_LIMIT - 1 : FULL_ANSWER_LIMIT;
  return { fullAnswer: text.slice(0, cut), fullAnswerTruncated: true };
}
