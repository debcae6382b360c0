/**
 * The result tool: once a job succeeded, fetches its result from wherever the contract puts it (a linked
 * operation, a final-state URL, a field of the job document). Large or binary results come back as a
 * resource link plus a bounded preview, never as megabytes of text.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

import type { RuntimeContext } from '../core/context.js';
import { scrubSecrets, scrubStructured, withoutSecretParams } from '../core/secrets.js';
import type { JobFamilySpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import { bodyPreview, errorResult, httpErrorResult, transportErrorResult } from '../upstream/toolResults.js';
import { loadJob } from './jobRecords.js';
import { refreshJob, sendWithRetry } from './poll.js';
import type { Prepared } from './pollRequest.js';
import { isOperationLink, prepareJobUrl, prepareLinked } from './pollRequest.js';
import { collectPages, hasMorePages, pageableOf } from './resultPages.js';
import { notFound, startProblem } from './status.js';
import { locateResult } from './view.js';

const INLINE_RESULT_CHARS = 100_000;

function prepareResult(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord): Prepared | null {
  const spec = family.result;
  // An Azure LRO's result is core-lro's final GET when its answers planned one.
  if (record.azureLro && record.resultUrl) return prepareJobUrl(ctx, family, record, 'GET', record.resultUrl, 'result');
  if (isOperationLink(spec)) return prepareLinked(ctx, spec, record);
  if (record.azureLro) return null;
  if (spec && 'finalStateVia' in spec && spec.finalStateVia === 'azure-async-operation') return null;
  if (record.resultUrl) return prepareJobUrl(ctx, family, record, 'GET', record.resultUrl, 'result');
  return null;
}

export async function jobResult(ctx: RuntimeContext, family: JobFamilySpec, args: { job_id: string }): Promise<CallToolResult> {
  let record = await loadJob(ctx, args.job_id, family.name);
  if (!record) return notFound(ctx, args.job_id, family);
  const problem = startProblem(ctx, record);
  if (problem) return problem;
  const refresh = await refreshJob(ctx, family, record);
  if (refresh.fatal) return refresh.fatal;
  record = refresh.record;
  if (record.state !== 'succeeded') {
    const detail =
      record.state === 'failed' || record.state === 'cancelled'
        ? ` It ended as ${record.state}; ${family.tools.status} shows what the upstream said.`
        : ` Poll ${family.tools.status} until it succeeds.`;
    return errorResult(`Job ${record.id} has no result: it is ${record.state}.${detail}`, ctx.config.secrets);
  }
  const base = { job_id: record.id, state: record.state };
  const pageable = pageableOf(family, record);
  const prepared = prepareResult(ctx, family, record);
  if (!prepared) {
    // The result is part of the job document itself (its first page, when the result is a pageable list).
    if (pageable && record.pollUrl && hasMorePages(record.snapshot, pageable)) {
      const pages = await collectPages(ctx, family, record, record.snapshot, record.pollUrl, pageable);
      return inlineAnswer(ctx, family, { ...base, result: pages.result, result_location: null }, pages.note);
    }
    const inline = locateResult(family, record);
    return inlineAnswer(ctx, family, { ...base, result: inline.result, result_location: inline.result_location ?? null });
  }
  if (!prepared.ok) return prepared.result;
  const request = prepared.request;
  // Redirects (results often live on a blob host) are followed inside the outbound policy: allowed origins
  // only, credentials dropped on the way (upstream/redirects.ts).
  const outcome = await sendWithRetry(ctx, request);
  if (!outcome.ok) return transportErrorResult(outcome, ctx.config.secrets, request.url);
  if (outcome.status >= 300) return httpErrorResult(outcome, ctx.config.secrets, [], 'The result fetch');
  const body = outcome.body;
  const location = scrubSecrets(withoutSecretParams(outcome.url, ctx.config.secrets), ctx.config.secrets);
  const big = body.binary || body.truncated || (body.json === undefined && body.text.length > INLINE_RESULT_CHARS);
  const structured: Record<string, unknown> = {
    ...base,
    result_location: location,
    content_type: body.contentType,
    size_bytes: body.size,
    truncated: big,
  };
  const content: CallToolResult['content'] = [];
  let note: string | undefined;
  if (!big && body.json !== undefined && pageable && hasMorePages(body.json, pageable)) {
    const pages = await collectPages(ctx, family, record, body.json, request.url, pageable);
    structured.result = pages.result;
    note = pages.note;
  } else if (!big && body.json !== undefined) structured.result = body.json;
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
    : note !== undefined || structured.result !== body.json
      ? `${note ? `${note}\n` : ''}${JSON.stringify(structured.result, null, 2).slice(0, INLINE_RESULT_CHARS)}`
      : bodyPreview(body, INLINE_RESULT_CHARS);
  content.push({ type: 'text', text: scrubSecrets(text, ctx.config.secrets) });
  return { structuredContent: scrubStructured(fitTyped(family, structured), ctx.config.secrets), content };
}

function inlineAnswer(ctx: RuntimeContext, family: JobFamilySpec, fields: Record<string, unknown>, note?: string): CallToolResult {
  const structured = { ...fields, content_type: 'application/json', size_bytes: null, truncated: false };
  const text = `${note ? `${note}\n` : ''}${JSON.stringify(fields.result ?? null, null, 2).slice(0, INLINE_RESULT_CHARS)}`;
  return {
    structuredContent: scrubStructured(fitTyped(family, structured), ctx.config.secrets),
    content: [{ type: 'text', text: scrubSecrets(text, ctx.config.secrets) }],
  };
}

/** A result that misfits the family's declared result schema moves to the text instead of failing the call. */
function fitTyped(family: JobFamilySpec, structured: Record<string, unknown>): Record<string, unknown> {
  if (structured.result === undefined || !family.resultOutput) return structured;
  const parsed = z.safeParse(family.resultOutput, structured.result);
  if (parsed.success) return { ...structured, result: parsed.data };
  const { result: _dropped, ...rest } = structured;
  return rest;
}
