/**
 * tools/list and tools/call on the SDK's low-level Server, answered from the ToolRegistry through the offer
 * (toolOffer.ts: what this process lists and accepts). The SDK still owns the wire (era codecs, result
 * projection, validation of the JSON-RPC shapes); this file owns what McpServer would otherwise do per
 * instance: the JSON Schema conversion (cached per process in the registry), pagination, input validation, the
 * output check, and the Tasks extension's say in how a job start answers.
 *
 * `callEntry` is THE call path: a static tool called by name and an operation run through dynamic mode's
 * call_operation go through the same validation, Tasks handling, shutdown tracking and output check.
 */
import type { CallToolResult, ListToolsResult, Server, ServerContext } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { RuntimeContext } from '../core/context.js';
import { releaseNursery } from '../core/nursery.js';
import { withToolLabel } from '../core/observe.js';
import { withoutPrototypes } from '../core/ownArgs.js';
import { scrubSecrets } from '../core/secrets.js';
import { withStructuredText } from '../upstream/toolResults.js';
import { argumentErrors } from './argumentErrors.js';
import { InvalidCursorError, pageOf } from './listCursor.js';
import type { TasksBinding } from './tasks.js';
import type { ToolOffer } from './toolOffer.js';
import type { ToolCallExtra, ToolEntry, ToolRegistry } from './toolRegistry.js';

export interface ToolServing {
  registry: ToolRegistry;
  offer: ToolOffer;
  /** The Tasks extension, when on: a start called by a client that declared it answers with a task. */
  tasks: TasksBinding | null;
}

export function serveTools(server: Server, ctx: RuntimeContext, serving: ToolServing): void {
  const { registry, offer } = serving;
  server.registerCapabilities({ tools: {} });
  server.setRequestHandler('tools/list', (request) => {
    releaseNursery();
    let page: ReturnType<typeof pageOf<ToolEntry>>;
    try {
      page = pageOf(offer.listed, request.params?.cursor, offer.pageSize, offer.fingerprint);
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
      throw error;
    }
    const tools = page.items.map((entry) => registry.listed(entry)) as ListToolsResult['tools'];
    return page.nextCursor === undefined ? { tools } : { tools, nextCursor: page.nextCursor };
  });
  server.setRequestHandler('tools/call', async (request, sctx) => {
    releaseNursery();
    const { name } = request.params;
    const entry = offer.callable.get(name);
    // The SDK's own wording and code for an unknown tool, so clients see what they see from McpServer.
    if (!entry) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
    const args = request.params.arguments ?? {};
    if (!entry.dispatch) return callEntry(server, ctx, serving, entry, args, sctx, registry.outputSchemaJson(entry));
    const parsed = entry.inputSchema.safeParse(withoutPrototypes(args));
    if (!parsed.success)
      return toolError(ctx, `Input validation error: Invalid arguments for tool ${name}: ${argumentErrors(parsed.error, args)}`);
    const target = entry.dispatch(parsed.data as Record<string, unknown>);
    const targetEntry = offer.reachable.get(target.name);
    if (!targetEntry) {
      return toolError(
        ctx,
        `No operation named ${target.name} among this server's tools${offer.toolsets.includes('all') ? '' : ` (toolsets ${offer.toolsets.join(', ')})`}. search_operations finds operations by words.`,
      );
    }
    // The dispatcher advertises no output schema of its own: the operation's structuredContent passes as it is.
    return callEntry(server, ctx, serving, targetEntry, target.arguments, sctx, undefined, name);
  });
}

/**
 * Runs one tool: strict input validation (the tool's own zod schema), then the Tasks extension for a start
 * whose client declared it, else the handler under the shutdown lifecycle, then the output check and the era
 * projection against `advertised` (the output schema the client was shown for the tool it called).
 */
export async function callEntry(
  server: Server,
  ctx: RuntimeContext,
  serving: ToolServing,
  entry: ToolEntry,
  rawArgs: Record<string, unknown>,
  sctx: ServerContext,
  advertised: Record<string, unknown> | undefined,
  via?: string,
): Promise<CallToolResult> {
  try {
    await entry.prepare?.();
  } catch (error) {
    // One tool's broken schema module fails that tool's calls, not the server.
    return toolError(ctx, `Tool ${entry.name} is unavailable: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = entry.inputSchema.safeParse(withoutPrototypes(rawArgs));
  if (!parsed.success) {
    const hint = via ? `\nHint: describe_operation with name ${entry.name} shows its input schema.` : '';
    return toolError(
      ctx,
      `Input validation error: Invalid arguments for tool ${entry.name}: ${argumentErrors(parsed.error, rawArgs)}${hint}`,
    );
  }
  const args = parsed.data as Record<string, unknown>;
  const tasks = serving.tasks;
  if (entry.start && tasks?.declared(sctx)) {
    const answer = await tasks.startTask(ctx, entry, args);
    // The SDK's tools/call types predate the extension's `resultType: "task"`; its 2026 codec passes it on.
    if ('taskId' in answer) return answer as unknown as CallToolResult;
    return server.projectCallToolResult(withStructuredText(answer, ctx.config.secrets), advertised);
  }
  // The tool's name labels every upstream request the call causes (metrics), background work included.
  const labelled = withToolLabel(ctx, entry.name);
  const result = await ctx.lifecycle.run(() => entry.run(labelled, args, callExtra(sctx)));
  // Every structured answer also as JSON text: the only part of it some frameworks hand their model.
  return server.projectCallToolResult(withStructuredText(checkOutput(ctx, entry, result), ctx.config.secrets), advertised);
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
 * A tool whose answer is the runtime's own typed view (`ownOutput`: the status tool, polled many times a
 * second) is not parsed again: its type is the schema's, and what came from upstream in it was fitted already.
 */
function checkOutput(ctx: RuntimeContext, entry: ToolEntry, result: CallToolResult): CallToolResult {
  if (!entry.outputSchema || result.isError || entry.ownOutput) return result;
  if (result.structuredContent === undefined) {
    return toolError(ctx, `Output validation error: Tool ${entry.name} has an output schema but no structured content was provided`);
  }
  const checked = entry.outputSchema.safeParse(result.structuredContent);
  if (checked.success) return result;
  return toolError(ctx, `Output validation error: Invalid structured content for tool ${entry.name}: ${checked.error.message}`);
}
