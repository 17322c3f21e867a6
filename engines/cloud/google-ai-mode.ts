/**
 * Google AI Mode through SerpApi (engine google_ai_mode). The answer comes as text blocks (paragraphs,
 * headings, lists, tables, code), which we render as plain text with list items as "- " lines. Sources are the
 * pages the answer itself links (`snippet_links`, in paragraphs, list items and table cells, in text order),
 * then the references in their index order: references are often only `google.com/searchviewer` pages, while
 * the links name the sites themselves, so a brand named and linked in the answer is cited.
 *
 * Local-business cards arrive with their buttons' labels glued in front of the snippet ("LlamarCómo
 * llegarSitio webDestacado por…", "CallDirectionsWebsite…"): interface words, never answer text, so they go.
 * SerpApi sometimes repeats a card as two identical blocks in a row: it is shown once.
 *
 * SerpApi reports errors as `{"error": "..."}`: with a 4xx/5xx status they follow the status rules (its 429
 * "run out of searches" is fatal), with a 200 they mean Google showed no AI answer for this query this time,
 * which is retryable `no_answer`: AI Mode answers most queries on a later sample.
 */
import { EngineError, type AnswerEngine, type AskOptions } from '../types.ts';
import { finishAnswer, SourceList } from './answer.ts';
import type { VendorErrorRule } from './errors.ts';
import { callJson } from './http.ts';
import { arr, obj, objects, str, type JsonObject } from './json.ts';

const ID = 'google-ai-mode';

export interface SerpApiSettings {
  apiKey: string;
  baseUrl: string;
}

const serpApiErrorRule: VendorErrorRule = (status, body) =>
  status === 429 && /run out of searches/i.test(str(body?.error) ?? '')
    ? { kind: 'fatal', code: 'insufficient_quota' }
    : undefined;

/** The action buttons of Google's place cards, in the languages AI Mode answers in most. */
const CARD_BUTTONS = [
  ...['Call', 'Directions', 'Website', 'Menu', 'Order', 'Reserve', 'Book online', 'Save', 'Share'],
  ...['Llamar', 'Cómo llegar', 'Sitio web', 'Reservar', 'Pedir', 'Guardar', 'Compartir'],
  ...['Ligar', 'Rotas', 'Site', 'Appeler', 'Itinéraire', 'Site Web', 'Anrufen', 'Route', 'Chiama'],
  ...['Indicazioni', 'Sito web', 'Bellen', 'Routebeschrijving'],
].sort((a, b) => b.length - a.length);
const escaped = CARD_BUTTONS.map((label) => label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
/**
 * Two or more labels glued together at the start: a snippet that merely starts with such a word ("Website
 * builders…", "SharePoint…") keeps it.
 */
const GLUED_BUTTONS = new RegExp(`^(?:${escaped}){2,}`);

function snippetText(value: unknown): string {
  return (str(value) ?? '').replace(GLUED_BUTTONS, '');
}

function listLines(items: unknown, depth: number): string[] {
  return objects(items).flatMap((item) => {
    const title = str(item.title);
    const snippet = snippetText(item.snippet);
    const line = `${'  '.repeat(depth)}- ${title && snippet ? `${title}: ${snippet}` : (title ?? snippet)}`;
    return [line, ...listLines(item.list, depth + 1)];
  });
}

function tableText(rows: unknown): string {
  return arr(rows)
    .map((row) =>
      arr(row)
        .map((cell) => str(cell) ?? str(obj(cell)?.snippet) ?? '')
        .join(' | '),
    )
    .join('\n');
}

function blockText(block: JsonObject): string {
  if (block.list !== undefined) {
    return [snippetText(block.snippet), ...listLines(block.list, 0)].filter(Boolean).join('\n');
  }
  if (block.table !== undefined) return tableText(block.table);
  return block.snippet !== undefined ? snippetText(block.snippet) : (str(block.code) ?? '');
}

/** Two consecutive blocks with the same content are one card shown twice. */
function withoutRepeats(blocks: JsonObject[]): JsonObject[] {
  return blocks.filter((block, i) => i === 0 || JSON.stringify(block) !== JSON.stringify(blocks[i - 1]));
}

/** Every `snippet_links` entry, depth first in text order: blocks, list items, nested lists, table cells. */
function snippetLinks(value: unknown): JsonObject[] {
  if (Array.isArray(value)) return value.flatMap(snippetLinks);
  const item = obj(value);
  if (!item) return [];
  return [...objects(item.snippet_links), ...snippetLinks(item.list), ...snippetLinks(item.table)];
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
      const blocks = withoutRepeats(objects(res.text_blocks));
      const text = blocks
        .map(blockText)
        .filter((t) => t.trim() !== '')
        .join('\n\n');
      if (text === '') throw noAnswer('no text blocks');
      const sources = new SourceList();
      for (const link of snippetLinks(blocks)) sources.add(link.link, link.text);
      const references = objects(res.references).sort((a, b) => order(a.index) - order(b.index));
      for (const ref of references) sources.add(ref.link, ref.title);
      return finishAnswer(ID, text, sources.list(), null);
    },
  };
}
