import { z } from 'zod';
import type { JsonSchema } from './openapi-types.ts';

/**
 * Turns the zod contract into JSON Schema 2020-12 with zod's own converter. Schemas carrying `.meta({ id })`
 * become `#/components/schemas/<id>`; every other schema is converted in the same pass (under a throwaway id)
 * so that the components nested in it are referenced rather than copied, and is then inlined where it is used.
 */

export type Io = 'input' | 'output';

export interface SchemaRoots {
  /** Request bodies: converted as zod parses them (defaults optional, before transforms). */
  input: z.ZodType[];
  /** Responses, events and parameters: converted as the values the service and its handlers see. */
  output: z.ZodType[];
}

export interface ConvertedSchemas {
  components: Record<string, JsonSchema>;
  /** The schema to put where `schema` is used: a `$ref` for a component, the converted schema otherwise. */
  use(schema: z.ZodType, io: Io): JsonSchema;
}

const COMPONENTS = '#/components/schemas/';
const INLINE = '__inline';

function componentId(schema: z.ZodType): string | undefined {
  return z.globalRegistry.get(schema)?.id;
}

export function convertSchemas(roots: SchemaRoots): ConvertedSchemas {
  const input = convertMode(roots.input, 'input');
  const output = convertMode(roots.output, 'output');
  const components: Record<string, JsonSchema> = {};
  for (const [id, schema] of [...Object.entries(input.components), ...Object.entries(output.components)]) {
    const existing = components[id];
    // One component name must describe one shape; a schema with defaults or transforms used both as a
    // request and a response would need two names.
    if (existing && JSON.stringify(existing) !== JSON.stringify(schema)) {
      throw new Error(
        `schema ${id} converts differently as a request and as a response; give each use its own id`,
      );
    }
    components[id] = schema;
  }
  const sorted = Object.fromEntries(
    Object.keys(components)
      .sort()
      .map((id) => [id, components[id] as JsonSchema]),
  );
  return {
    components: sorted,
    use(schema, io) {
      const id = componentId(schema);
      if (id) return { $ref: COMPONENTS + id };
      const inline = (io === 'input' ? input : output).inline.get(schema);
      if (!inline) throw new Error('schema used in the document was not passed to convertSchemas');
      return structuredClone(inline);
    },
  };
}

interface ModeResult {
  components: Record<string, JsonSchema>;
  inline: Map<z.ZodType, JsonSchema>;
}

function convertMode(roots: z.ZodType[], io: Io): ModeResult {
  const registry = z.registry<{ id: string }>();
  const inlineIds = new Map<string, z.ZodType>();
  roots.forEach((schema, index) => {
    if (registry.has(schema)) return;
    const id = componentId(schema) ?? `${INLINE}${index}`;
    if (id.startsWith(INLINE)) inlineIds.set(id, schema);
    registry.add(schema, { id });
  });

  // Components nested in a root but not passed as roots land in zod's `__shared` bucket; register them as
  // components too and convert again until nothing is left there.
  for (;;) {
    const { schemas } = z.toJSONSchema(registry, {
      target: 'draft-2020-12',
      io,
      uri: (id) => COMPONENTS + id,
    });
    const shared = (schemas.__shared as { $defs?: Record<string, unknown> } | undefined)?.$defs ?? {};
    const missing = Object.keys(shared);
    if (missing.length === 0) return collect(schemas as Record<string, JsonSchema>, inlineIds);
    for (const id of missing) {
      const schema = z.globalRegistry._idmap.get(id);
      if (!schema)
        throw new Error(`schema without an id is shared or recursive (${id}); give it .meta({ id })`);
      registry.add(schema as z.ZodType, { id });
    }
  }
}

function collect(schemas: Record<string, JsonSchema>, inlineIds: Map<string, z.ZodType>): ModeResult {
  const result: ModeResult = { components: {}, inline: new Map() };
  for (const [id, converted] of Object.entries(schemas)) {
    // The document fixes the dialect and the location of each schema, so per-schema ones only add noise.
    const schema = { ...converted };
    delete schema.$schema;
    delete schema.$id;
    tidy(schema);
    const zodSchema = inlineIds.get(id);
    if (zodSchema) result.inline.set(zodSchema, schema);
    else result.components[id] = schema;
  }
  if (
    JSON.stringify(result.components).includes(`"${COMPONENTS}${INLINE}`) ||
    JSON.stringify([...result.inline.values()]).includes(`"${COMPONENTS}${INLINE}`)
  ) {
    throw new Error(
      'a schema without an id is used both on its own and inside another schema; give it an id',
    );
  }
  return result;
}

/**
 * Drops what zod adds for its own precision but readers do not need: the safe-integer bounds of every
 * `.int()` and the long date regexes that only restate `format: date` / `date-time`.
 */
function tidy(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(tidy);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as JsonSchema;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  if ((schema.format === 'date' || schema.format === 'date-time') && typeof schema.pattern === 'string') {
    delete schema.pattern;
  }
  Object.values(schema).forEach(tidy);
}
