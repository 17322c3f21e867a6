import type { Generated } from 'kysely';
import type { DriftTables } from './schema-drift.ts';
import type { OutboxTables } from './schema-outboxes.ts';
import type { ReportTables } from './schema-reports.ts';
import type { SiteTables } from './schema-site.ts';
import type { TrafficTables } from './schema-traffic.ts';

/**
 * Table shapes as Kysely sees them, the same on SQLite and PostgreSQL. Timestamps are ISO 8601 UTC strings with
 * milliseconds, so they sort as text (byte order on both engines: PostgreSQL text columns are `collate "C"`);
 * booleans are 0/1 integers and lists are JSON text.
 */
interface BrandPeriodRow {
  project_id: string;
  engine_id: string;
  brand_key: string;
  period: string;
  mentioned: number;
  cited: number;
}

/**
 * Answers citing a source per scope and period (`period` a day in source_days, a month in source_months). `kind`
 * is `d` for a registrable domain, `u` for a URL and `s` (key '') for answers that list any source at all;
 * `engine_id` and `topic_id` are `*` on the rows that add up every engine or topic.
 */
interface SourcePeriodRow {
  project_id: string;
  kind: string;
  engine_id: string;
  topic_id: string;
  period: string;
  key: string;
  answers: number;
  /** Of the answers, those naming the brand and those naming a tracked competitor (stats/sources' gaps). */
  brand_answers: number;
  rival_answers: number;
  first_day: string;
  last_day: string;
  /** The distinct prompts behind the answers: ascending prompt numbers (prompt_numbers) in base 36, comma-separated. */
  prompts: string;
}

/**
 * Answers whose engine ran a web search, per scope and period as the source rows are; `key` is the normalised search
 * (searchQueryKey). `competitors` is JSON `{"<competitor key>": [answers naming it, answers citing it]}`.
 */
interface QueryPeriodRow {
  project_id: string;
  engine_id: string;
  topic_id: string;
  period: string;
  key: string;
  answers: number;
  /** Of the answers, those naming the brand and those citing it. */
  mentioned: number;
  cited: number;
  competitors: string;
  first_day: string;
  last_day: string;
  /** The distinct prompts behind the answers, as source rows hold them. */
  prompts: string;
}

/** One tracked prompt's figures per engine (`*` adds up every engine) and period (a day or a month). */
interface PromptPeriodRow {
  project_id: string;
  engine_id: string;
  period: string;
  prompt_id: string;
  answers: number;
  mentioned: number;
  cited: number;
  /** Answers with a position, and the sum of those positions. */
  pos_n: number;
  pos_sum: number;
  positive: number;
  mixed: number;
  neutral: number;
  negative: number;
  not_applicable: number;
  /** JSON `{"<competitor key>": answers naming it}`. */
  competitors: string;
  /** JSON array of the registrable domains the answers listed; kept on one engine's day rows only, else `[]`. */
  domains: string;
}

/** What pairing an engine's API answers with its app answers adds up to, per prompt and period (surfaces). */
interface SurfacePeriodRow {
  project_id: string;
  api_engine_id: string;
  period: string;
  prompt_id: string;
  paired_days: number;
  answer_pairs: number;
  mention_both: number;
  mention_api: number;
  mention_app: number;
  mention_neither: number;
  cited_both: number;
  cited_api: number;
  cited_app: number;
  cited_neither: number;
  position_pairs: number;
  api_positions: number;
  app_positions: number;
}

/** Prompt-days of a pair on which only one side (`api` or `app`) listed a domain, per prompt (`*`: all) and period. */
interface SurfaceDomainRow {
  project_id: string;
  api_engine_id: string;
  prompt_id: string;
  period: string;
  side: string;
  domain: string;
  prompt_days: number;
}

