import { z } from 'zod';
import type { ConvertedSchemas, SchemaRoots } from './openapi-schemas.ts';
import type {
  HttpVerb,
  JsonSchema,
  OperationObject,
  ParameterObject,
  PathItemObject,
  Ref,
  RequestBodyObject,
  ResponseObject,
} from './openapi-types.ts';
import { COMMON_ERROR_STATUSES, errorResponseRef, responseHeaders } from './openapi-responses.ts';
import type { Operation } from './operations.ts';

/** The `paths` of the document, one OpenAPI operation per row of the contract's operation table. */

/** Every zod schema the operations put in the document, so they are converted together. */
export function operationRoots(operations: readonly Operation[]): SchemaRoots {
  const roots: SchemaRoots = { input: [], output: [] };
  for (const op of operations) {
    if (op.body) roots.input.push(op.body);
    for (const part of [op.params, op.query, op.headers]) if (part) roots.output.push(part);
    for (const response of Object.values(op.responses))
      if (response.schema) roots.output.push(response.schema);
  }
  return roots;
}

export function buildPaths(
  operations: readonly Operation[],
  schemas: ConvertedSchemas,
): Record<string, PathItemObject> {
  const paths: Record<string, PathItemObject> = {};
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    const verb = op.method.toLowerCase() as HttpVerb;
    if (item[verb]) throw new Error(`${op.method} ${op.path} is listed twice`);
    item[verb] = buildOperation(op, schemas);
  }
  return paths;
}

function buildOperation(op: Operation, schemas: ConvertedSchemas): OperationObject {
  const parameters = buildParameters(op, schemas);
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(op.extension ? { 'x-answerwatch-extension': true as const } : {}),
    // OpenAPI 3.1 lets non-OAuth schemes list roles; the scope a key needs is exactly that.
    security: [{ bearerAuth: [op.scope] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body ? { requestBody: buildRequestBody(op.body, schemas) } : {}),
    responses: buildResponses(op, schemas),
  };
}

const LOCATIONS = [
  ['path', 'params'],
  ['query', 'query'],
  ['header', 'headers'],
] as const;

function buildParameters(op: Operation, schemas: ConvertedSchemas): ParameterObject[] {
  const parameters: ParameterObject[] = [];
  for (const [location, key] of LOCATIONS) {
    const object = op[key];
    if (!object) continue;
    const properties = (schemas.use(object, 'output').properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, field] of Object.entries(object.shape)) {
      const converted = properties[name];
      if (!converted) throw new Error(`${op.operationId}: ${location} parameter ${name} was not converted`);
      const { description, ...schema } = converted;
      parameters.push({
        name: location === 'header' ? canonicalHeaderName(name) : name,
        in: location,
        // Path parameters are always required; elsewhere a parameter is optional when zod accepts it absent
        // (optional or defaulted).
        required: location === 'path' || !z.safeParse(field, undefined).success,
        ...(typeof description === 'string' ? { description } : {}),
        schema,
        ...(schema.type === 'array' ? { style: 'form' as const, explode: true } : {}),
      });
    }
  }
  if (Object.hasOwn(op.responses, 304)) {
    parameters.push({
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'The ETag of an earlier response; the answer is 304 without a body when nothing changed.',
      schema: { type: 'string' },
    });
  }
  return parameters;
}

/** Node lowercases incoming header names, so the contract declares them lowercase; documents show them as sent. */
function canonicalHeaderName(name: string): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('-');
}

function buildRequestBody(body: z.ZodType, schemas: ConvertedSchemas): RequestBodyObject {
  return {
    required: !z.safeParse(body, undefined).success,
    content: { 'application/json': { schema: schemas.use(body, 'input') } },
  };
}

function buildResponses(op: Operation, schemas: ConvertedSchemas): Record<string, ResponseObject | Ref> {
  const responses: Record<string, ResponseObject | Ref> = {};
  for (const [status, response] of Object.entries(op.responses)) {
    responses[status] = {
      description: response.description,
      headers: responseHeaders(response.headers),
      ...(response.schema
        ? { content: { 'application/json': { schema: schemas.use(response.schema, 'output') } } }
        : {}),
    };
  }
  const errors = new Set<number>([...COMMON_ERROR_STATUSES, ...op.errors]);
  if (op.path.includes('{projectId}')) errors.add(404);
  // Integer-like keys keep ascending order in JS objects, so statuses come out sorted wherever they were added.
  for (const status of errors) responses[String(status)] = errorResponseRef(status);
  return responses;
}
