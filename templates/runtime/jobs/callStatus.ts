/**
 * The status tool of promoted calls. The work runs inside some server process (this one, another replica, or
 * a recovery re-send), so there is nothing upstream to poll: the tool reads the record, and with wait_ms
 * re-reads it until the call finished or the wait is over.
 */
import type { RuntimeContext } from '../core/context.js';
import { scrubSecrets, scrubStructured } from '../core/secrets.js';
import type { JobRecord } from '../store/types.js';
import { bodyPreview, errorResult, type ToolAnswer, type ToolSuccess } from '../upstream/toolResults.js';
import type { CallStatusView } from './callSchemas.js';
import { isTerminal } from './interpret.js';
import { iso, loadJob } from './jobRecords.js';
import { suggestPollAfter } from './pollHints.js';
import { elapsedText, progressBeat } from './progressBeat.js';
import { CALL_FAMILY_PREFIX } from './promotedCall.js';
import { readRefPage, refSentence, refView } from './resultRefs.js';
import { noteStall, stallOf } from './stall.js';
import type { CallExtra } from './status.js';
import { answerBody, answerProblemText, type StoredAnswer } from './storedAnswers.js';
import { workFields } from './view.js';

const REREAD_MS = 250;

export async function loadCall(ctx: RuntimeContext, jobId: string): Promise<JobRecord | null> {
  const record = await loadJob(ctx, jobId);
  return record?.family.startsWith(CALL_FAMILY_PREFIX) ? record : null;
}

function expectedOf(ctx: RuntimeContext, record: JobRecord): number | null {
  return ctx.operations.get(record.operation)?.promote?.expectedDurationMs ?? null;
}

export function callStatusResult(ctx: RuntimeContext, record: JobRecord): ToolSuccess<CallStatusView> {
  const terminal = isTerminal(record.state);
  const now = ctx.now();
  const expected = expectedOf(ctx, record);
  const pollAfterMs = terminal
    ? 0
    : suggestPollAfter({ retryAfterMs: null, expectedDurationMs: expected, ageMs: now - record.createdAt, jitter: ctx.random?.() });
  const { stall, ...work } = workFields(record, expected, now);
  const structured: CallStatusView = {
    job_id: record.id,
    operation: record.operation,
    state: record.state,
    terminal,
    message: '',
    poll_after_ms: pollAfterMs,
    ...work,
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
  };
  const text: string[] = [];
  const stored = record.snapshot as StoredAnswer | null;
  const kept = stored?.by_reference ? refView(ctx, record, 'answer') : null;
  if (record.state === 'succeeded' && stored && typeof stored === 'object' && kept) {
    // Too large to return inline: where it is kept and how to read it, with its beginning.
    structured.http_status = stored.http_status;
    structured.result_ref = kept;
    structured.message = `The ${record.operation} call (job ${record.id}) succeeded: HTTP ${stored.http_status}. ${refSentence(kept, 'Its answer', ctx.def.callStatusTool ?? null)}`;
    text.push(structured.message, `It begins:\n${stored.text ?? ''}`);
  } else if (record.state === 'succeeded' && stored && typeof stored === 'object') {
    structured.http_status = stored.http_status;
    structured.result = stored.json !== undefined ? stored.json : (stored.text ?? null);
    const problem = answerProblemText(stored);
    if (stored.problem) structured.answer_problem = problem;
    const cut = stored.truncated && !problem ? ' The answer was too large to keep whole; what is kept is below.' : '';
    structured.message = `The ${record.operation} call (job ${record.id}) succeeded: HTTP ${stored.http_status}.${cut}${problem ? ` ${problem}` : ''}`;
    text.push(structured.message, bodyPreview(answerBody(stored)));
  } else if (terminal) {
    const error = record.error as { http_status?: number; message?: string } | null;
    if (error) structured.error = error;
    if (typeof error?.http_status === 'number') structured.http_status = error.http_status;
    structured.message = `The ${record.operation} call (job ${record.id}) failed: ${record.lastError ?? error?.message ?? (error?.http_status ? `the upstream answered HTTP ${error.http_status}` : 'see error')}.`;
    text.push(structured.message);
    if (error) text.push(`Error:\n${JSON.stringify(error, null, 2).slice(0, 4_000)}`);
  } else {
    structured.message = `The ${record.operation} call (job ${record.id}) is still running${(record.attempts ?? 1) > 1 ? ` (attempt ${record.attempts}, re-sent after its server stopped)` : ''}. Call ${ctx.def.callStatusTool} again in about ${Math.ceil(pollAfterMs / 1000)} s, or pass wait_ms to wait.${stall ? ` ${stall}` : ''}`;
    text.push(structured.message);
  }
  return {
    structuredContent: scrubStructured(structured, ctx.config.secrets),
    content: [{ type: 'text', text: scrubSecrets(text.join('\n'), ctx.config.secrets) }],
  };
}

export async function callStatus(
  ctx: RuntimeContext,
  args: { job_id: string; wait_ms?: number; offset?: number },
  extra: CallExtra = {},
): Promise<ToolAnswer<CallStatusView>> {
  let record = await loadCall(ctx, args.job_id);
  if (!record) {
    const list = ctx.def.listJobsTool ? ` ${ctx.def.listJobsTool} lists this server's jobs.` : '';
    return errorResult(`No promoted call with id "${args.job_id}".`, ctx.config.secrets, `Check the job_id (it starts with job_).${list}`);
  }
  if (args.offset !== undefined && record.refs?.answer) return answerPage(ctx, record, args.offset);
  const deadline = Date.now() + Math.min(Math.max(0, args.wait_ms ?? 0), ctx.config.waitMaxMs);
  // A client that asked for progress hears, while it waits, that the call is still running and for how long.
  const beat = progressBeat(ctx, extra, (ms) => `${record!.operation} is still running (${elapsedText(ms)} of waiting)`);
  while (!isTerminal(record.state) && Date.now() < deadline && !extra.signal?.aborted && !ctx.lifecycle.isClosing) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(REREAD_MS, Math.max(1, deadline - Date.now()))));
    record = (await loadCall(ctx, record.id)) ?? record;
  }
  beat.stop();
  record = await noteStall(ctx, record, stallOf(record, expectedOf(ctx, record), ctx.now()));
  return callStatusResult(ctx, record);
}

/** One page of an answer kept by reference, with the call's status around it. */
async function answerPage(ctx: RuntimeContext, record: JobRecord, offset: number): Promise<ToolAnswer<CallStatusView>> {
  const page = await readRefPage(ctx, record.id, 'answer', offset);
  if (!page) {
    return errorResult(
      `The answer of job ${record.id} was kept by reference and is no longer there (it was kept for JOB_RETENTION_MS).`,
      ctx.config.secrets,
    );
  }
  const result = callStatusResult(ctx, record);
  const structured: CallStatusView = {
    ...result.structuredContent,
    page: { offset: page.offset, next_offset: page.next_offset, text: page.text },
  };
  const next = page.next_offset === null ? 'This is the last page.' : `Next: offset ${page.next_offset}.`;
  const end = page.next_offset ?? page.size_bytes;
  return {
    structuredContent: structured,
    content: [
      { type: 'text', text: `Bytes ${page.offset}-${end} of ${page.size_bytes} of the answer of job ${record.id}. ${next}\n${page.text}` },
    ],
  };
}
