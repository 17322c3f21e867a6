/**
 * What the brand's own site states about it, as Brand Truth statements to offer: the organization, products and
 * offers its JSON-LD names (any page), the title and description of its home, pricing and about pages, and the
 * claims the LLM judge read from those pages. Site text is untrusted: each suggestion is one plain line of at most
 * 500 characters (a Brand Truth statement's rules, cut as the judge's reasons are), shown as text, never applied by
 * itself.
 */
import { createHash } from 'node:crypto';
import { oneLine } from '../../engines/judge/index.ts';
import type { BrandPageRole, StructuredFacts } from '../contract/site-crawl.ts';
import { dedupeKey, MAX_STATEMENT_CHARS } from './brand-truth.ts';

export const SUGGESTION_KINDS = [
  'organization',
  'product',
  'offer',
  'title',
  'description',
  'claim',
] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** Suggestions offered at most: enough for a catalogue's products, few enough to read through. */
export const MAX_SUGGESTIONS = 200;

export interface FactSuggestion {
  id: string;
  kind: SuggestionKind;
  text: string;
  pageUrl: string;
  pageRole: BrandPageRole | null;
}

export interface BrandPage {
  url: string;
  role: BrandPageRole;
  title: string | null;
  description: string | null;
  claims: readonly string[];
}

/** The same fact, from any crawl, has the same id: a decision on it outlives the crawl. */
export function suggestionId(kind: SuggestionKind, text: string): string {
  const digest = createHash('sha256')
    .update(`${kind}\0${dedupeKey(text)}`)
    .digest('base64url');
  return `bts${digest.slice(0, 22)}`;
}

/** A sentence ends with one full stop, not two (`Acme Inc.` is already ended). */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

function offerText(product: string, offer: StructuredFacts['products'][number]['offers'][number]) {
  const named = offer.name ? `${product} – ${offer.name}` : product;
  if (offer.price)
    return sentence(`${named} costs ${offer.price}${offer.currency ? ` ${offer.currency}` : ''}`);
  return offer.name ? sentence(`${product} is offered as ${offer.name}`) : null;
}

/**
 * The suggestions, deduplicated by text (case and spacing aside; the first source kept): JSON-LD facts first, then
 * the brand pages' titles and descriptions, then the judge's claims; at most MAX_SUGGESTIONS.
 */
export function factSuggestions(
  factPages: readonly { url: string; facts: StructuredFacts }[],
  brandPages: readonly BrandPage[],
): FactSuggestion[] {
  const out: FactSuggestion[] = [];
  const seen = new Set<string>();
  const roleOf = new Map(brandPages.map((p) => [p.url, p.role]));
  const add = (kind: SuggestionKind, raw: string | null, pageUrl: string) => {
    const text = raw === null ? '' : oneLine(raw, MAX_STATEMENT_CHARS);
    if (text === '' || out.length >= MAX_SUGGESTIONS || seen.has(dedupeKey(text))) return;
    seen.add(dedupeKey(text));
    out.push({ id: suggestionId(kind, text), kind, text, pageUrl, pageRole: roleOf.get(pageUrl) ?? null });
  };
  for (const { url, facts } of factPages) {
    for (const org of facts.organizations)
      add('organization', sentence(`The organization’s name is ${org.name}`), url);
  }
  for (const { url, facts } of factPages) {
    for (const product of facts.products) {
      add('product', sentence(`${product.name} is one of the brand’s products`), url);
      for (const offer of product.offers) add('offer', offerText(product.name, offer), url);
    }
  }
  for (const page of brandPages) {
    add('title', page.title, page.url);
    add('description', page.description, page.url);
  }
  for (const page of brandPages) for (const claim of page.claims) add('claim', claim, page.url);
  return out;
}
