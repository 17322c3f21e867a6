import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { requireScope } from '../domain/callers.ts';
import { argumentError, listing, toolError, toolResult, type McpDeps, type Tool } from './tool.ts';

/**
 * tools/list and tools/call over the tool table. The SDK's McpServer.registerTool would answer bad arguments
 * with a bare text message; the contract's code and status in structured content need the handlers themselves.
 * A call is checked in the REST API's order: the caller (key, plan, rate), the scope, then the arguments.
 */
export function registerTools(server: Server, tools: readonly Tool[], deps: McpDeps): void {
  const byName = new Map(tools.map((t) => [t.name, t]));
  server.registerCapabilities({ tools: {} });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(listing) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const t = byName.get(request.params.name);
    // An unknown tool is a protocol error, not a tool's failure (MCP specification, tools).
    if (!t) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    try {
      const caller = await deps.authenticate();
      requireScope(caller, t.scope);
      const args = t.input.safeParse(request.params.arguments ?? {});
      if (!args.success) throw argumentError(args.error);
      const result = await t.run({ s: deps.s, caller }, args.data);
      return toolResult(t.output.parse(result));
    } catch (err) {
      return toolError(err, deps.logFault);
    }
  });
}
