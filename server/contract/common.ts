import { z } from 'zod';

/** Shared building blocks of the contract: identifiers, dates, paging and the query parameter rules of section 4. */

declare module 'zod/v4/core' {
  interface GlobalMeta {
    /** Realistic values, typed as the schema's output: the document shows the first where the schema is used. */
    examples?: z.core.$output[];
  }
}

/** The first example of a schema, for composing the examples of the schemas built on it. */
export function exampleOf<S extends z.ZodType>(schema: S): z.output<S> {
  const examples = z.globalRegistry.get(schema)?.examples;
  if (!examples?.length) throw new Error('a schema used in an example has no example of its own');
  return examples[0] as z.output<S>;
}

/** Ids in the shapes the service makes them, shared by the examples of every schema. */
export const EXAMPLE_IDS = {
  project: 'prj7QmT2xK9pLw4RzN8vB3c',
  prompt: 'pmt3Hn6Lq1Vy8Bd2Kf5Xs0a',
  run: 'run4kP8sN2qW7xT1mZ5vR9c',
  runRequest: 'rrq9Tf2Wk7Lp4Qx8Zm1Nc6b',
  webhook: 'whk2Rb8Xn5Qd1Lt7Vk4Mz9s',
  delivery: 'dlv6Yc1Hp9Ws3Kn8Tb2Lq5x',
  event: 'evt5Jm8Rq2Xv6Nd1Wz9Kt4p',
  answer: 'run4kP8sN2qW7xT1mZ5vR9c:pmt3Hn6Lq1Vy8Bd2Kf5Xs0a:chatgpt:1',
  cursor:
    'eyJsIjoiYW5zd2VycyIsImYiOiJxN0xtMlR4OWtQNHdSOHpCIiwicCI6WzE3ODE0MjMzMzAwMDAsInJ1biJdfQ.Xk2pQ8vLm4Tz9Rw1Nb7Hc3Yd',
} as const;

export const DateString = z.iso.date().describe('YYYY-MM-DD (UTC day)');
export const DateTime = z.iso.datetime({ offset: true }).describe('RFC 3339 date-time (UTC)');
export const Uri = z.url();

/**
 * An absolute https URL, as the contract asks of a project's website and a webhook endpoint. The pattern states in
 * the document what the service checks, so tools can check it too: the scheme in any case, a host, no whitespace;
 * the URL parser then has the last word on the rest.
 */
export const HttpsUrl = z
  .string()
  .max(2048)
  .regex(/^[Hh][Tt][Tt][Pp][Ss]:\/\/[^\s/?#]+([/?#]\S*)?$/, 'must be an absolute https:// URL without spaces')
  .meta({ format: 'uri' })
  .pipe(z.url({ protocol: /^https$/, error: 'must be an https URL' }));

/**
 * Text that must say something: surrounding spaces are trimmed and a value of spaces only is refused. The pattern
 * states the second rule in the document, where `minLength` alone would let tools send `" "`.
 */
export const Text = (max: number) =>
  z.string().trim().max(max).regex(/\S/, 'must not be empty or only spaces');

export const ProjectId = z
  .string()
  .regex(/^[A-Za-z0-9]{1,64}$/, 'must be 1 to 64 letters and digits')
  .describe('1 to 64 letters and digits')
  .meta({ examples: [EXAMPLE_IDS.project] });
export const AnswerId = z
  .string()
  .regex(
    /^[A-Za-z0-9_:.-]{1,200}$/,
    'must be 1 to 200 letters, digits, underscores, colons, periods or hyphens',
  )
  .meta({ examples: [EXAMPLE_IDS.answer] });
export const ResourceId = z.string().min(1).max(200);

export const Cursor = z
  .string()
  .min(1)
  .max(512)
  .describe('Opaque; the previous page nextCursor')
  .meta({ examples: [EXAMPLE_IDS.cursor] });
export const Limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(200)
  .default(50)
  .describe('Page size, 1 to 200')
  .meta({ examples: [50] });
export const EngineFilter = z
  .array(z.string().min(1).max(60))
  .max(50)
  .describe('Repeat the parameter for several engines')
  .meta({ examples: [['chatgpt', 'perplexity']] });
export const QueryBoolean = z.stringbool({ truthy: ['true'], falsy: ['false'] });

export const PageQuery = z.strictObject({ cursor: Cursor.optional(), limit: Limit });

export const DateRangeQuery = z.strictObject({
  from: DateString.optional()
    .describe('First day included (UTC)')
    .meta({ examples: ['2026-05-16'] }),
  to: DateString.optional()
    .describe('Last day included (UTC); defaults to today')
    .meta({ examples: ['2026-06-14'] }),
});

/** A paged list: `{data, nextCursor}` with nextCursor null on the last page; its example is a page of the item's. */
export function page<T extends z.ZodType>(item: T) {
  return z
    .strictObject({ data: z.array(item), nextCursor: z.string().nullable() })
    .meta({ examples: [{ data: [exampleOf(item)], nextCursor: EXAMPLE_IDS.cursor }] });
}

export function list<T extends z.ZodType>(item: T) {
  return z.strictObject({ data: z.array(item) }).meta({ examples: [{ data: [exampleOf(item)] }] });
}
