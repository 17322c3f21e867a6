/**
 * Google AI Mode through SerpApi (engine google_ai_mode). The answer comes as text blocks (paragraphs,
 * headings, lists, tables, code), which we render as plain text with list items as "- " lines; sources are
 * the references, in their index order.
 *
 * SerpApi reports errors as `{"error": "..."}`: with a 4xx/5xx status they follow the status rules (its 429
 * "run out of searches" is fatal), with a 200 they mean Google showed no AI answer for this query this time,
 * which is retryable `no_answer`: AI Mode answers most queries on a later sample.
 */
import { EngineError, type AnswerEngine, type AskOptions } from '../types.ts';
import { finishAnswer, SourceList } from './answer.ts';
import type { VendorErrorRule } from './errors.ts';
import { callJson } from './http.ts';
import { arr, objects, str, type JsonObject } from './json.ts';

const ID = 'google-ai-mode';

export interface SerpApiSettings {
  apiKey: string;
  baseUrl: string;
}

const serpApiErrorRule: VendorErrorRule = (status, body) =>
  status === 429 && /run out of searches/i.test(str(body?.error) ?? '')
    ? { kind: 'fatal', code: 'insufficient_quota' }
    : undefined;

function listLines(items: unknown, depth: number): string[] {
  return objects(items).flatMap((item) => {
    const title = str(item.title);
    const snippet = str(item.snippet) ?? '';
    const line = `${'  '.repeat(depth)}- ${title && snippet ? `${title}: ${snippet}` : (title ?? snippet)}`;
    return [line, ...listLines(item.list, depth + 1)];
  });
}

function tableText(rows: unknown): string {
  return arr(rows)
    .map((row) =>
      arr(row)
        .map((cell) => str(cell) ?? '')
        .join(' | '),
    )
    .join('\n');
}

function blockText(block: JsonObject): string {
  if (block.list !== undefined) {
    return [str(block.snippet), ...listLines(block.list, 0)].filter(Boolean).join('\n');
  }
  if (block.table !== undefined) return tableText(block.table);
  return str(block.snippet) ?? str(block.code) ?? '';
}

function order(index: unknown): number {
  return typeof index === 'number' ? index : Number.MAX_SAFE_INTEGER;
}

function noAnswer(why: string): EngineError {
  return new EngineError(ID, 'retryable', 'no_answer', `${ID}: ${why}`, { status: 200 });
}

export function createGoogleAiMode(settings: SerpApiSettings): AnswerEngine {
  return {
    id: ID,
    async ask(prompt: string, options: AskOptions = {}) {
      const query = new URLSearchParams({ engine: 'google_ai_mode', q: prompt, api_key: settings.apiKey });
      const res = await callJson({
        engineId: ID,
        method: 'GET',
        url: `${settings.baseUrl}/search.json?${query}`,
        signal: options.signal,
        secrets: [settings.apiKey],
        errorRule: serpApiErrorRule,
      });
      const error = str(res.error);
      if (error !== undefined) throw noAnswer(error);
      const text = objects(res.text_blocks)
        .map(blockText)
        .filter((t) => t.trim() !== '')
        .join('\n\n');
      if (text === '') throw noAnswer('no text blocks');
      const sources = new SourceList();
      const references = objects(res.references).sort((a, b) => order(a.index) - order(b.index));
      for (const ref of references) sources.add(ref.link, ref.title);
      return finishAnswer(ID, text, sources.list(), null);
    },
  };
}
