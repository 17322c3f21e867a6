/**
 * The labelled evaluation set for the scorer: `set/*.answers` and `fresh/*.answers`, one project per file.
 * `fresh/` is a batch written and labelled after the rules of issue 16 were settled, before the scorer ran
 * on it: it is never tuned on, and its figures say how the rules generalise. A file starts with the
 * project (`project:`, `terms:`, `website:`, `domains:`, one `competitor: Name | domain, domain` a line), then
 * holds items, each opened by `=== <id> <engine>`, with its labels, its sources and, after a `---` line, the
 * answer text up to the next item:
 *
 *   order: Coda, Notion       the brand (as the project's name) and the competitors named, in the order of
 *                             their first mention; `-` when none is named
 *   sentiment: mixed | why    the label (DESIGN section 8) and a one-line reason for it
 *   source: URL | title       zero or more
 *
 * Labels follow the rules in DESIGN section 8, not what the scorer does. Lines starting with `#` before the
 * first item are comments.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrandProfile, CompetitorProfile, RawSource, Sentiment } from '../../engines/scoring/index.ts';

export interface EvalProject {
  file: string;
  brand: BrandProfile;
  competitors: CompetitorProfile[];
}

/**
 * Which part of the set an item is in: `set/` is split into a tuning part and a held-out part never looked
 * at while tuning (see heldOut); `fresh/` is its own part, written after the rules were settled.
 */
export type Part = 'tuning' | 'held-out' | 'fresh';

export interface EvalItem {
  id: string;
  engine: string;
  project: EvalProject;
  part: Part;
  text: string;
  sources: RawSource[];
  /** The brand (by the project's name) and the competitors named, in first-mention order. */
  order: string[];
  sentiment: Sentiment;
  why: string;
}

const SENTIMENTS: readonly Sentiment[] = ['positive', 'mixed', 'neutral', 'negative', 'not-applicable'];
export const SET_DIR = new URL('./set/', import.meta.url);
export const FRESH_DIR = new URL('./fresh/', import.meta.url);

/**
 * A third of the items are held out, chosen by a hash of the id (FNV-1a) so the choice was fixed before any
 * rule was tuned and nobody picked which items went where.
 */
export function heldOut(id: string): boolean {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return hash % 3 === 0;
}

class SetError extends Error {
  constructor(file: string, line: number, message: string) {
    super(`${file}:${line}: ${message}`);
  }
}

const list = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

function field(line: string): [string, string] | null {
  const match = /^([a-z]+):\s*(.*)$/.exec(line);
  return match ? [match[1]!, match[2]!.trim()] : null;
}

function parseProject(file: string, lines: string[]): EvalProject {
  const brand: BrandProfile = { name: '', websiteUrl: null, brandTerms: [], brandDomains: [] };
  const competitors: CompetitorProfile[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const kv = field(line);
    if (!kv) throw new SetError(file, i + 1, `expected "key: value", got ${JSON.stringify(line)}`);
    const [key, value] = kv;
    if (key === 'project') brand.name = value;
    else if (key === 'terms') brand.brandTerms = list(value);
    else if (key === 'website') brand.websiteUrl = value;
    else if (key === 'domains') brand.brandDomains = list(value);
    else if (key === 'competitor') {
      const [name = '', domains = ''] = value.split('|');
      if (name.trim() === '') throw new SetError(file, i + 1, 'competitor without a name');
      competitors.push({ name: name.trim(), domains: list(domains) });
    } else throw new SetError(file, i + 1, `unknown project field "${key}"`);
  });
  if (brand.name === '') throw new SetError(file, 1, 'no "project:" line');
  return { file, brand, competitors };
}

