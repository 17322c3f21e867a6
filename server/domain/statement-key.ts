import { createHash } from 'node:crypto';

/**
 * The key a Brand Truth statement's drift figures are kept under: its text, normalised (Unicode compatibility form,
 * case, runs of blanks, surrounding blanks and closing punctuation) and hashed. People edit statements: an edit
 * that changes the words gives another key, so the edited statement starts with no figures, and a statement
 * deleted from the Brand Truth is never looked up again.
 */
export function statementKey(statement: string): string {
  const text = statement
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[\s.!?;:,]+$/u, '');
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}
