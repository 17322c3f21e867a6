import type { Scope } from '../contract/account.ts';
import type { Caller } from '../domain/context.ts';

export type { Caller };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyContextConfig {
    /** The scope an operation needs; routes without one are public (the OpenAPI document and the docs). */
    scope?: Scope;
    /** Answer with an ETag of the body and honour If-None-Match. */
    etag?: boolean;
    /** The handler lists the projects the key reads (`/me`): the way in reads them with the count when it can. */
    listsKeyProjects?: boolean;
  }
}
