/** The typed view of the agent's tables, as ../migrations creates them. */
export interface AgentDatabase {
  agent_settings: { key: string; value: string };
  cached_projects: { id: string; position: number; body: string; updated_at: string };
  engine_keys: { engine_id: string; sealed_key: string; updated_at: string };
  byok_tracking: { project_id: string; body: string; updated_at: string };
  local_runs: {
    id: string;
    client_run_id: string | null;
    run_id: string | null;
    request_id: string | null;
    project_id: string;
    trigger: string;
    samples_per_prompt: number;
    prompts: string;
    scheduled_for: string | null;
    started_at: string;
    status: string;
    outcome: string | null;
    error: string | null;
    error_code: string | null;
    /** JSON: HostFailure[] (the host sync contract), set when the run finished. */
    failures: string | null;
    finished_at: string | null;
  };
  outbox_answers: {
    local_run_id: string;
    slot: string;
    prompt_id: string | null;
    prompt_text: string;
    topic_id: string | null;
    engine_id: string;
    observed_at: string;
    text: string;
    sources: string;
    /** JSON array of the web searches the engine ran, in order. */
    search_queries: string;
    state: string;
    created_at: string;
    uploaded_at: string | null;
  };
  crawl_progress: { crawl_id: string; project_id: string; setup: string; updated_at: string };
  site_crawl_jobs: {
    crawl_id: string;
    project_id: string;
    crawl: string;
    result: string | null;
    updated_at: string;
  };
  site_crawl_plans: {
    project_id: string;
    first_seen_at: string;
    first_crawl_at: string;
    last_crawl_at: string | null;
  };
  crawl_urls: {
    crawl_id: string;
    position: number;
    url: string;
    source: string;
    state: string;
    /** JSON: SitePage (server/contract/site-crawl.ts), once read. */
    page: string | null;
    settled: number | null;
  };
}
