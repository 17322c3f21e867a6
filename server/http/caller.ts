import type { Scope } from '../contract/account.ts';
import type { Plan } from '../domain/plans.ts';

/** Who is calling: the key, its account's plan, and which projects it reads (null: every project). */
export interface Caller {
  keyId: string;
  label: string;
  scopes: Scope[];
  createdAt: string;
  expiresAt: string | null;
  accountId: string;
  plan: Plan;
  projectIds: readonly string[] | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyContextConfig {
    /** The scope an operation needs; routes without one are public (the OpenAPI document and the docs). */
    scope?: Scope;
    /** Answer with an ETag of the body and honour If-None-Match. */
    etag?: boolean;
  }
}
