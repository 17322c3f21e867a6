/**
 * What one HTML page says to a crawler, read with htmlparser2 (a forgiving parser: real sites' HTML is rarely
 * valid): title, meta description, first heading, language, canonical, the words a reader sees without JavaScript,
 * robots directives (meta and X-Robots-Tag), JSON-LD, and the links to follow.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { CRAWLER_TOKEN } from '../../../server/contract/site-crawl.ts';
import { normalizeUrl } from './scope.ts';
import { readStructuredData, type StructuredData } from './structured-data.ts';

type Document = ReturnType<typeof parseDocument>;
type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

export interface PageFacts {
  title: string | null;
  description: string | null;
  h1: string | null;
  lang: string | null;
  canonical: string | null;
  words: number;
  /** The words a reader sees without JavaScript, on one line (whitespace collapsed). */
  text: string;
  noindex: boolean;
  nosnippet: boolean;
  structured: StructuredData;
  /** Absolute links without a fragment, in page order, once each; `rel=nofollow` links left out. */
  links: string[];
}

/** Text that no reader sees as the page's words. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'object']);

function clean(text: string | undefined | null, max: number): string | null {
  if (text === undefined || text === null) return null;
  const one = text.replace(/\s+/g, ' ').trim();
  return one === '' ? null : one.slice(0, max);
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Words as a reader counts them, in any script (Intl.Segmenter: CJK text has no spaces). */
export function countWords(text: string): number {
  let words = 0;
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) words += 1;
  return words;
}

function visibleText(doc: Document): string {
  const parts: string[] = [];
  const walk = (nodes: Document['children']): void => {
    for (const node of nodes) {
      if (DomUtils.isText(node)) parts.push(node.data);
      else if (DomUtils.isTag(node) && !HIDDEN.has(node.name)) {
        walk(node.children);
        parts.push(' ');
      }
    }
  };
  walk(doc.children);
  return parts.join('');
}

function first(doc: Document, tag: string): Element | undefined {
  return DomUtils.getElementsByTagName(tag, doc, true, 1)[0];
}

/** An SVG's <title> is an image's caption, not the page's. */
function inSvg(el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) if (DomUtils.isTag(p) && p.name === 'svg') return true;
  return false;
}

function metaContent(doc: Document, names: readonly string[]): string[] {
  return DomUtils.getElementsByTagName('meta', doc, true)
    .filter((m) => names.includes((m.attribs.name ?? '').trim().toLowerCase()))
    .map((m) => m.attribs.content ?? '');
}

/**
 * The directives that apply to every agent or to ours. An X-Robots-Tag value may name an agent first
 * (`googlebot: noindex`); a directive for another agent alone does not count.
 */
export function robotsDirectives(metas: readonly string[], headerValues: readonly string[]): Set<string> {
  const directives = new Set<string>();
  const add = (list: string) => {
    for (const d of list.split(',')) directives.add(d.trim().toLowerCase());
  };
  for (const meta of metas) add(meta);
  for (const header of headerValues) {
    // One header may carry several groups: "googlebot: noindex, otherbot: nofollow".
    let agent: string | null = null;
    for (const part of header.split(',')) {
      const named = /^\s*([a-z0-9_-]+)\s*:\s*(.*)$/i.exec(part);
      const known =
        named && !/^(unavailable_after|max-snippet|max-image-preview|max-video-preview)$/i.test(named[1]!);
      if (known) agent = named[1]!.toLowerCase();
      const directive = (known ? named[2]! : part).trim().toLowerCase();
      if (agent === null || agent === CRAWLER_TOKEN.toLowerCase()) directives.add(directive);
    }
  }
  return directives;
}

function parse(html: string): Document {
  return parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
}

function titleOf(doc: Document): string | null {
  const titleEl = DomUtils.getElementsByTagName('title', doc, true).find((t) => !inSvg(t));
  return titleEl ? clean(DomUtils.textContent(titleEl), 500) : null;
}

/** The title alone: all that is read of an error page, the rest of which is not the page asked for. */
export function readTitle(html: string): string | null {
  return titleOf(parse(html));
}

/** Reads an HTML page fetched from `url`; `xRobotsTag` is the header's value, if any. */
export function readPage(html: string, url: string, xRobotsTag: string | null): PageFacts {
  const doc = parse(html);
  const baseHref = first(doc, 'base')?.attribs.href;
  const base = (baseHref && normalizeUrl(baseHref, url)) || url;
  const directives = robotsDirectives(
    metaContent(doc, ['robots', CRAWLER_TOKEN.toLowerCase()]),
    xRobotsTag ? [xRobotsTag] : [],
  );
  const canonicalLink = DomUtils.getElementsByTagName('link', doc, true).find((l) =>
    (l.attribs.rel ?? '').toLowerCase().split(/\s+/).includes('canonical'),
  );
  const links: string[] = [];
  const seen = new Set<string>();
  for (const a of DomUtils.getElementsByTagName((name) => name === 'a' || name === 'area', doc, true)) {
    if ((a.attribs.rel ?? '').toLowerCase().split(/\s+/).includes('nofollow')) continue;
    const href = a.attribs.href ? normalizeUrl(a.attribs.href, base) : null;
    if (href && !seen.has(href)) {
      seen.add(href);
      links.push(href);
    }
  }
  const jsonLd = DomUtils.getElementsByTagName('script', doc, true)
    .filter((s) => (s.attribs.type ?? '').trim().toLowerCase() === 'application/ld+json')
    .map((s) => DomUtils.textContent(s));
  const h1 = first(doc, 'h1');
  const htmlEl = first(doc, 'html');
  const text = visibleText(doc);
  return {
    title: titleOf(doc),
    description: clean(metaContent(doc, ['description'])[0], 1000),
    h1: h1 ? clean(DomUtils.textContent(h1), 500) : null,
    lang: clean(htmlEl?.attribs.lang, 40),
    canonical: canonicalLink?.attribs.href ? normalizeUrl(canonicalLink.attribs.href, base) : null,
    words: countWords(text),
    text: text.replace(/\s+/g, ' ').trim(),
    noindex: directives.has('noindex') || directives.has('none'),
    nosnippet: directives.has('nosnippet'),
    structured: readStructuredData(jsonLd),
    links,
  };
}
