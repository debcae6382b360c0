/**
 * A plain call's answer larger than JOB_RESULT_INLINE_MAX_BYTES, when the call is not promoted (promotion off
 * with JOB_PROMOTE_AFTER_MS=0, or the operation opted out): answered by reference like every other large value,
 * never as megabytes of structuredContent. The answer is kept as a blob beside a finished call record in this
 * credential's partition (so only this credential reads it back, through resources/read on its URI), and the
 * tool answers with its size, a result_ref, a resource_link and a bounded preview.
 *
 * A server with no job families and no promotable operation opens no store: there the answer cannot be kept, and
 * the tool says so, with a bounded preview and `truncated: true`, rather than passing the megabytes on.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { RuntimeContext } from '../core/context.js';
import { hashInputs, newJobId } from '../core/idempotency.js';
import { scrubSecrets } from '../core/secrets.js';
import type { OperationSpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import type { ParsedBody } from '../upstream/http.js';
import { LARGE_ANSWER_KEY } from './callSchemas.js';
import { createRecord } from './jobRecords.js';
import { callFamily, newCallRecord } from './promotedCall.js';
import { exceedsInline, refSentence, refView } from './resultRefs.js';
import { keepAnswer } from './storedAnswers.js';

/** Characters of a large answer shown as its preview. */
export const LARGE_ANSWER_PREVIEW_CHARS = 2_000;

/** The tool result for an answer too large to return inline, or null when it fits (or is binary: never inline). */
export async function largeAnswerResult(
  ctx: RuntimeContext,
  op: OperationSpec,
  args: Record<string, unknown>,
  status: number,
  body: ParsedBody,
): Promise<CallToolResult | null> {
  if (body.binary) return null;
  const bytes = Buffer.byteLength(body.text);
  if (!exceedsInline(ctx, bytes)) return null;
  const secrets = ctx.config.secrets;
  const preview = scrubSecrets(body.text.slice(0, LARGE_ANSWER_PREVIEW_CHARS), secrets);
  const limit = ctx.config.resultInlineMaxBytes;
  if (!ctx.store) {
    const text = [
      `HTTP ${status}: the answer is ${bytes} bytes, more than this server returns inline (JOB_RESULT_INLINE_MAX_BYTES=${limit}), and this server keeps no job store to hold it by reference (it has no job families and no promotable operation), so only its first ${preview.length} characters are shown and the rest is dropped (truncated).`,
      'Narrow the request (filters, paging arguments) or have the operator raise JOB_RESULT_INLINE_MAX_BYTES.',
      preview,
    ].join('\n');
    return {
      structuredContent: { [LARGE_ANSWER_KEY]: { size_bytes: bytes, content_type: body.contentType, truncated: true } },
      content: [{ type: 'text', text }],
    };
  }
  const record = await keepCall(ctx, op, args, status, body);
  const view = refView(ctx, record, 'answer');
  if (!view) throw new Error('the kept answer has no reference');
  const how = refSentence(view, `The answer of this ${op.tool} call (HTTP ${status})`, null);
  return {
    structuredContent: {
      [LARGE_ANSWER_KEY]: { size_bytes: bytes, content_type: body.contentType, truncated: false, result_ref: view },
    },
    content: [
      { type: 'resource_link', uri: view.uri, name: `${record.id}-answer`, mimeType: view.content_type ?? undefined, description: how },
      { type: 'text', text: `${how}\nIts first ${preview.length} characters:\n${preview}` },
    ],
  };
}

/** A finished call record in this partition, with the answer kept beside it (a succeeded call: nothing to recover). */
async function keepCall(
  ctx: RuntimeContext,
  op: OperationSpec,
  args: Record<string, unknown>,
  status: number,
  body: ParsedBody,
): Promise<JobRecord> {
  const now = ctx.now();
  const record = newCallRecord(ctx, op, now, {
    id: newJobId(),
    phase: 'accepted',
    state: 'succeeded',
    upstreamStatus: `HTTP ${status}`,
    inputHash: hashInputs(callFamily(op.tool), op.tool, args),
    dedupeKey: null,
    // Never a dedupe target: an identical call later is new work, as a plain call always is.
    dedupeUntil: now,
    upstreamIdempotencyKey: null,
    // The arguments are not kept: nothing re-sends a finished call, and they may be large or sensitive.
    args: {},
  });
  const kept = { ...record, ...(await keepAnswer(ctx, record, status, body)) };
  const created = await createRecord(ctx, kept, now);
  if (!created.created) throw new Error(`job id ${record.id} is taken`);
  return created.record;
}
