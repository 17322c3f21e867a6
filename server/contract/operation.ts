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
  /** An extension of v1 beyond the contract: marked `x-answerwatch-extension` in the document. */
  extension?: true;
  summary: string;
  description?: string;
  scope: Scope;
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** Documented statuses with their body schema (null: no body). */
  responses: Record<number, { description: string; schema: z.ZodType | null; headers?: string[] }>;
  /** Extra documented error statuses besides 401, 403, 429 (and 404 on project paths). */
  errors: number[];
}

export const projectPath = z.strictObject({ projectId: ProjectId });

export const withId = <K extends string, S extends z.ZodType>(key: K, schema: S) =>
  z.strictObject({ projectId: ProjectId, [key]: schema } as { projectId: typeof ProjectId } & {
    [P in K]: S;
  });

export const Deleted = z.strictObject({ deleted: z.boolean() }).meta({ id: 'Deleted' });

export const ok = (schema: z.ZodType, description = 'OK', headers?: string[]) => ({
  200: { description, schema, headers },
});
