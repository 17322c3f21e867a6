import type {
  CallToolResult,
  Tool as ToolListing,
  ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Scope } from '../contract/account.ts';
import { EngineFilter } from '../contract/common.ts';
import type { Caller, Services } from '../domain/context.ts';
import { AppError, storeUnavailable } from '../domain/errors.ts';
import { StoreUnavailableError } from '../store/errors.ts';

/** What the MCP server's tools, resources and prompts run over, whichever transport it is on. */
export interface McpDeps {
  s: Services;
  /** Who is calling, checked anew for every call: a key revoked mid-session stops at its next call. */
  authenticate(): Promise<Caller>;
  /** Faults (never refusals), which the caller sees only as `internal`. */
  logFault(err: unknown): void;
}

/** What a tool runs with: the domain's services and who is calling, already checked for the tool's scope. */
export interface ToolContext {
  s: Services;
  caller: Caller;
}

/**
 * One MCP tool over one domain function: the scope it needs (as the REST operation it mirrors), a zod input that
 * validates the arguments, and a zod output that its result is checked against and advertised as outputSchema.
 */
export interface ToolSpec<I extends z.ZodObject, O extends z.ZodObject> {
  name: string;
  title: string;
  /** One line an assistant chooses the tool by. */
  description: string;
  scope: Scope;
  input: I;
  output: O;
  /** Hints beyond what the scope implies (reads are read-only and closed-world). */
  annotations?: ToolAnnotations;
  run(ctx: ToolContext, args: z.output<I>): Promise<z.input<O>>;
}

export type Tool = ToolSpec<z.ZodObject, z.ZodObject>;

/** A REST operation's path parameters with its query parameters or body fields, as one object of arguments. */
export const argsOf = <P extends z.ZodRawShape, Q extends z.ZodRawShape>(
  params: z.ZodObject<P>,
  rest: z.ZodObject<Q>,
) => z.strictObject({ ...params.shape, ...rest.shape });

/**
 * The engine filter of the reads: one engine id or a list of them, as the REST API takes `engine=chatgpt` once or
 * repeated; always an array for the domain.
 */
export const engineArg = () =>
  z
    .union([EngineFilter.element, EngineFilter])
    .transform((v) => (typeof v === 'string' ? [v] : v))
    .describe('An engine id, or a list of them: "chatgpt" or ["chatgpt", "perplexity"]; see get_capabilities')
    .optional();

/** Keeps each entry of the tool table typed against its own schemas, then erases them for the table. */
export const tool = <I extends z.ZodObject, O extends z.ZodObject>(spec: ToolSpec<I, O>): Tool =>
  spec as unknown as Tool;

/**
 * Every failed call carries the contract's code and the status the REST API would have answered with, so an
 * assistant (or a person reading its log) can act on it exactly as on the API's problem responses.
 */
export const ToolError = z.strictObject({
  error: z
    .strictObject({
      code: z.string().describe('The contract error code, e.g. not_found, insufficient_scope, plan_limit'),
      status: z.number().int().describe('The HTTP status the REST API answers with'),
      detail: z.string().describe('What went wrong and what to change'),
      retryAfterSeconds: z.number().int().optional(),
    })
    .catchall(z.unknown())
    .describe('The contract extension members (e.g. existingPromptId, estimatedUnits) sit beside detail'),
});

type JsonSchema = ToolListing['inputSchema'];

/** Draft 7, which the SDK's own client validates with; the root is an object, as MCP requires. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io }) as Record<
    string,
    unknown
  >;
  return { ...rest, type: 'object' } as JsonSchema;
}

const listings = new WeakMap<Tool, ToolListing>();

/** The tools/list entry, built once per tool: the output schema admits the tool's result or its error. */
export function listing(t: Tool): ToolListing {
  let entry = listings.get(t);
  if (!entry) {
    const readOnly = t.scope === 'visibility:read';
    entry = {
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: jsonSchema(t.input, 'input'),
      outputSchema: jsonSchema(z.union([t.output, ToolError]), 'output'),
      annotations: { title: t.title, readOnlyHint: readOnly, openWorldHint: false, ...t.annotations },
    };
    listings.set(t, entry);
  }
  return entry;
}

/** A result: the structured content, and the same JSON as text for clients that read only text. */
export function toolResult(structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

const internal = () =>
  new AppError('internal', 'Something went wrong on our side. Retry later; it has been logged.');

/** A refusal or fault as an MCP tool error: `isError`, the code and status in structured content. */
export function toolError(err: unknown, log: (err: unknown) => void): CallToolResult {
  // A database out of reach is no fault to log: the caller retries when told, as the REST API's 503 tells it.
  const down = err instanceof StoreUnavailableError;
  const e = err instanceof AppError ? err : down ? storeUnavailable() : internal();
  if (!(err instanceof AppError) && !down) log(err);
  const error = {
    code: e.code,
    status: e.status,
    detail: e.detail,
    ...e.extras,
    ...(e.retryAfter !== null && { retryAfterSeconds: e.retryAfter }),
  };
  return {
    isError: true,
    content: [{ type: 'text', text: `${e.code} (${e.status}): ${e.detail}` }],
    structuredContent: { error },
  };
}

/** Argument errors read like the REST API's parameter errors: each issue with where it is. */
export function argumentError(error: z.ZodError): AppError {
  const issues = error.issues.map((i) => {
    const path = i.path.map(String).join('.');
    return path ? `argument ${path}: ${i.message}` : `arguments: ${i.message}`;
  });
  return new AppError('invalid_parameter', issues.join('; '));
}
