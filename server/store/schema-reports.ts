/** Reports' tables (migrations 0023, 0025 and 0027): share links, the account's brand, digests. Part of Database. */
export interface ReportTables {
  report_links: {
    id: string;
    project_id: string;
    token_hash: string;
    from_date: string;
    to_date: string;
    expires_at: string;
    created_at: string;
    created_by: string;
    revoked_at: string | null;
    /** A digest's link only: its token sealed, to hand out again for the same period. */
    token_sealed: string | null;
  };
  account_brands: {
    account_id: string;
    name: string | null;
    accent: string | null;
    logo_type: string | null;
    logo: string | null;
    updated_at: string;
  };
  report_digests: {
    project_id: string;
    cadence: string;
    weekday: string;
    recipients: string;
    updated_at: string;
    last_period: string | null;
    leased_by: string | null;
    lease_until: string | null;
  };
  report_unsubscribe_tokens: { token_hash: string; project_id: string; email: string; created_at: string };
  report_digest_optouts: { project_id: string; email: string; unsubscribed_at: string };
}
