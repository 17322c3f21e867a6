/**
 * CSV as RFC 4180 writes it (comma, CRLF, quotes doubled), with the formula-injection guard spreadsheets need:
 * a text cell that starts with = + - @ (or a tab or carriage return), even after leading blanks, is prefixed
 * with a single quote so Excel, LibreOffice and Google Sheets show it as text instead of running it.
 */
import type { Answer, DailyStat } from './types.ts';

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^\s*[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** The text a spreadsheet will not read as a formula. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One cell: numbers and booleans as written, text guarded then quoted when it has to be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = guardFormula(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',');
}

/** A whole file: the header row, then one row per record, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [csvRow(header)];
  for (const row of rows) lines.push(csvRow(row));
  return `${lines.join('\r\n')}\r\n`;
}

export const ANSWER_COLUMNS = [
  'id',
  'date',
  'observedAt',
  'engineId',
  'engineLabel',
  'runId',
  'promptId',
  'promptText',
  'topicId',
  'topicLabel',
  'mentioned',
  'cited',
  'citationUrl',
  'position',
  'sentiment',
  'excerpt',
  'competitorsMentioned',
  'competitorsCited',
  'sourceUrls',
] as const;

export function answerRow(a: Answer): CsvValue[] {
  return [
    a.id,
    a.date,
    a.observedAt,
    a.engineId,
    a.engineLabel,
    a.runId,
    a.promptId,
    a.promptText,
    a.topicId,
    a.topicLabel,
    a.mentioned,
    a.cited,
    a.citationUrl,
    a.position,
    a.sentiment,
    a.excerpt,
    a.competitors
      .filter((c) => c.mentioned)
      .map((c) => c.name)
      .join('; '),
    a.competitors
      .filter((c) => c.cited)
      .map((c) => c.name)
      .join('; '),
    a.sourceUrls.join(' '),
  ];
}

export function answersCsv(answers: Iterable<Answer>): string {
  const rows: CsvValue[][] = [];
  for (const a of answers) rows.push(answerRow(a));
  return toCsv(ANSWER_COLUMNS, rows);
}

export const DAILY_COLUMNS = [
  'date',
  'engineId',
  'answers',
  'mentioned',
  'cited',
  'mentionRate',
  'citationRate',
] as const;

export function dailyCsv(rows: Iterable<DailyStat>): string {
  const out: CsvValue[][] = [];
  for (const r of rows) {
    out.push([r.date, r.engineId, r.answers, r.mentioned, r.cited, r.mentionRate, r.citationRate]);
  }
  return toCsv(DAILY_COLUMNS, out);
}
