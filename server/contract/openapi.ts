import { Problem } from './errors.ts';
import { buildPaths, operationRoots } from './openapi-paths.ts';
import { errorResponses, HEADERS } from './openapi-responses.ts';
import { convertSchemas } from './openapi-schemas.ts';
import {
  API_TITLE,
  ERROR_CODE_DOCS,
  infoDescription,
  SECURITY_DESCRIPTION,
  TAG_DESCRIPTIONS,
  WEBHOOK_EVENTS_DESCRIPTION,
  WEBHOOK_EVENTS_TAG,
} from './openapi-text.ts';
import type { ErrorCodeDocs, OpenApiDocument, TagObject } from './openapi-types.ts';
import { buildWebhooks, webhookPayloads } from './openapi-webhooks.ts';
import { operations } from './operations.ts';

export type { OpenApiDocument } from './openapi-types.ts';

export const CONTRACT_VERSION = '1.2.1';
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8787/v1';

/**
 * The OpenAPI 3.1 description of the contract, generated from the zod schemas the routes validate with.
 * Pure and deterministic: the committed `openapi.json` is this document for the default base URL.
 */
export function buildOpenApiDocument(baseUrl = DEFAULT_BASE_URL): OpenApiDocument {
  const roots = operationRoots(operations);
  const schemas = convertSchemas({
    input: roots.input,
    output: [...roots.output, Problem, ...webhookPayloads],
  });
  const errorCode = schemas.components.ErrorCode;
  if (!errorCode) throw new Error('the Problem schema no longer references the ErrorCode component');
  const errorCodeDocs: ErrorCodeDocs = ERROR_CODE_DOCS;
  errorCode['x-error-codes'] = errorCodeDocs;

  return {
    openapi: '3.1.0',
    info: { title: API_TITLE, version: CONTRACT_VERSION, description: infoDescription(baseUrl) },
    servers: [{ url: baseUrl }],
    security: [{ bearerAuth: [] }],
    tags: buildTags(),
    paths: buildPaths(operations, schemas),
    webhooks: buildWebhooks(schemas),
    components: {
      schemas: schemas.components,
      responses: errorResponses(baseUrl),
      headers: HEADERS,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: SECURITY_DESCRIPTION } },
    },
  };
}

/** The exact text of the committed `openapi.json`. */
export function serializeOpenApiDocument(doc: OpenApiDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

function buildTags(): TagObject[] {
  const names = [...new Set(operations.map((op) => op.tag))];
  const tags = names.map((name) => {
    const description = TAG_DESCRIPTIONS[name];
    if (!description) throw new Error(`tag ${name} has no description`);
    return { name, description };
  });
  return [...tags, { name: WEBHOOK_EVENTS_TAG, description: WEBHOOK_EVENTS_DESCRIPTION }];
}
