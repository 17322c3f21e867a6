/** Access-log analytics' tables (migration 0022), part of the store's Database (schema.ts). */
interface TrafficPeriodRow {
  project_id: string;
  period: string;
  page: string;
  agent: string;
  status_class: string;
  verification: string;
  hits: number;
  first_seen: string;
  last_seen: string;
}

export interface TrafficTables {
  /** Bot hits per hour or day, page, agent, status class and verification (migration 0022). */
  traffic_hours: TrafficPeriodRow;
  traffic_days: TrafficPeriodRow;
  traffic_referral_days: { project_id: string; day: string; page: string; engine: string; visits: number };
  traffic_imports: {
    project_id: string;
    import_key: string;
    lines_done: number;
    created_at: string;
    updated_at: string;
  };
  /** Published ranges stored by `traffic ranges update`; prefixes as a JSON array of CIDR text. */
  traffic_ranges: { source: string; creation_time: string; prefixes: string; updated_at: string };
}
