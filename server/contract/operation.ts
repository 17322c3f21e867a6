import { z } from 'zod';
import type { Scope } from './account.ts';
import { ProjectId } from './common.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One operation of the contract (section 4): what both the Fastify route and the OpenAPI document are built from. */
export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI-style path below the `/v1` base, e.g. `/projects/{projectId}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  scope: Scope;
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** Media types the body is sent as; `application/json` when left out. */
  bodyMediaTypes?: readonly string[];
  /**
   * Documented statuses with their body schema (null: no body) and, where the schema's own example does not fit
   * the status, an example of their own.
   */
  responses: Record<
    number,
    {
      description: string;
      schema: z.ZodType | null;
      headers?: string[];
      example?: unknown;
      /** Other media types the same response may come in (chosen by a query parameter): what each is, an example. */
      media?: Record<string, { description: string; example: string }>;
    }
  >;
  /**
   * Extra documented error statuses besides the ones every operation answers (400, 401, 403, 429, 500; 404 with a
   * path parameter, 413 with a method that takes a body).
   */
  errors?: number[];
  /** Beyond the contract: marked `x-answerwatch-extension: true` in the document. */
  extension?: true;
}

export const projectPath = z.strictObject({ projectId: ProjectId });

export const withId = <K extends string, S extends z.ZodType>(key: K, schema: S) =>
  z.strictObject({ projectId: ProjectId, [key]: schema } as { projectId: typeof ProjectId } & {
    [P in K]: S;
  });

export const Deleted = z
  .strictObject({ deleted: z.boolean() })
  .meta({ id: 'Deleted', examples: [{ deleted: true }] });

export const ok = <S extends z.ZodType>(schema: S, description = 'OK', headers?: string[]) => ({
  200: { description, schema, headers },
});

/** A read that answers with an ETag of its body and 304 to a matching If-None-Match. */
export const withEtag = (schema: z.ZodType) => ({
  200: { description: 'OK', schema, headers: ['ETag'] },
  304: { description: 'Not modified', schema: null, headers: ['ETag'] },
});
