/**
 * Plain tools: one per OperationSpec with role `tool`. The handler sends the request and returns the body as
 * text, plus `structuredContent` fitted to the output schema when the operation has one.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';

import type { RuntimeContext } from '../core/context.js';
import { lazy } from '../core/lazy.js';
import { scrubSecrets, scrubStructured } from '../core/secrets.js';
import type { OperationSpec } from '../definition.js';
import {
  handleOutput,
  idempotencyKeyInput,
  LARGE_ANSWER_KEY,
  largeAnswerOutput,
  plainOutput,
  promotableOutput,
} from '../jobs/callSchemas.js';
import { largeAnswerResult } from '../jobs/largeAnswer.js';
import { callPromotable, HANDLE_KEY, isPromotable } from '../jobs/promotedCall.js';
import { describePromotable } from '../jobs/serverWork.js';
import type { ParsedBody } from '../upstream/http.js';
import { invokeOperation } from '../upstream/invoke.js';
import { bodyPreview, fitStructured, fitsStructuredText } from '../upstream/toolResults.js';
import { shippedSchemas, type ToolRegistry } from './toolRegistry.js';

export function addPlainTools(registry: ToolRegistry, ctx: RuntimeContext): void {
  for (const op of ctx.def.operations) {
    if (op.role !== 'tool') continue;
    if (isPromotable(ctx, op)) {
      addPromotableTool(registry, ctx, op);
      continue;
    }
    registry.add({
      name: op.tool,
      title: op.annotations.title,
      description: op.description,
      // Read on first use: generated operations build their zod schemas lazily (core/lazy.ts).
      get inputSchema() {
        return op.input;
      },
      // With the large-answer key beside the operation's own output: an answer too large to return inline
      // is answered by reference (jobs/largeAnswer.ts).
      get outputSchema() {
        return lazy(this, 'outputSchema', () => (op.output ? plainOutput(op.output) : undefined));
      },
      annotations: op.annotations,
      _meta: { 'mcp-jobgen/role': 'tool', 'mcp-jobgen/operation': op.operationId ?? `${op.method} ${op.path}` },
      toolsets: op.toolsets,
      run: (callCtx, args, extra) => callPlainTool(callCtx, op, args, extra.signal),
      ...(op.loadSchemas ? { prepare: op.loadSchemas } : {}),
      // Whether it has an output read from the shipped JSON: op.output would build the zod schema on every start.
      shipped: shippedSchemas(op.listed, op.listed?.output !== undefined ? { outputKeys: PLAIN_OUTPUT_KEYS } : {}),
    });
  }
}

/**
 * A plain tool the contract shows to be slow or costly: the same tool, plus `idempotency_key`, a possible
 * job handle in its output, and calls that outlive JOB_PROMOTE_AFTER_MS answered with that handle.
 */
function addPromotableTool(registry: ToolRegistry, ctx: RuntimeContext, op: OperationSpec): void {
  registry.add({
    name: op.tool,
    title: op.annotations.title,
    description: describePromotable(ctx, op),
    get inputSchema() {
      return lazy(this, 'inputSchema', () => op.input.extend({ idempotency_key: idempotencyKeyInput }));
    },
    get outputSchema() {
      return lazy(this, 'outputSchema', () => promotableOutput(op.output));
    },
    annotations: op.annotations,
    _meta: {
      'mcp-jobgen/role': 'tool',
      'mcp-jobgen/operation': op.operationId ?? `${op.method} ${op.path}`,
      'mcp-jobgen/status': ctx.def.callStatusTool ?? null,
    },
    toolsets: op.toolsets,
    run: (callCtx, args, extra) =>
      callPromotable(callCtx, op, args, (o, status, body) => successResult(o, status, body, callCtx.config.secrets), extra),
    ...(op.loadSchemas ? { prepare: op.loadSchemas } : {}),
    shipped: shippedSchemas(op.listed, { idempotencyKey: idempotencyKeyInput, outputKeys: PROMOTED_OUTPUT_KEYS }),
  });
}

/** What promotableOutput adds to the operation's output, for listing it from the shipped JSON (one object: converted once). */
const PROMOTED_OUTPUT_KEYS = { [HANDLE_KEY]: handleOutput.optional() };
/** What plainOutput adds, likewise. */
const PLAIN_OUTPUT_KEYS = { [LARGE_ANSWER_KEY]: largeAnswerOutput.optional() };

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
  const large = await largeAnswerResult(ctx, op, args, response.status, response.body);
  return large ?? successResult(op, response.status, response.body, ctx.config.secrets);
}

export function successResult(op: OperationSpec, status: number, body: ParsedBody, secrets: readonly string[]): CallToolResult {
  const preview = bodyPreview(body);
  const lines = [`HTTP ${status}${preview ? '' : ' (empty body)'}`];
  const result: CallToolResult = { content: [] };
  const fitted = op.output ? fitStructured(op.output, body.json) : undefined;
  // The call path adds structuredContent as JSON text (toolCalls.ts): the body is printed a second time only
  // where that text would not repeat all of it.
  const repeated = fitted !== undefined && fitted.dropped.length === 0 && fitsStructuredText(fitted.structured);
  if (preview && !repeated) lines.push(preview);
  if (fitted) {
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
