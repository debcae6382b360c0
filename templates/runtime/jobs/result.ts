/**
 * The result tool: once a job succeeded, fetches its result from wherever the contract puts it (a linked
 * operation, a final-state URL, a field of the job document). A binary or cut result comes back as a resource
 * link to where it is plus a bounded preview; a result larger than JOB_RESULT_INLINE_MAX_BYTES is kept by
 * reference (jobs/resultRefs.ts) and answered as `result_ref`, read a page at a time, never as megabytes of text.
 * Once kept, later calls read it from the store instead of fetching it again.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

import type { RuntimeContext } from '../core/context.js';
import { scrubSecrets, scrubStructured, withoutSecretParams } from '../core/secrets.js';
import type { JobFamilySpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import {
  bodyPreview,
  errorResult,
  httpErrorResult,
  type ToolAnswer,
  type ToolError,
  transportErrorResult,
} from '../upstream/toolResults.js';
import { budgetText, endedOnBudget, withBudgetShare, withCallBudget } from './callBudget.js';
import { loadJob, patchRecord } from './jobRecords.js';
import { hasMorePages, pageableOf } from './pageable.js';
import { refreshJob, sendWithRetry } from './poll.js';
import { protocolOf } from './protocols.js';
import { collectPages } from './resultPages.js';
import { exceedsInline, putRef, readDocument, readRefPage, refSentence, refView } from './resultRefs.js';
import type { ResultView } from './schemas.js';
import { notFound, startProblem } from './status.js';

const INLINE_RESULT_CHARS = 100_000;

/** A result in hand before inlineAnswer settles how it is shown: what it is, and what is known of its body. */
type ResultFields = Pick<ResultView, 'job_id' | 'state' | 'result' | 'result_location'> &
  Partial<Pick<ResultView, 'content_type' | 'size_bytes'>>;

export async function jobResult(
  given: RuntimeContext,
  family: JobFamilySpec,
  args: { job_id: string; offset?: number },
): Promise<ToolAnswer<ResultView>> {
  // Every upstream round trip of this call (status check, result, next pages) fits one budget (jobs/callBudget.ts).
  const ctx = withCallBudget(given);
  let record = await loadJob(ctx, args.job_id, family.name);
  if (!record) return notFound(ctx, args.job_id, family);
  const problem = startProblem(ctx, record);
  if (problem) return problem;
  const refresh = await refreshJob(withBudgetShare(ctx, 0.5), family, record);
  if (refresh.fatal) return refresh.fatal;
  record = refresh.record;
  if (record.state !== 'succeeded') {
    const detail =
      record.state === 'failed' || record.state === 'cancelled'
        ? ` It ended as ${record.state}; ${family.tools.status} shows what the upstream said.`
        : ` Poll ${family.tools.status} until it succeeds.`;
    return errorResult(`Job ${record.id} has no result: it is ${record.state}.${detail}`, ctx.config.secrets);
  }
  // Kept by reference by an earlier call: read from the store, never fetched again.
  if (record.refs?.result) return refAnswer(ctx, family, record, args.offset);
  const base = { job_id: record.id, state: record.state };
  const pageable = pageableOf(family, record);
  const protocol = protocolOf(family, record);
  const prepared = protocol.prepareResult(ctx, family, record);
  if (!prepared) {
    // The result is part of the job document itself: the record's, or the whole one kept beside a record
    // too small for it (its first page, when the result is a pageable list).
    let view = record;
    if (record.refs?.document) {
      const document = await readDocument(ctx, record);
      if (document === null) return lapsed(ctx, family, record);
      view = { ...record, snapshot: document };
    }
    if (pageable && view.pollUrl && hasMorePages(view.snapshot, pageable)) {
      const pages = await collectPages(ctx, family, view, view.snapshot, view.pollUrl, pageable);
      return inlineAnswer(ctx, family, record, { ...base, result: pages.result, result_location: null }, args.offset, pages.note);
    }
    const inline = protocol.locateResult(family, view);
    return inlineAnswer(
      ctx,
      family,
      record,
      { ...base, result: inline.result, result_location: inline.result_location ?? null },
      args.offset,
    );
  }
  if (!prepared.ok) return prepared.result;
  const request = prepared.request;
  // Redirects (results often live on a blob host) are followed inside the outbound policy: allowed origins
  // only, credentials dropped on the way (upstream/redirects.ts).
  const outcome = await sendWithRetry(ctx, request);
  if (!outcome.ok && endedOnBudget(ctx, outcome)) {
    return errorResult(
      `The result of job ${record.id} did not arrive within this call's budget of ${budgetText(ctx)} (JOB_CALL_BUDGET_MS): the upstream is slow to send it. The job itself succeeded and nothing is lost.`,
      ctx.config.secrets,
      `Call ${family.tools.result ?? 'the result tool'} again in a moment; if it keeps timing out, the operator can raise JOB_CALL_BUDGET_MS (keep it below the client's own tool timeout).`,
    );
  }
  if (!outcome.ok) return transportErrorResult(outcome, ctx.config.secrets, request.url);
  if (outcome.status >= 300) return httpErrorResult(outcome, ctx.config.secrets, [], 'The result fetch');
  const body = outcome.body;
  const location = scrubSecrets(withoutSecretParams(outcome.url, ctx.config.secrets), ctx.config.secrets);
  // Too large to answer inline, but whole and text: kept by reference (the collected list, or the text as sent).
  if (!body.binary && !body.truncated) {
    const collected =
      body.json !== undefined && pageable && hasMorePages(body.json, pageable)
        ? await collectPages(ctx, family, record, body.json, request.url, pageable)
        : null;
    const text = collected ? JSON.stringify(collected.result) : body.text;
    if (exceedsInline(ctx, Buffer.byteLength(text))) {
      const type = collected ? 'application/json' : body.contentType;
      return refAnswer(ctx, family, await keepResult(ctx, record, text, type), args.offset);
    }
    if (collected) {
      const structured = { ...base, result_location: location, content_type: body.contentType, size_bytes: body.size, truncated: false };
      return inlineAnswer(ctx, family, record, { ...structured, result: collected.result }, args.offset, collected.note);
    }
  }
  const big = body.binary || body.truncated || (body.json === undefined && body.text.length > INLINE_RESULT_CHARS);
  const structured: ResultView = {
    ...base,
    result_location: location,
    content_type: body.contentType,
    size_bytes: body.size,
    truncated: big,
  };
  const content: CallToolResult['content'] = [];
  if (!big && body.json !== undefined) structured.result = body.json;
  else if (!big) structured.result = body.text;
  if (big) {
    content.push({
      type: 'resource_link',
      uri: location,
      name: `${record.id}-result`,
      mimeType: body.contentType ?? undefined,
      description: `Result of job ${record.id} (${body.size} bytes)`,
    });
  }
  const text = big
    ? `Result is large or binary (${body.size} bytes, ${body.contentType ?? 'unknown type'}) at ${location}. Preview:\n${bodyPreview(body, 2_000)}`
    : structured.result !== body.json
      ? JSON.stringify(structured.result, null, 2).slice(0, INLINE_RESULT_CHARS)
      : bodyPreview(body, INLINE_RESULT_CHARS);
  content.push({ type: 'text', text: scrubSecrets(text, ctx.config.secrets) });
  return { structuredContent: scrubStructured(fitTyped(family, structured), ctx.config.secrets), content };
}

