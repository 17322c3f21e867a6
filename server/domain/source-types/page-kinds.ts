import type { z } from 'zod';
import type { PageKind } from '../../contract/source-types.ts';
import { hostOf } from '../../../engines/scoring/index.ts';

export type PageKindName = z.infer<typeof PageKind>;

interface Rule {
  kind: PageKindName;
  /** Tested on the host, lower case. */
  host?: RegExp;
  /** Tested on the decoded path and query, lower case, separators (`-`, `_`, `+`, `%20`) read as spaces. */
  path?: RegExp;
  /** Tested on the title, lower case. */
  title?: RegExp;
}

/**
 * Every rule, first match wins. The order is the point: a video or a thread is that whatever it is about; the host
 * and path come before the title, which is the engine's (often the site's name alone, or a headline that says
 * "pricing" or "how to" in passing); a comparison or a listicle says so in its path before its section does (a
 * "best CRMs" post lives under /blog/, a "vs" page under /reviews/); a docs host (docs., help., support.) beats
 * the words of a guide, which beat a docs or news section (`/docs/what-is-…` on a docs host, `/news/how-to-use-git`).
 */
export const PAGE_KIND_RULES: readonly Rule[] = [
  {
    kind: 'video',
    host: /(^|\.)(youtube\.com|youtu\.be|vimeo\.com|tiktok\.com|dailymotion\.com|twitch\.tv|loom\.com|wistia\.com)$/,
  },
  { kind: 'video', path: /(^|\/)(watch|shorts|videos?|webinars?)(\/|$|\?)/ },
  {
    kind: 'discussion',
    host: /(^|\.)(reddit\.com|quora\.com|stackexchange\.com|stackoverflow\.com|news\.ycombinator\.com|community\.[a-z0-9.-]+|forums?\.[a-z0-9.-]+|discourse\.[a-z0-9.-]+)$/,
  },
  {
    kind: 'discussion',
    path: /(^|\/)(threads?|topics?|questions?|discussions?|forums?|community|comments|t|item\?id=)(\/|$|=)|\/r\/[^/]+\/comments\//,
  },
  { kind: 'comparison', host: /(^|\.)(alternativeto\.net|saashub\.com|slant\.co|versus\.com)$/ },
  {
    kind: 'comparison',
    path: /(^| |\/)(vs|versus)( |\/|$)|(^|\/)(compare|comparison|alternatives?)( |\/|$)|\balternatives? (to|for)\b/,
  },
  {
    kind: 'listicle',
    path: /(^| |\/)(best|top \d+|top)( |\/)|(^| |\/)\d+ (best|top|great|essential)\b|(^|\/)(picks|best|lists?)(\/|$)/,
  },
  { kind: 'pricing', path: /(^|\/)(pricing|prices|plans|plans and pricing|price)(\/|$|\?|\.)/ },
  {
    kind: 'docs',
    host: /^(docs|developer|developers|dev|api|support|help|learn|kb|knowledge|manual|wiki)\.[a-z0-9.-]+$/,
  },
  {
    kind: 'guide',
    path: /(^| |\/)(how to|guides?|tutorials?|learn|getting started|step by step|tips|what is|ultimate guide|academy)( |\/|$)/,
  },
  {
    kind: 'docs',
    path: /(^|\/)(docs?|documentation|manual|reference|api|kb|knowledge base|knowledgebase|help|support|hc|faq|faqs)(\/|$)/,
  },
  {
    kind: 'review',
    path: /(^|\/)(reviews?|rating|ratings|testbericht|avis|test)(\/|$)|(^| )review( |\/|$|\.)/,
  },
  {
    kind: 'news',
    path: /(^|\/)(news|press|press releases?|newsroom|story|stories)(\/|$)|\/(19|20)\d\d\/(0?[1-9]|1[0-2])\//,
  },
  {
    kind: 'product',
    path: /(^|\/)(products?|features?|solutions?|platform|integrations?|apps?|dp|shop|store|software|tools?)(\/|$)/,
  },
  { kind: 'discussion', title: /^(ask hn|show hn)\b|: r\/[a-z0-9_]+$|\b(thread|forum)\b/ },
  { kind: 'comparison', title: /\b(vs\.?|versus)\b|\balternatives?\b|\bcompar(e|ed|ing|ison)\b/ },
  {
    kind: 'listicle',
    title: /^(the )?(\d+ )?(best|top)\b|\b(top \d+|\d+ best|best \w+( \w+)? (of|for|in) )/,
  },
  { kind: 'review', title: /\breview(s|ed)?\b|\brated\b|\bhands on\b/ },
  { kind: 'pricing', title: /\b(pricing|plans (and|&) pricing|how much does .* cost)\b/ },
  { kind: 'news', title: /\b(announces?|launch(es|ed)|raises|acquires|acquired|report(s|ed)? that)\b/ },
  { kind: 'guide', title: /\b(how to|guide|tutorial|getting started|step by step|explained|what is|tips)\b/ },
];

/** The path and query as words: decoded, lower case, word separators read as spaces. */
function pathWords(url: URL): string {
  let text = `${url.pathname}${url.search}`;
  try {
    text = decodeURIComponent(text);
  } catch {
    // A malformed escape stays as it was: the rest of the path still classifies.
  }
  return text.toLowerCase().replace(/[-_+]+/g, ' ');
}

/** The kind of a cited page, by the first rule of PAGE_KIND_RULES that its host, path or title matches. */
export function pageKindOf(url: string, title?: string | null): PageKindName {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'other';
  }
  const host = hostOf(url) ?? '';
  const path = pathWords(parsed);
  const heading = (title ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
  const rule = PAGE_KIND_RULES.find(
    (r) =>
      (r.host !== undefined && r.host.test(host)) ||
      (r.path !== undefined && r.path.test(path)) ||
      (r.title !== undefined && heading !== '' && r.title.test(heading)),
  );
  return rule?.kind ?? 'other';
}
