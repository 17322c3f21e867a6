import type { z } from 'zod';
import { engineLabel } from '../../engines/catalog.ts';
import type { Answer } from '../contract/results.ts';
import { fromJson } from '../store/json.ts';
import type { AnswerRow, CompetitorHit } from '../store/repositories/answers.ts';
import { setNames, topicLabelOf, type CompetitorSets } from './answer-view.ts';
import { JsonText } from './json-text.ts';

/**
 * The GET /answers page rendered straight to JSON text. A page holds up to 200 answers of up to 50 competitors
 * each; building those objects and serialising them again dominated the request, so the text is assembled
 * from escaped scalars, the stored source URL list and per-set prebuilt competitor entries. It equals what
 * answer-view's objects serialise to, field for field and in the contract's order (the unit test holds it
 * to that).
 */

export interface AnswerPageShape {
  data: z.output<typeof Answer>[];
  nextCursor: string | null;
}

/**
 * Per competitor set: each name as a JSON string, and the entries of the whole list with no hits joined by
 * commas, with where each entry starts and ends in that text. An answer's list is that text with only its hit
 * entries replaced: a few slices, however long the list.
 */
interface SetFragments {
  names: string[];
  noHits: string;
  starts: number[];
  ends: number[];
}

/**
 * Set ids are hashes of the names, so an id always means the same list, in any project or database, and a
 * cached entry never goes stale. Bounded because every distinct list ever shown would otherwise stay.
 */
const SET_CACHE_LIMIT = 1_000;
const setCache = new Map<string, SetFragments>();

function fragmentsOf(sets: CompetitorSets, setId: string): SetFragments {
  const cached = setCache.get(setId);
  if (cached) return cached;
  const names = setNames(sets, setId).map((name) => JSON.stringify(name));
  const starts: number[] = [];
  const ends: number[] = [];
  let noHits = '[';
  names.forEach((name, i) => {
    if (i > 0) noHits += ',';
    starts.push(noHits.length);
    noHits += `{"name":${name},"mentioned":false,"cited":false,"citationUrl":null}`;
    ends.push(noHits.length);
  });
  const fragments = { names, noHits: `${noHits}]`, starts, ends };
  // Drop the entry cached first: a Map iterates in insertion order.
  const oldest = setCache.size >= SET_CACHE_LIMIT ? setCache.keys().next().value : undefined;
  if (oldest !== undefined) setCache.delete(oldest);
  setCache.set(setId, fragments);
  return fragments;
}

/** Every text value goes through JSON.stringify: answer text, names and labels are untrusted. */
const str = (value: string | null): string => (value === null ? 'null' : JSON.stringify(value));

function competitorsJson(r: AnswerRow, sets: CompetitorSets): string {
  if (r.competitor_set === null) return '[]';
  const set = fragmentsOf(sets, r.competitor_set);
  if (r.competitor_hits === '[]') return set.noHits;
  let json = '';
  let copied = 0;
  // Hits are stored in index order, so the default text between them is copied once, front to back.
  for (const [i, mentioned, cited, citationUrl] of fromJson<CompetitorHit[]>(r.competitor_hits)) {
    const name = set.names[i];
    // A hit outside the set names nobody; the object view leaves it out the same way.
    if (name === undefined) continue;
    json +=
      set.noHits.slice(copied, set.starts[i]) +
      `{"name":${name},"mentioned":${mentioned === 1},"cited":${cited === 1},"citationUrl":${str(citationUrl)}}`;
    copied = set.ends[i]!;
  }
  return json + set.noHits.slice(copied);
}

function answerJson(r: AnswerRow, topicLabels: ReadonlyMap<string, string>, sets: CompetitorSets): string {
  return (
    `{"id":${str(r.id)},"runId":${str(r.run_id)},"promptId":${str(r.prompt_id)},` +
    `"promptText":${str(r.prompt_text)},"topicId":${str(r.topic_id)},` +
    `"topicLabel":${str(topicLabelOf(r, topicLabels))},"engineId":${str(r.engine_id)},` +
    `"engineLabel":${str(engineLabel(r.engine_id))},"observedAt":${str(r.observed_at)},"date":${str(r.date)},` +
    `"mentioned":${r.mentioned === 1},"cited":${r.cited === 1},"citationUrl":${str(r.citation_url)},` +
    `"position":${r.position === null ? 'null' : String(r.position)},"sentiment":${str(r.sentiment)},` +
    `"excerpt":${str(r.excerpt)},"competitors":${competitorsJson(r, sets)},` +
    // Spliced as stored: the import wrote it with JSON.stringify.
    `"sourceUrls":${r.source_urls}}`
  );
}

/** The `{data, nextCursor}` page body; `sets` holds the names of every set the rows were scored against. */
export function renderAnswerPage(
  rows: readonly AnswerRow[],
  topicLabels: ReadonlyMap<string, string>,
  sets: CompetitorSets,
  nextCursor: string | null,
): JsonText<AnswerPageShape> {
  // One string grown by appending: V8 copies it flat once when it is sent, where joining an array of the
  // answers' texts would flatten each of them first (measured: about 40% slower for a page).
  let text = '{"data":[';
  rows.forEach((r, i) => {
    text += (i === 0 ? '' : ',') + answerJson(r, topicLabels, sets);
  });
  return new JsonText(`${text}],"nextCursor":${str(nextCursor)}}`);
}