/** A result in hand: inline when small, else kept by reference and answered as such. */
async function inlineAnswer(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  record: JobRecord,
  fields: ResultFields,
  offset: number | undefined,
  note?: string,
): Promise<ToolAnswer<ResultView>> {
  const whole = fields.result === undefined ? undefined : JSON.stringify(fields.result);
  if (whole !== undefined && exceedsInline(ctx, Buffer.byteLength(whole))) {
    return refAnswer(ctx, family, await keepResult(ctx, record, whole, 'application/json'), offset);
  }
  const structured = { content_type: 'application/json', size_bytes: null, ...fields, truncated: false };
  const text = `${note ? `${note}\n` : ''}${JSON.stringify(fields.result ?? null, null, 2).slice(0, INLINE_RESULT_CHARS)}`;
  return {
    structuredContent: scrubStructured(fitTyped(family, structured), ctx.config.secrets),
    content: [{ type: 'text', text: scrubSecrets(text, ctx.config.secrets) }],
  };
}

async function keepResult(ctx: RuntimeContext, record: JobRecord, text: string, contentType: string | null): Promise<JobRecord> {
  return patchRecord(ctx, record, { refs: await putRef(ctx, record, 'result', text, contentType) });
}

/**
 * A result kept by reference: where it is and how to read it, with the page at `offset` when one was asked for
 * (structuredContent never holds more than one page).
 */
async function refAnswer(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord, offset?: number): Promise<ToolAnswer<ResultView>> {
  const view = refView(ctx, record, 'result');
  if (!view) return lapsed(ctx, family, record);
  const structured: ResultView = {
    job_id: record.id,
    state: record.state,
    result_location: view.uri,
    content_type: view.content_type,
    size_bytes: view.size_bytes,
    truncated: false,
    result_ref: view,
  };
  const tool = family.tools.result ?? null;
  const how = refSentence(view, `The result of job ${record.id}`, tool);
  const link = {
    type: 'resource_link' as const,
    uri: view.uri,
    name: `${record.id}-result`,
    mimeType: view.content_type ?? undefined,
    description: how,
  };
  if (offset === undefined) {
    const first = await readRefPage(ctx, record.id, 'result', 0);
    if (!first) return lapsed(ctx, family, record);
    const preview = first.text.slice(0, 2_000);
    const text = `${how}\nIt begins:\n${preview}`;
    return { structuredContent: structured, content: [link, { type: 'text', text: scrubSecrets(text, ctx.config.secrets) }] };
  }
  const page = await readRefPage(ctx, record.id, 'result', offset);
  if (!page) return lapsed(ctx, family, record);
  structured.page = { offset: page.offset, next_offset: page.next_offset, text: page.text };
  const end = page.next_offset ?? view.size_bytes;
  const next = page.next_offset === null ? 'This is the last page.' : `Next: offset ${page.next_offset}.`;
  const text = `Bytes ${page.offset}-${end} of ${view.size_bytes} of the result of job ${record.id}. ${next}\n${page.text}`;
  return { structuredContent: structured, content: [{ type: 'text', text }] };
}

/** A value kept by reference outlived by its record (its own retention passed): said, with what to do. */
function lapsed(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord): ToolError {
  return errorResult(
    `The result of job ${record.id} was kept by reference and is no longer there (it was kept for JOB_RETENTION_MS).`,
    ctx.config.secrets,
    `Start the job again with ${family.starts[0]?.operation ?? 'its start tool'} if the result is still needed.`,
  );
}

/** A result that misfits the family's declared result schema moves to the text instead of failing the call. */
function fitTyped(family: JobFamilySpec, structured: ResultView): ResultView {
  if (structured.result === undefined || !family.resultOutput) return structured;
  const parsed = z.safeParse(family.resultOutput, structured.result);
  if (parsed.success) return { ...structured, result: parsed.data };
  const { result: _dropped, ...rest } = structured;
  return rest;
}
