import { z } from 'zod';

/** Shared building blocks of the contract: identifiers, dates, paging and the query parameter rules of section 4. */

export const DateString = z.iso.date().describe('YYYY-MM-DD (UTC day)');
export const DateTime = z.iso.datetime({ offset: true }).describe('RFC 3339 date-time (UTC)');
export const Uri = z.url();

export const ProjectId = z
  .string()
  .regex(/^[A-Za-z0-9]{1,64}$/, 'must be 1 to 64 letters and digits')
  .describe('1 to 64 letters and digits');
export const AnswerId = z
  .string()
  .regex(
    /^[A-Za-z0-9_:.-]{1,200}$/,
    'must be 1 to 200 letters, digits, underscores, colons, periods or hyphens',
  );
export const ResourceId = z.string().min(1).max(200);

export const Cursor = z.string().min(1).max(512).describe('Opaque; the previous page nextCursor');
export const Limit = z.coerce.number().int().min(1).max(200).default(50).describe('Page size, 1 to 200');
export const EngineFilter = z
  .array(z.string().min(1).max(60))
  .max(50)
  .describe('Repeat the parameter for several engines');
export const QueryBoolean = z.stringbool({ truthy: ['true'], falsy: ['false'] });

export const ProjectParams = z.strictObject({ projectId: ProjectId });

export const PageQuery = z.strictObject({ cursor: Cursor.optional(), limit: Limit });

export const DateRangeQuery = z.strictObject({
  from: DateString.optional().describe('First day included (UTC)'),
  to: DateString.optional().describe('Last day included (UTC); defaults to today'),
});

/** A paged list: `{data, nextCursor}` with nextCursor null on the last page. */
export function page<T extends z.ZodType>(item: T) {
  return z.strictObject({ data: z.array(item), nextCursor: z.string().nullable() });
}

export function list<T extends z.ZodType>(item: T) {
  return z.strictObject({ data: z.array(item) });
}
