/**
 * The subset of OpenAPI 3.1 this service emits. Typed narrowly so the docs page can read the document
 * without casts; schemas stay open because JSON Schema 2020-12 has too many keywords to model usefully.
 */
export type JsonSchema = { [keyword: string]: unknown };

export interface Ref {
  $ref: string;
}

export interface HeaderObject {
  description: string;
  schema: JsonSchema;
  required?: boolean;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  style?: 'form' | 'simple';
  explode?: boolean;
}

export interface MediaTypeObject {
  schema: JsonSchema;
  example?: unknown;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, Ref | HeaderObject>;
  content?: Record<string, MediaTypeObject>;
}

export interface RequestBodyObject {
  description?: string;
  required: boolean;
  content: Record<string, MediaTypeObject>;
}

export type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  /** Set on operations and events beyond the contract (extensions of v1). */
  'x-answerwatch-extension'?: true;
  security: SecurityRequirement[];
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject | Ref>;
}

export type HttpVerb = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type PathItemObject = Partial<Record<HttpVerb, OperationObject>>;

export interface TagObject {
  name: string;
  description: string;
}

export interface SecuritySchemeObject {
  type: 'http';
  scheme: 'bearer';
  description: string;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description?: string }[];
  security: SecurityRequirement[];
  tags: TagObject[];
  paths: Record<string, PathItemObject>;
  webhooks: Record<string, PathItemObject>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    headers: Record<string, HeaderObject>;
    securitySchemes: Record<string, SecuritySchemeObject>;
  };
}

/** Extension on the ErrorCode schema: when each code is sent and with which statuses. */
export type ErrorCodeDocs = Record<string, { statuses: number[]; description: string }>;
