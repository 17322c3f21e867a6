/**
 * Brand Truth: the statements a brand holds true about itself, which the LLM judge compares answers with
 * (narrative drift). Read from a file, either a JSON array of strings or plain text with one statement a line.
 */
import type { Store } from '../store/index.ts';
import type { Clock } from './clock.ts';
import { AppError, invalid } from './errors.ts';

export const MAX_STATEMENTS = 100;
export const MAX_STATEMENT_CHARS = 500;
/** Far above 100 statements of 500 characters with comments; anything larger is not a Brand Truth file. */
export const MAX_FILE_BYTES = 1_000_000;

export interface ParsedBrandTruth {
  statements: string[];
  /** Statements left out because an earlier one says the same, ignoring case. */
  duplicatesDropped: number;
}

export interface BrandTruth {
  projectId: string;
  /** Empty when the project has no Brand Truth. */
  statements: string[];
  /** null when the project has no Brand Truth. */
  updatedAt: string | null;
}

interface Item {
  value: unknown;
  /** Where the item is, for messages: "line 4" or "line 4 (item 3)". */
  where: string;
}

// Control characters other than tab would be invisible in a statement; line breaks cannot occur in a line.
const CONTROL = /(?!\t)\p{Cc}/u;
const charCount = (text: string): number => [...text].length;
/** Two statements that differ only in case and spacing are the same statement. */
export const dedupeKey = (text: string): string => text.normalize('NFC').replace(/\s+/gu, ' ').toLowerCase();

/** Checks and tidies the statements: trimmed, 1 to 500 characters, case-insensitive duplicates dropped, 1 to 100. */
function checkItems(items: readonly Item[], emptyMessage: string): ParsedBrandTruth {
  const seen = new Set<string>();
  const statements: string[] = [];
  let duplicatesDropped = 0;
  for (const { value, where } of items) {
    if (typeof value !== 'string') {
      throw invalid(`${where}: a statement must be a string, got ${value === null ? 'null' : typeof value}`);
    }
    const text = value.trim();
    if (text === '') throw invalid(`${where}: the statement is empty`);
    if (/[\r\n\u2028\u2029]/u.test(text)) throw invalid(`${where}: a statement must be one line`);
    if (CONTROL.test(text)) throw invalid(`${where}: the statement contains a control character`);
    const length = charCount(text);
    if (length > MAX_STATEMENT_CHARS) {
      throw invalid(
        `${where}: the statement has ${length} characters; at most ${MAX_STATEMENT_CHARS} are allowed`,
      );
    }
    const key = dedupeKey(text);
    if (seen.has(key)) {
      duplicatesDropped++;
      continue;
    }
    seen.add(key);
    statements.push(text);
  }
  if (statements.length === 0) throw invalid(emptyMessage);
  if (statements.length > MAX_STATEMENTS) {
    throw invalid(`${statements.length} statements; a Brand Truth holds at most ${MAX_STATEMENTS}`);
  }
  return { statements, duplicatesDropped };
}

/** 1-based line of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Offsets where each element of a top-level JSON array starts; `text` is known to be a valid JSON array. */
function elementOffsets(text: string): number[] {
  const offsets: number[] = [];
  let depth = 0;
  let expectElement = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') {
      if (depth === 1 && expectElement) offsets.push(i);
      expectElement = false;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '[' || c === '{') {
      if (depth === 1 && expectElement) offsets.push(i);
      expectElement = false;
      depth++;
      if (depth === 1) expectElement = true;
    } else if (c === ']' || c === '}') {
      depth--;
    } else if (c === ',') {
      if (depth === 1) expectElement = true;
    } else if (!/\s/u.test(c) && depth === 1 && expectElement) {
      offsets.push(i); // a number, true, false or null
      expectElement = false;
    }
  }
  return offsets;
}

function parseJsonArray(text: string): ParsedBrandTruth {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const position = /at position (\d+)/.exec(message);
    const where = position ? `line ${lineAt(text, Number(position[1]))}: ` : '';
    throw invalid(
      `${where}the file starts with [ but is not a valid JSON array (${message}); ` +
        'a text file must not start with [',
    );
  }
  if (!Array.isArray(json)) throw invalid('the file must be a JSON array of strings');
  const offsets = elementOffsets(text);
  const items = json.map((value: unknown, i) => {
    const offset = offsets[i];
    const item = `item ${i + 1}`;
    return { value, where: offset === undefined ? item : `line ${lineAt(text, offset)} (${item})` };
  });
  return checkItems(items, 'the JSON array holds no statements');
}

function parseLines(text: string): ParsedBrandTruth {
  const items: Item[] = [];
  text.split(/\r\n|\n|\r/u).forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    items.push({ value: trimmed, where: `line ${i + 1}` });
  });
  return checkItems(items, 'the file holds no statements, only blank lines and # comments');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a Brand Truth file: a JSON array of strings when its first character (after a UTF-8 byte order mark
 * and whitespace) is `[`, else one statement a line, with blank lines and lines starting with `#` ignored.
 * Throws invalid_parameter naming the line at fault.
 */
export function parseBrandTruthFile(content: string | Uint8Array): ParsedBrandTruth {
  let text: string;
  if (typeof content === 'string') {
    text = content;
  } else {
    if (content.byteLength > MAX_FILE_BYTES) {
      throw invalid(`the file has ${content.byteLength} bytes; at most ${MAX_FILE_BYTES} are allowed`);
    }
    try {
      text = utf8.decode(content);
    } catch {
      throw invalid('the file is not UTF-8 text');
    }
  }
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  return text.trimStart().startsWith('[') ? parseJsonArray(text) : parseLines(text);
}

/** The same rules for a list given directly (an API body, say); items are named "statement N". */
export function checkBrandTruthStatements(statements: readonly unknown[]): ParsedBrandTruth {
  return checkItems(
    statements.map((value, i) => ({ value, where: `statement ${i + 1}` })),
    'a Brand Truth needs at least one statement',
  );
}

async function requireProject(store: Store, projectId: string): Promise<void> {
  if (!(await store.projects.get(projectId))) throw new AppError('not_found', `No project ${projectId}.`);
}

export async function getBrandTruth(store: Store, projectId: string): Promise<BrandTruth> {
  await requireProject(store, projectId);
  const record = await store.brandTruths.get(projectId);
  return { projectId, statements: record?.statements ?? [], updatedAt: record?.updatedAt ?? null };
}

/** Replaces the project's Brand Truth; the statements are checked again, so any caller gets the same rules. */
export async function setBrandTruth(
  store: Store,
  clock: Clock,
  projectId: string,
  statements: readonly string[],
): Promise<BrandTruth & { duplicatesDropped: number }> {
  const checked = checkBrandTruthStatements(statements);
  await requireProject(store, projectId);
  const updatedAt = clock.now().toISOString();
  await store.brandTruths.set(projectId, checked.statements, updatedAt);
  return {
    projectId,
    statements: checked.statements,
    updatedAt,
    duplicatesDropped: checked.duplicatesDropped,
  };
}

export async function clearBrandTruth(
  store: Store,
  projectId: string,
): Promise<{ projectId: string; cleared: boolean }> {
  await requireProject(store, projectId);
  return { projectId, cleared: await store.brandTruths.clear(projectId) };
}
