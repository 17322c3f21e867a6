import type { Generated } from 'kysely';

/** What the service sends (webhooks with their deliveries, and mail), part of the store's Database (schema.ts). */
export interface OutboxTables {
  webhooks: {
    id: string;
    project_id: string;
    url: string;
    events: string;
    description: string | null;
    secret_sealed: string;
    active: number;
    created_at: string;
    last_delivery_at: string | null;
    last_delivery_status: string | null;
    consecutive_failures: number;
    /** JSON of the alert thresholds given at creation (extension), null when none were. */
    thresholds: string | null;
  };
  webhook_deliveries: {
    id: string;
    webhook_id: string;
    project_id: string;
    event_id: string;
    event: string;
    payload: string;
    status: string;
    run_id: string | null;
    request_id: string | null;
    created_at: string;
    delivered_at: string | null;
    next_attempt_at: string | null;
    attempt_count: number;
    attempts: string;
    lease_until: string | null;
    lease_owner: Generated<string | null>;
    seq: Generated<number>;
  };
  mail_outbox: {
    seq: Generated<number>;
    id: string;
    idempotency_key: string;
    kind: string;
    recipient: string;
    subject: string;
    /** Null once the mail is sent or has failed for good: its links are no use to keep. */
    content_sealed: string | null;
    status: string;
    created_at: string;
    sent_at: string | null;
    next_attempt_at: string | null;
    attempt_count: Generated<number>;
    attempts: Generated<string>;
    lease_until: string | null;
    lease_owner: string | null;
  };
}