export interface Database extends OutboxTables, SiteTables, ReportTables, TrafficTables, DriftTables {
  settings: { key: string; value: string };
  accounts: {
    id: string;
    name: string;
    plan: string;
    remaining_units: number | null;
    prepaid_credits: number;
    period_ends_at: string | null;
    created_at: string;
  };
  api_keys: {
    id: string;
    account_id: string;
    label: string;
    key_hash: string;
    scopes: string;
    all_projects: number;
    created_at: string;
    expires_at: string | null;
    revoked_at: string | null;
    last_used_at: string | null;
  };
  api_key_projects: { key_id: string; project_id: string };
  hosts: {
    id: string;
    account_id: string;
    device_label: string | null;
    token_hash: string | null;
    agent_version: string | null;
    engine_ids: string;
    last_seen_at: string | null;
    created_at: string;
  };
  projects: {
    id: string;
    account_id: string;
    name: string;
    website_url: string | null;
    brand_terms: string;
    brand_domains: string;
    host_id: string | null;
    engine_ids: string;
    cadence: string;
    time_of_day: string;
    weekly_day: string;
    timezone: string;
    samples_per_prompt: number;
    latest_run_at: string | null;
    created_at: string;
  };
  topics: { project_id: string; id: string; label: string; created_at: string };
  prompts: {
    id: string;
    project_id: string;
    text: string;
    text_key: string;
    status: string;
    engine_ids: string;
    created_at: string;
  };
  prompt_topics: { prompt_id: string; project_id: string; topic_id: string; position: number };
  competitors: { project_id: string; position: number; name: string; name_key: string; domains: string };
  runs: {
    id: string;
    project_id: string;
    request_id: string | null;
    status: string;
    trigger: string;
    mode: string;
    started_at: string | null;
    completed_at: string | null;
    prompt_count: number;
    answer_count: number;
    error: string | null;
    created_at: string;
    plan: Generated<string>;
    samples_per_prompt: Generated<number>;
    failed_count: Generated<number>;
  };
  answers: {
    id: string;
    project_id: string;
    run_id: string | null;
    prompt_id: string | null;
    prompt_text: string;
    topic_id: string | null;
    engine_id: string;
    observed_at: string;
    date: string;
    mentioned: number;
    cited: number;
    citation_url: string | null;
    position: number | null;
    sentiment: string | null;
    excerpt: string | null;
    narrative_drift: string | null;
    source_urls: string;
    /** Id of the competitor list the answer was scored against; null when the project had none. */
    competitor_set: string | null;
    /** JSON `[[index, mentioned 0|1, cited 0|1, citationUrl|null], …]` for the competitors named or cited. */
    competitor_hits: string;
    /** JSON array of the web searches the engine ran for the answer, in order (engine text). */
    search_queries: string;
    /** JSON array of the keys of the Brand Truth statements a drift verdict names (statementKey), `[]` if none. */
    drift_statements: string;
    import_key: string | null;
    created_at: string;
  };
  /** The parts of an answer only its detail shows. */
  answer_details: {
    answer_id: string;
    full_answer: string;
    full_answer_truncated: number;
    /** JSON `[{url, title}]` in the engine's order. */
    sources: string;
    sentiment_reason: string | null;
    narrative_drift_reason: string | null;
  };
  daily_summaries: {
    project_id: string;
    topic_id: string;
    date: string;
    answers: number;
    mentioned: number;
    cited: number;
    /** JSON `{"<engine id>": [answers, mentioned, cited]}`. */
    engines: string;
  };
  /** Competitor counts per day (`period` YYYY-MM-DD) and per month (`period` YYYY-MM). */
  brand_days: BrandPeriodRow;
  brand_months: BrandPeriodRow;
  /** The brand's rank per day and engine (engine '*': all engines): answers that ranked it, sum of positions. */
  position_days: {
    project_id: string;
    engine_id: string;
    date: string;
    ranked: number;
    position_sum: number;
  };
  competitor_sets: { project_id: string; id: string; names: string };
  /** A project's types for domains (source types), over the shipped list; `type` one of the listed types. */
  source_type_overrides: { project_id: string; domain: string; type: string };
  action_states: {
    project_id: string;
    action_id: string;
    status: string;
    fingerprint: string;
    updated_at: string;
  };
  /** The top ten action ids last announced, as a JSON array. */
  action_tops: { project_id: string; ids: string; updated_at: string };
  source_days: SourcePeriodRow;
  query_days: QueryPeriodRow;
  query_months: QueryPeriodRow;
  source_months: SourcePeriodRow;
  /** A small number per distinct prompt text of a project, so source rows hold their prompt sets compactly. */
  prompt_numbers: { project_id: string; text_key: string; n: number };
  prompt_days: PromptPeriodRow;
  prompt_months: PromptPeriodRow;
  surface_days: SurfacePeriodRow;
  surface_months: SurfacePeriodRow;
  surface_domain_days: SurfaceDomainRow;
  surface_domain_months: SurfaceDomainRow;
  /** Per day, topic (`*` adds up every topic) and engine: what trends need for rates and their intervals. */
  trend_days: {
    project_id: string;
    topic_id: string;
    date: string;
    engine_id: string;
    answers: number;
    mentioned: number;
    cited: number;
    pos_n: number;
    pos_sum: number;
    /** Sum of squared positions, for the interval of the average position. */
    pos_sq: number;
    positive: number;
    mixed: number;
    neutral: number;
    negative: number;
    /** Answers whose sentiment is `not-applicable` (migration 0009; the rest of `answers` is unscored). */
    not_applicable: number;
  };
  summary_pending: { project_id: string; date: string; since: string };
  run_requests: {
    id: string;
    project_id: string;
    status: string;
    mode: string;
    idempotency_key: string | null;
    samples_per_prompt: number;
    prompt_count: number;
    estimated_units: number;
    warning: string | null;
    error_code: string | null;
    error_message: string | null;
    created_at: string;
    updated_at: string;
    completed_at: string | null;
    source: Generated<string>;
    trigger: Generated<string>;
    body_hash: string | null;
    held_period_units: Generated<number>;
    held_prepaid_units: Generated<number>;
    spent_units: Generated<number>;
    cancel_requested: Generated<number>;
    lease_owner: string | null;
    lease_until: string | null;
    cloud_needed: Generated<number>;
    host_needed: Generated<number>;
    cloud_outcome: string | null;
    host_outcome: string | null;
    schedule_slot: Generated<string | null>;
  };
  host_pair_codes: {
    code_hash: string;
    account_id: string;
    expires_at: string;
    used_at: string | null;
    created_at: string;
  };
  brand_truths: { project_id: string; statements: string; updated_at: string };
  /** What the owner did with a Brand Truth suggestion (migration 0019): `accepted` (with the statement) or `dismissed`. */
  brand_truth_decisions: {
    project_id: string;
    suggestion_id: string;
    decision: string;
    statement: string | null;
    decided_at: string;
  };
  audit_log: {
    seq: Generated<number>;
    id: string;
    account_id: string;
    at: string;
    kind: string;
    actor_type: string;
    actor_id: string | null;
    actor_label: string;
    address: string | null;
    target: string | null;
    detail: string | null;
    count: Generated<number>;
  };
  auth_organization: {
    id: string;
    name: string;
    slug: string;
    createdAt: string;
  };
}
