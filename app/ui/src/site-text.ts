/** The site crawl in words: what each finding type means, and what each kind of AI agent does. */
import type { FindingType, SiteStatus } from './types.ts';

export const FINDING_LABELS: Record<FindingType, { title: string; description: string }> = {
  ai_agent_blocked: {
    title: 'AI agent blocked',
    description: 'robots.txt keeps an AI agent from reading these pages',
  },
  cited_page_error: {
    title: 'Cited page answers an error',
    description: 'Engines cite these pages, and they answer 4xx, 5xx or nothing',
  },
  cited_page_redirected: {
    title: 'Cited page redirects away',
    description: 'Engines cite these pages, and they now send visitors to another page',
  },
  cited_page_noindex: {
    title: 'Cited page is noindex',
    description: 'Engines cite these pages, and they ask not to be indexed',
  },
  needs_javascript: {
    title: 'Needs JavaScript',
    description: 'These pages show their text only once scripts ran, which many AI agents do not run',
  },
  missing_title: { title: 'Missing title', description: 'These pages have no <title>' },
  duplicate_title: { title: 'Duplicate title', description: 'These pages share one title' },
  missing_structured_data: {
    title: 'No structured data',
    description: 'Product and pricing pages without schema.org Product or Offer',
  },
  cited_not_in_sitemap: {
    title: 'Cited page not in the sitemap',
    description: 'Engines cite these pages, and no sitemap lists them',
  },
  page_too_large: { title: 'Page too large', description: 'Only the first 5 MB of these pages was read' },
  page_unreachable: { title: 'Page unreachable', description: 'These pages could not be read' },
  sitemap_invalid: { title: 'Sitemap invalid', description: 'These sitemaps could not be read as sitemaps' },
};

export const FINDING_TYPES = Object.keys(FINDING_LABELS) as FindingType[];

type Purpose = SiteStatus['agents'][number]['purpose'];

export const PURPOSE_LABELS: Record<Purpose, string> = {
  training: 'Trains models',
  search: 'Builds a search index',
  user: 'Fetches for a user',
};
