/**
 * Plain tools: one per OperationSpec with role `tool`. The handler sends the request and returns the body as
 * text, plus `structuredContent` fitted to the output schema when the operation has one.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';

import type { RuntimeContext } from '../core/context.js';
import { scrubSecrets, scrubStructured } from '../core/secrets.js';
import type { OperationSpec } from '../definition.js';
import type { ParsedBody } from '../upstream/http.js';
import { invokeOperation } from '../upstream/invoke.js';
import { bodyPreview, fitStructured, relaxOutputSchema } from '../upstream/toolResults.js';
import type { ToolRegistry } from './toolRegistry.js';

export function addPlainTools(registry: ToolRegistry, ctx: RuntimeContext): void {
  for (const op of ctx.def.operations) {
    if (op.role !== 'tool') continue;
    registry.add({
      name: op.tool,
      title: op.annotations.title,
      description: op.description,
      inputSchema: op.input,
      outputSchema: op.output ? relaxOutputSchema(op.output) : undefined,
      annotations: op.annotations,
      _meta: { 'mcp-jobgen/role': 'tool', 'mcp-jobgen/operation': op.operationId ?? `${op.method} ${op.path}` },
      run: (callCtx, args, extra) => callPlainTool(callCtx, op, args, extra.signal),
    });
  }
}

export async function callPlainTool(
  ctx: RuntimeContext,
  op: OperationSpec,
  args: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<CallToolResult> {
  // Plain calls follow the client's cancellation; job starts deliberately do not (their outcome must be recorded).
  const invocation = await invokeOperation(ctx, op, args, undefined, signal);
  if (!invocation.ok) return invocation.result;
  const { response } = invocation;
  return successResult(op, response.status, response.body, ctx.config.secrets);
}

export function successResult(op: OperationSpec, status: number, body: ParsedBody, secrets: readonly string[]): CallToolResult {
  const preview = bodyPreview(body);
  const lines = [`HTTP ${status}${preview ? '' : ' (empty body)'}`];
  if (preview) lines.push(preview);
  const result: CallToolResult = { content: [] };
  if (op.output) {
    const fitted = fitStructured(op.output, body.json);
    result.structuredContent = scrubStructured(fitted.structured, secrets);
    if (fitted.dropped.length > 0 && body.json !== undefined) {
      lines.push(
        `Note: left out of structuredContent (not in, or not matching, the declared output schema): ${fitted.dropped.join(', ')}. The full body is above.`,
      );
    }
  }
  result.content.push({ type: 'text', text: scrubSecrets(lines.join('\n'), secrets) });
  return result;
}
