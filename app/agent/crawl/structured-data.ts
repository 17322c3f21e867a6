/**
 * What a page's JSON-LD says in schema.org terms: the types it names (anywhere in the graph) and the facts a Brand
 * Truth can start from: organizations, products and their offers (name, price, currency). The JSON is the site's
 * and untrusted: malformed blocks are skipped, every value is cut to the contract's lengths, and the walk is bounded.
 */
import type { StructuredFacts } from '../../../server/contract/site-crawl.ts';

export interface StructuredData {
  types: string[];
  facts: StructuredFacts;
}

const MAX_NODES = 5_000;
const MAX_DEPTH = 20;
const ORGANIZATION = new Set([
  'Organization',
  'Corporation',
  'LocalBusiness',
  'OnlineStore',
  'OnlineBusiness',
]);
const PRODUCT = new Set(['Product', 'SoftwareApplication', 'WebApplication', 'MobileApplication', 'Service']);

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `@type` values without their vocabulary prefix (`schema:Product`, `https://schema.org/Product`). */
function typesOf(node: Node): string[] {
  const raw = node['@type'];
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .filter((t): t is string => typeof t === 'string' && t.trim() !== '')
    .map((t) =>
      t
        .trim()
        .replace(/^(?:https?:\/\/schema\.org\/|schema:)/, '')
        .slice(0, 100),
    );
}

function str(value: unknown, max: number): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value).slice(0, max);
  if (typeof value !== 'string') return null;
  const clean = value.replace(/\s+/g, ' ').trim();
  return clean === '' ? null : clean.slice(0, max);
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

function offersOf(product: Node): StructuredFacts['products'][number]['offers'] {
  const offers: StructuredFacts['products'][number]['offers'] = [];
  for (const offer of list(product.offers).filter(isNode)) {
    // An AggregateOffer states a range; its low price is the "from" price people quote.
    const price = str(offer.price, 40) ?? str(offer.lowPrice, 40);
    const spec = isNode(offer.priceSpecification) ? offer.priceSpecification : null;
    offers.push({
      name: str(offer.name, 300),
      price: price ?? (spec ? str(spec.price, 40) : null),
      currency: str(offer.priceCurrency, 10) ?? (spec ? str(spec.priceCurrency, 10) : null),
    });
    if (offers.length >= 50) break;
  }
  return offers;
}

/** Reads the JSON-LD blocks of one page (the text of each `<script type="application/ld+json">`). */
export function readStructuredData(blocks: readonly string[]): StructuredData {
  const types = new Set<string>();
  const facts: StructuredFacts = { organizations: [], products: [] };
  let seen = 0;
  const visit = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || seen >= MAX_NODES) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (!isNode(value)) return;
    seen += 1;
    const own = typesOf(value);
    for (const type of own) if (types.size < 50) types.add(type);
    const name = str(value.name, 300);
    if (name && own.some((t) => ORGANIZATION.has(t)) && facts.organizations.length < 20)
      facts.organizations.push({ name, url: str(value.url, 4096) });
    if (name && own.some((t) => PRODUCT.has(t)) && facts.products.length < 50)
      facts.products.push({ name, offers: offersOf(value) });
    for (const [key, child] of Object.entries(value)) if (key !== '@context') visit(child, depth + 1);
  };
  for (const block of blocks) {
    try {
      visit(JSON.parse(block), 0);
    } catch {
      // A broken block says nothing; the page's other blocks still count.
    }
  }
  return { types: [...types].sort(), facts };
}
