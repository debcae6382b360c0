/**
 * tools/list and tools/call on the SDK's low-level Server, answered from the ToolRegistry. The SDK still owns
 * the wire (era codecs, result projection, validation of the JSON-RPC shapes); this file owns what McpServer
 * would otherwise do per instance: the JSON Schema conversion (cached per process here), input validation,
 * the output check, and the Tasks extension's say in how a job start answers.
 */
import type { CallToolResult, ListToolsResult, Server, ServerContext } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { RuntimeContext } from '../core/context.js';
import { withToolLabel } from '../core/observe.js';
import { scrubSecrets } from '../core/secrets.js';
import type { TasksBinding } from './tasks.js';
import type { ToolCallExtra, ToolEntry, ToolRegistry } from './toolRegistry.js';

export interface ToolServing {
  registry: ToolRegistry;
  /** The Tasks extension, when on: a start called by a client that declared it answers with a task. */
  tasks: TasksBinding | null;
}

export function serveTools(server: Server, ctx: RuntimeContext, serving: ToolServing): void {
  server.registerCapabilities({ tools: {} });
  server.setRequestHandler('tools/list', () => ({ tools: serving.registry.list() as ListToolsResult['tools'] }));
  server.setRequestHandler('tools/call', async (request, sctx) => {
    const { name } = request.params;
    const entry = serving.registry.get(name);
    // The SDK's own wording and code for an unknown tool, so clients see what they see from McpServer.
    if (!entry) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
    const parsed = entry.inputSchema.safeParse(request.params.arguments ?? {});
    if (!parsed.success) {
      return toolError(ctx, `Input validation error: Invalid arguments for tool ${name}: ${parsed.error.message}`);
    }
    const args = parsed.data as Record<string, unknown>;
    const tasks = serving.tasks;
    if (entry.start && tasks?.declared(sctx)) {
      const answer = await tasks.startTask(ctx, entry, args);
      // The SDK's tools/call types predate the extension's `resultType: "task"`; its 2026 codec passes it on.
      if ('taskId' in answer) return answer as unknown as CallToolResult;
      return server.projectCallToolResult(answer, serving.registry.outputSchemaJson(entry));
    }
    // The tool's name labels every upstream request the call causes (metrics), background work included.
    const result = await ctx.lifecycle.run(() => withToolLabel(name, () => entry.run(ctx, args, callExtra(sctx))));
    return server.projectCallToolResult(checkOutput(ctx, entry, result), serving.registry.outputSchemaJson(entry));
  });
}

export function callExtra(sctx: ServerContext): ToolCallExtra {
  return {
    signal: sctx.mcpReq.signal,
    _meta: sctx.mcpReq._meta as ToolCallExtra['_meta'],
    sendNotification: (notification) => sctx.mcpReq.notify(notification),
  };
}

function toolError(ctx: RuntimeContext, message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: scrubSecrets(message, ctx.config.secrets) }] };
}

/**
 * Clients reject a structuredContent that misfits the advertised output schema, and the handlers already fit
 * it (mcp/toolResults.ts); this check turns a runtime bug into a readable tool error instead of a rejected call.
 */
function checkOutput(ctx: RuntimeContext, entry: ToolEntry, result: CallToolResult): CallToolResult {
  if (!entry.outputSchema || result.isError) return result;
  if (result.structuredContent === undefined) {
    return toolError(ctx, `Output validation error: Tool ${entry.name} has an output schema but no structured content was provided`);
  }
  const checked = entry.outputSchema.safeParse(result.structuredContent);
  if (checked.success) return result;
  return toolError(ctx, `Output validation error: Invalid structured content for tool ${entry.name}: ${checked.error.message}`);
}
