import { z } from 'zod';
import type { ConvertedSchemas, SchemaRoots } from './openapi-schemas.ts';
import type {
  HttpVerb,
  JsonSchema,
  MediaTypeObject,
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
    description: [op.description, queryRule(parameters)].filter(Boolean).join('\n\n'),
    // OpenAPI 3.1 lets non-OAuth schemes list roles; the scope a key needs is exactly that.
    security: [{ bearerAuth: [op.scope] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body ? { requestBody: buildRequestBody(op.body, schemas, op.bodyMediaTypes) } : {}),
    responses: buildResponses(op, schemas),
    ...(op.extension ? { 'x-answerwatch-extension': true as const } : {}),
  };
}

const LOCATIONS = [
  ['path', 'params'],
  ['query', 'query'],
  ['header', 'headers'],
] as const;

/** The rule that protects integrators from typos, stated where each operation's parameters are listed. */
function queryRule(parameters: ParameterObject[]): string {
  const query = parameters.filter((p) => p.in === 'query');
  if (query.length === 0) {
    return 'Takes no query parameters: any query parameter is refused with 400 `invalid_parameter`.';
  }
  const repeatable = query.filter((p) => p.explode).map((p) => `\`${p.name}\``);
  return (
    'A query parameter not listed here is refused with 400 `invalid_parameter`, and so is a parameter sent twice' +
    (repeatable.length > 0 ? ` (only ${repeatable.join(', ')} may repeat).` : '.')
  );
}

/** The first example the zod contract gives for a schema (an optional schema's comes from what it wraps). */
export function exampleFor(schema: z.ZodType): unknown {
  const examples = z.globalRegistry.get(schema)?.examples;
  if (examples?.length) return examples[0];
  return schema instanceof z.ZodOptional ? exampleFor(schema.unwrap() as z.ZodType) : undefined;
}

function buildParameters(op: Operation, schemas: ConvertedSchemas): ParameterObject[] {
  const parameters: ParameterObject[] = [];
  for (const [location, key] of LOCATIONS) {
    const object = op[key];
    if (!object) continue;
    const properties = (schemas.use(object, 'output').properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, field] of Object.entries(object.shape)) {
      const converted = properties[name];
      if (!converted) throw new Error(`${op.operationId}: ${location} parameter ${name} was not converted`);
      // An extension parameter carries its mark on the parameter, where readers of the document look for it.
      const { description, 'x-answerwatch-extension': extension, ...schema } = converted;
      // Tools that build requests (Postman and the like) read the parameter's own example, not the schema's.
      const example = Array.isArray(schema.examples) ? (schema.examples[0] as unknown) : undefined;
      parameters.push({
        name: location === 'header' ? canonicalHeaderName(name) : name,
        in: location,
        // Path parameters are always required; elsewhere a parameter is optional when zod accepts it absent
        // (optional or defaulted).
        required: location === 'path' || !z.safeParse(field, undefined).success,
        ...(typeof description === 'string' ? { description } : {}),
        schema,
        ...(schema.type === 'array' ? { style: 'form' as const, explode: true } : {}),
        ...(example === undefined ? {} : { example }),
        ...(extension === true ? { 'x-answerwatch-extension': true as const } : {}),
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
      example: '"Gm4sX0rVb1qTz9wK2pLn8hYc3dE"',
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

function buildRequestBody(
  body: z.ZodType,
  schemas: ConvertedSchemas,
  mediaTypes: readonly string[] = ['application/json'],
): RequestBodyObject {
  const media = withExample({ schema: schemas.use(body, 'input') }, exampleFor(body));
  return {
    required: !z.safeParse(body, undefined).success,
    content: Object.fromEntries(mediaTypes.map((type) => [type, media])),
  };
}

function withExample(media: MediaTypeObject, example: unknown): MediaTypeObject {
  return example === undefined ? media : { ...media, example };
}

function buildResponses(op: Operation, schemas: ConvertedSchemas): Record<string, ResponseObject | Ref> {
  const responses: Record<string, ResponseObject | Ref> = {};
  for (const [status, response] of Object.entries(op.responses)) {
    responses[status] = {
      description: response.description,
      headers: responseHeaders(response.headers),
      ...(response.schema
        ? {
            content: {
              'application/json': withExample(
                { schema: schemas.use(response.schema, 'output') },
                response.example ?? exampleFor(response.schema),
              ),
              ...Object.fromEntries(
                Object.entries(response.media ?? {}).map(([type, { description, example }]) => [
                  type,
                  {
                    schema: {
                      type: 'string',
                      description,
                      ...(type.startsWith('text/') ? {} : { format: 'binary' }),
                    },
                    example,
                  },
                ]),
              ),
            },
          }
        : {}),
    };
  }
  const errors = new Set<number>([...COMMON_ERROR_STATUSES, ...(op.errors ?? [])]);
  // A path id that names nothing, and one that breaks its rule, are 404; any method that takes a body can be sent
  // one over the limit.
  if (op.params) errors.add(404);
  if (op.method !== 'GET') errors.add(413);
  // Integer-like keys keep ascending order in JS objects, so statuses come out sorted wherever they were added.
  for (const status of errors) responses[String(status)] = errorResponseRef(status);
  return responses;
}