function parseItem(project: EvalProject, lines: string[], at: number, fresh: boolean): EvalItem {
  const { file } = project;
  const header = /^=== (\S+) (\S+)$/.exec(lines[0]!);
  if (!header) throw new SetError(file, at, `bad item header ${JSON.stringify(lines[0])}`);
  const [, id, engine] = header as unknown as [string, string, string];
  const split = lines.indexOf('---');
  if (split === -1) throw new SetError(file, at, `item ${id} has no "---" line before its text`);
  const item: Partial<EvalItem> & { sources: RawSource[] } = { id, engine, sources: [] };
  const known = new Set([project.brand.name, ...project.competitors.map((c) => c.name)]);
  lines.slice(1, split).forEach((line, i) => {
    const kv = field(line);
    if (!kv) throw new SetError(file, at + 1 + i, `expected a label line, got ${JSON.stringify(line)}`);
    const [key, value] = kv;
    if (key === 'order') {
      item.order = value === '-' ? [] : list(value);
      const unknown = item.order.filter((name) => !known.has(name));
      if (unknown.length > 0)
        throw new SetError(file, at + 1 + i, `unknown names in order: ${unknown.join(', ')}`);
      if (new Set(item.order).size !== item.order.length) {
        throw new SetError(file, at + 1 + i, 'a name appears twice in order');
      }
    } else if (key === 'sentiment') {
      const [label = '', why = ''] = value.split('|').map((part) => part.trim());
      if (!SENTIMENTS.includes(label as Sentiment)) {
        throw new SetError(file, at + 1 + i, `sentiment must be one of ${SENTIMENTS.join(', ')}`);
      }
      if (why === '') throw new SetError(file, at + 1 + i, 'sentiment needs a reason after "|"');
      item.sentiment = label as Sentiment;
      item.why = why;
    } else if (key === 'source') {
      const [url = '', title = ''] = value.split(' | ');
      item.sources.push({ url: url.trim(), title: title.trim() || null });
    } else throw new SetError(file, at + 1 + i, `unknown label "${key}"`);
  });
  if (!item.order) throw new SetError(file, at, `item ${id} has no "order:" label`);
  if (!item.sentiment) throw new SetError(file, at, `item ${id} has no "sentiment:" label`);
  const named = item.order.includes(project.brand.name);
  if (named === (item.sentiment === 'not-applicable')) {
    throw new SetError(
      file,
      at,
      `item ${id}: sentiment is not-applicable exactly when the brand is not named`,
    );
  }
  const text = lines
    .slice(split + 1)
    .join('\n')
    .replace(/\n+$/, '');
  if (text.trim() === '') throw new SetError(file, at, `item ${id} has no answer text`);
  const part: Part = fresh ? 'fresh' : heldOut(id) ? 'held-out' : 'tuning';
  return { ...(item as Omit<EvalItem, 'project' | 'part' | 'text'>), project, part, text };
}

/** The items of one file; `fresh` for a file of the fresh batch. */
export function parseSetFile(file: string, content: string, fresh = false): EvalItem[] {
  const lines = content.replace(/\r\n/g, '\n').split('\n');
  const starts = lines.flatMap((line, i) => (line.startsWith('=== ') ? [i] : []));
  const project = parseProject(file, lines.slice(0, starts[0] ?? lines.length));
  return starts.map((start, k) =>
    parseItem(project, lines.slice(start, starts[k + 1] ?? lines.length), start + 1, fresh),
  );
}

function loadDir(dir: URL, fresh: boolean): EvalItem[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.answers'))
    .sort();
  return files.flatMap((name) => parseSetFile(name, readFileSync(join(dir.pathname, name), 'utf8'), fresh));
}

/** Every item of every file in the set and the fresh batch, ids checked to be unique. */
export function loadEvalSet(dir: URL = SET_DIR, freshDir: URL = FRESH_DIR): EvalItem[] {
  const items = [...loadDir(dir, false), ...loadDir(freshDir, true)];
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.id)) throw new Error(`${item.project.file}: duplicate item id ${item.id}`);
    seen.add(item.id);
  }
  return items;
}
