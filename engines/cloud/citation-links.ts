/**
 * The Responses API's web search (OpenAI, Azure OpenAI, xAI) writes each citation into the text as a markdown link
 * as well as giving it as a url_citation annotation: `([site](url))` after a claim, a plain `[The Straits Times](url)`
 * after the sentence (Azure OpenAI and newer models), or a numbered `[3](url)` / `[[3]](url)` (xAI, whose sources
 * may sit only in its top-level `citations`). The link is a source, not words of the answer: left in, its label would
 * count as the answer naming that site. Removed here where the annotation's span (character offsets into its
 * output_text) holds that link and nothing else, and otherwise by the link's URL being an annotated one (a numbered
 * link always). A span over more than a link (the sentence or paragraph the source supports) is the claim, not the
 * citation: the text stays whole and only the citation links in it go. A link to an annotated URL that is part of a
 * sentence (not after one) stays, since there it carries words.
 */
import { normaliseUrl } from '../scoring/urls.ts';
import { LINK_TARGET } from './answer.ts';
import { str, type JsonObject } from './json.ts';
import type { OutputText, ResponsesText } from './responses.ts';

const key = (url: string) => normaliseUrl(url) ?? url;

/** A label that names a site or a page, or numbers a source (`[3]`, xAI's `[[3]]`). */
const LINK_LABEL = /^\[(?:\[\d{1,3}\]|[^[\]\n]*)$/;

/** Whether `inside` is one link to `url`, maybe in parentheses, with nothing else but blanks. */
function isCitationLink(inside: string, url: string): boolean {
  const t = inside.trim();
  const link = t.startsWith('([') && t.endsWith(')') ? t.slice(1, -1) : t;
  const target = `](${url})`;
  return link.endsWith(target) && LINK_LABEL.test(link.slice(0, -target.length));
}

/** Annotated spans that are a citation link to their URL, widened to wrapping parentheses and the blank before. */
function citationSpans(text: string, annotations: JsonObject[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const a of annotations) {
    const url = str(a.url);
    if (
      a.type !== 'url_citation' ||
      !url ||
      !Number.isInteger(a.start_index) ||
      !Number.isInteger(a.end_index)
    ) {
      continue;
    }
    let s = a.start_index as number;
    let e = a.end_index as number;
    if (s < 0 || e > text.length || s >= e) continue;
    const inside = text.slice(s, e);
    // Offsets that hold more than the link (the claim it supports) or less (counted in other units, a text edited
    // since) are not cut by: the links in them go by their URL below.
    if (!isCitationLink(inside, url)) continue;
    s += inside.length - inside.trimStart().length;
    e -= inside.length - inside.trimEnd().length;
    if (text[s] === '[' && text[s - 1] === '(' && text[e] === ')') [s, e] = [s - 1, e + 1];
    while (s > 0 && (text[s - 1] === ' ' || text[s - 1] === '\t')) s--;
    spans.push([s, e]);
  }
  return spans.sort((x, y) => x[0] - y[0]);
}

function cut(text: string, spans: [number, number][]): string {
  let out = '';
  let done = 0;
  for (const [s, e] of spans) {
    if (e <= done) continue;
    out += text.slice(done, Math.max(s, done));
    done = e;
  }
  return out + text.slice(done);
}

const PARENTHESISED = new RegExp(String.raw`[ \t]*\(\[[^\]\n]*\]\((${LINK_TARGET})\)\)`, 'g');
/** `[3](url)` or xAI's `[[3]](url)`, to whatever URL: a number is never words of the answer. */
const NUMBERED = new RegExp(String.raw`[ \t]*\[\[?\d{1,3}\]?\]\(${LINK_TARGET}\)`, 'g');
/** A plain link right after a sentence's end, itself followed by the line's end or another link. */
const AFTER_SENTENCE = new RegExp(
  String.raw`([.!?…]["'”’)\]]?)[ \t]*\[[^\]\n]+\]\((${LINK_TARGET})\)(?=[ \t]*(?:$|\n|\(?\[))`,
  'gm',
);

function withoutLinksTo(text: string, cited: ReadonlySet<string>): string {
  let out = text
    .replace(PARENTHESISED, (whole: string, url: string) => (cited.has(key(url)) ? '' : whole))
    .replace(NUMBERED, '');
  // Citations can follow each other ("… U.S. [A](a) [B](b)"): each pass removes the one after the sentence.
  for (let pass = 0; pass < 8; pass++) {
    const next = out.replace(AFTER_SENTENCE, (whole: string, end: string, url: string) =>
      cited.has(key(url)) ? end : whole,
    );
    if (next === out) break;
    out = next;
  }
  return out;
}

function partText(part: OutputText, cited: ReadonlySet<string>): string {
  return withoutLinksTo(cut(part.text, citationSpans(part.text, part.annotations)), cited);
}

/** The answer's text without its citation links (a refusal has none). */
export function textWithoutCitationLinks(read: ResponsesText): string {
  if (read.parts.length === 0) return read.text;
  const cited = new Set(
    read.annotations
      .filter((a) => a.type === 'url_citation')
      .flatMap((a) => str(a.url) ?? [])
      .map(key),
  );
  return read.parts.map((part) => partText(part, cited)).join('');
}
