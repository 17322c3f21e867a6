/** The words the UI gives source types and page kinds (the API's values are the contract's enums). */
import type { SourceStat } from './types.ts';

type SourceTypeName = SourceStat['type'];
type PageKindName = NonNullable<SourceStat['pageKind']>;

export const TYPE_LABELS: Record<SourceTypeName, string> = {
  own: 'Yours',
  competitor: 'Competitor',
  editorial: 'Editorial',
  ugc: 'Forums & social',
  reference: 'Reference',
  review: 'Reviews & marketplaces',
  institutional: 'Institutional',
  corporate: 'Company site',
  other: 'Other',
};

export const PAGE_KIND_LABELS: Record<PageKindName, string> = {
  listicle: 'List ("best …")',
  comparison: 'Comparison',
  review: 'Review',
  guide: 'Guide',
  docs: 'Docs',
  pricing: 'Pricing',
  product: 'Product',
  news: 'News',
  discussion: 'Discussion',
  video: 'Video',
  other: 'Other',
};

/** The types a project may set itself, in the order the UI offers them. */
export const OVERRIDABLE_TYPES = [
  'editorial',
  'ugc',
  'reference',
  'review',
  'institutional',
  'corporate',
  'other',
] as const satisfies readonly SourceTypeName[];

export const typeOptions = (all: string) => [
  { value: '', label: all },
  ...OVERRIDABLE_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })),
];

export const pageKindOptions = (all: string) => [
  { value: '', label: all },
  ...(Object.keys(PAGE_KIND_LABELS) as PageKindName[]).map((k) => ({ value: k, label: PAGE_KIND_LABELS[k] })),
];
