import type { Generated } from 'kysely';

/** The site crawl's tables (migrations 0017 and 0019), part of the store's Database (schema.ts). */
export interface SiteTables {
  /** Site crawls (migration 0017): the crawl, its pages (each once, by URL) and the host's next scheduled crawl. */
  site_crawls: {
    id: string;
    project_id: string;
    state: string;
    trigger: string;
    requested_by: string | null;
    client_crawl_id: string | null;
    warning: string | null;
    created_at: string;
    updated_at: string;
    started_at: string | null;
    finished_at: string | null;
    error_code: string | null;
    error_message: string | null;
    page_count: Generated<number>;
    /** The crawl's result without its pages (JSON), once it finished. */
    summary: string | null;
    /** When the LLM judge was done reading claims from its brand pages (migration 0019); null: not yet. */
    claims_judged_at: string | null;
  };
  site_pages: {
    crawl_id: string;
    url: string;
    status: number | null;
    /** ` type type ` of the findings that name the page, space-bounded for a LIKE filter. */
    finding_types: Generated<string>;
    /** The page as the crawl read it (JSON), without its text. */
    page: string;
    /** A brand page's text (home, pricing, about), for the judge's claims. */
    text: string | null;
    /** The claims the LLM judge read from the text (JSON array of strings); null until judged. */
    claims: string | null;
  };
  site_schedules: { project_id: string; next_crawl_at: string; updated_at: string };
}
