import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { requireScope } from '../domain/callers.ts';
import { AppError } from '../domain/errors.ts';
import type { McpDeps, ToolContext } from './tool.ts';

/** MCP's code for a resource that does not exist (specification, resources: error handling). */
const RESOURCE_NOT_FOUND = -32002;

/**
 * Resources and prompts fail as JSON-RPC errors (they have no isError result); the contract's code and status ride
 * in `data`, as tools carry them in structured content.
 */
export function protocolError(err: unknown, logFault: (err: unknown) => void): McpError {
  if (err instanceof McpError) return err;
  if (!(err instanceof AppError)) {
    logFault(err);
    return new McpError(ErrorCode.InternalError, 'Something went wrong on our side. Retry later.', {
      code: 'internal',
      status: 500,
    });
  }
  const rpc =
    err.code === 'not_found'
      ? RESOURCE_NOT_FOUND
      : err.status < 500
        ? ErrorCode.InvalidParams
        : ErrorCode.InternalError;
  return new McpError(rpc, err.detail, { code: err.code, status: err.status, ...err.extras });
}

/** A value from a URI template or prompt argument, checked with the contract's schema for it. */
export function checked<S extends z.ZodType>(schema: S, name: string, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError(
      'invalid_parameter',
      `${name}: ${parsed.error.issues.map((i) => i.message).join('; ')}`,
    );
  }
  return parsed.data;
}

/** A resource read or a prompt: run for the caller, with the scope every read needs, failing as a JSON-RPC error. */
export async function readFor<T>(deps: McpDeps, work: (ctx: ToolContext) => Promise<T>): Promise<T> {
  try {
    const caller = await deps.authenticate();
    requireScope(caller, 'visibility:read');
    return await work({ s: deps.s, caller });
  } catch (err) {
    throw protocolError(err, deps.logFault);
  }
}
