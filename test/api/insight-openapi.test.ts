import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALERT_EVENTS, CitationEvent, OvertakeEvent, VisibilityEvent } from '../../server/contract/alerts.ts';
import { buildOpenApiDocument } from '../../server/contract/openapi.ts';
import type { JsonSchema } from '../../server/contract/openapi-types.ts';
import { operations } from '../../server/contract/operations.ts';

/**
 * The insight reads and alert events in the OpenAPI document: marked as extensions, and with examples (each query
 * parameter, each response, each event) that the zod schemas the service validates with accept.
 */

const doc = buildOpenApiDocument();
const extensions = operations.filter((op) => op.extension);

/** The first example the zod contract gives a schema, looking through optional. */
function exampleOf(schema: z.ZodType): unknown {
  const examples = z.globalRegistry.get(schema)?.examples as unknown[] | undefined;
  if (examples?.length) return examples[0];
  return schema instanceof z.ZodOptional ? exampleOf(schema.unwrap() as z.ZodType) : undefined;
}

/** The examples a document schema carries, itself or through its `$ref`. */
function documentExamples(schema: JsonSchema): unknown[] | undefined {
  if (typeof schema.$ref === 'string') {
    return documentExamples(doc.components.schemas[schema.$ref.split('/').pop()!]!);
  }
  return schema.examples as unknown[] | undefined;
}

describe('the insight reads and alert events in the OpenAPI document', () => {
  it('are the four reads, each marked as an extension', () => {
    const reads = extensions.filter((op) => op.tag === 'Insights');
    expect(reads.map((op) => op.operationId)).toEqual([
      'getSourceStats',
      'getPromptStats',
      'getTrends',
      'getSurfaceStats',
    ]);
    for (const op of reads)
      expect(doc.paths[op.path]?.get?.['x-answerwatch-extension'], op.operationId).toBe(true);
  });

  it('give an example of each query parameter they add, which the service accepts as sent in a URL', () => {
    for (const op of extensions.filter((o) => o.tag === 'Insights')) {
      for (const [name, field] of Object.entries(op.query?.shape ?? {})) {
        if (['from', 'to', 'engine', 'cursor', 'limit'].includes(name)) continue;
        const example = exampleOf(field as z.ZodType);
        expect(example, `${op.operationId} ${name}`).toBeDefined();
        const parsed = (field as z.ZodType).safeParse(String(example));
        expect(parsed.success, `${op.operationId} ${name}: ${parsed.error?.message}`).toBe(true);
        const param = doc.paths[op.path]?.get?.parameters?.find((p) => p.name === name);
        expect(documentExamples(param!.schema), `${op.operationId} ${name} in the document`).toBeDefined();
      }
    }
  });

  it('give an example of each response, valid for its schema and shown in the document', () => {
    for (const op of extensions.filter((o) => o.tag === 'Insights')) {
      const schema = op.responses[200]!.schema!;
      const example = exampleOf(schema);
      const parsed = schema.safeParse(example);
      expect(parsed.success, `${op.operationId}: ${parsed.error?.message}`).toBe(true);
      const ref = (
        doc.paths[op.path]?.get?.responses['200'] as { content: Record<string, { schema: JsonSchema }> }
      ).content['application/json']!.schema;
      expect(documentExamples(ref), op.operationId).toEqual([example]);
    }
  });

  it('give an example of each alert event payload, valid for its schema', () => {
    const payloads = { VisibilityEvent, CitationEvent, OvertakeEvent };
    for (const [name, schema] of Object.entries(payloads)) {
      const parsed = schema.safeParse(exampleOf(schema));
      expect(parsed.success, `${name}: ${parsed.error?.message}`).toBe(true);
      expect(doc.components.schemas[name]?.examples, name).toHaveLength(1);
    }
    for (const event of ALERT_EVENTS) {
      expect(doc.webhooks[event]?.post?.['x-answerwatch-extension'], event).toBe(true);
    }
  });
});
