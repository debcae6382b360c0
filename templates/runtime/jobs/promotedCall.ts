/**
 * Async promotion of a slow plain call. The record is claimed in the store before the request goes out (with
 * its lease, atomically), so concurrent identical calls make one upstream request and a crash mid-call is
 * recovered; the request runs with its own, longer timeout. A call answered within JOB_PROMOTE_AFTER_MS
 * returns exactly what the plain tool returns today; a slower one returns a job handle, and its outcome lands
 * in the record, where the call status tool (callStatus.ts) serves it and list_jobs finds it.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { RuntimeContext } from '../core/context.js';
import { credentialEnvNames } from '../core/context.js';
import { canonicalArgs, dedupeKeyFor, dedupeUntil, deriveUpstreamKey, hashInputs, isKeyConflict, newJobId } from '../core/idempotency.js';
import { ownArg } from '../core/ownArgs.js';
import { scrubSecrets, scrubStructured } from '../core/secrets.js';
import { DEFAULT_DEDUPE_WINDOW_MS } from '../defaults.js';
import type { OperationSpec } from '../definition.js';
import type { JobPatch, JobRecord } from '../store/types.js';
import type { ParsedBody, UpstreamOutcome } from '../upstream/http.js';
import { prepareOperation, sendFor } from '../upstream/invoke.js';
import { type RequestExtras, sentMethod } from '../upstream/request.js';
import { errorResult, httpErrorResult, transportErrorResult } from '../upstream/toolResults.js';
import { blankRecordFields, requireStore, storablePatch } from './jobRecords.js';
import { suggestPollAfter } from './pollHints.js';
import { elapsedText, progressBeat } from './progressBeat.js';
import { refSentence, refView } from './resultRefs.js';
import type { CallExtra } from './status.js';
import { answerBody, answerProblemText, keepAnswer, type StoredAnswer, storeAnswer } from './storedAnswers.js';

/** Key of the handle in a promoted call's structuredContent (beside nothing else: the body is not there yet). */
export const HANDLE_KEY = 'mcp_job';
export const CALL_FAMILY_PREFIX = 'call:';
const PENDING_POLL_MS = 100;

/** How a plain tool presents a 2xx answer (mcp/plainTools.ts `successResult`), passed in to keep layers apart. */
export type PresentSuccess = (op: OperationSpec, status: number, body: ParsedBody) => CallToolResult;

export function callFamily(tool: string): string {
  return `${CALL_FAMILY_PREFIX}${tool}`;
}

/**
 * A new call record of `op` in this partition, running and not yet answered, with what only the caller knows
 * (`own`, which may also set its phase and state: jobs/largeAnswer.ts keeps a finished one).
 */
export function newCallRecord(
  ctx: RuntimeContext,
  op: OperationSpec,
  now: number,
  own: Pick<JobRecord, 'id' | 'inputHash' | 'dedupeKey' | 'dedupeUntil' | 'upstreamIdempotencyKey' | 'args'> & Partial<JobRecord>,
): JobRecord {
  return {
    family: callFamily(op.tool),
    operation: op.tool,
    phase: 'pending',
    state: 'running',
    ...blankRecordFields(ctx, now),
    attempts: 1,
    lastError: null,
    ...own,
  };
}

/** Whether calls of `op` are promoted in this server: marked by the generator, promotion on, a store to hold them. */
export function isPromotable(ctx: RuntimeContext, op: OperationSpec): boolean {
  if (!op.promote || ctx.config.promoteAfterMs <= 0 || !ctx.store || !ctx.def.callStatusTool) return false;
  // The handle would collide with a field of the answer itself.
  return !outputDeclares(op, HANDLE_KEY);
}

/**
 * Whether the operation's output declares `key` at its top level. Its shipped JSON (OperationSpec.listed) answers
 * without building the zod schema, which isPromotable would otherwise do for every promotable operation when the
 * server starts (OpenAI's 263: 0.2-0.5 s here, in dynamic mode too): a JSON text without `"key":` declares no such key.
 */
function outputDeclares(op: OperationSpec, key: string): boolean {
  const shipped = op.listed?.output;
  if (shipped !== undefined && !shipped.includes(`"${key}":`)) return false;
  return op.output !== undefined && key in op.output.shape;
}

/** The background request's timeout: the operation's own (from the contract), else JOB_BACKGROUND_TIMEOUT_MS. */
export function backgroundTimeoutMs(ctx: RuntimeContext, op: OperationSpec): number {
  return Math.max(op.promote?.timeoutMs ?? ctx.config.backgroundTimeoutMs, ctx.config.upstreamTimeoutMs);
}

function idempotencyExtras(op: OperationSpec, record: JobRecord, args: Record<string, unknown>): RequestExtras {
  const spec = op.promote?.idempotency;
  const key = record.upstreamIdempotencyKey;
  if (!spec || !key) return {};
  // The agent's own value for the parameter (an argument of the tool) is sent as given.
  const param = op.params.find((p) => p.name.toLowerCase() === spec.name.toLowerCase() && p.in === spec.in);
  if (param && ownArg(args, param.arg) !== undefined) return {};
  if (spec.in === 'header') return { headers: { [spec.name]: key } };
  if (spec.in === 'query') return { query: { [spec.name]: key } };
  if (op.body) {
    const body = ownArg(args, op.body.arg);
    args[op.body.arg] = { ...(body && typeof body === 'object' ? body : {}), [spec.name]: key };
  }
  return {};
}

interface CallOutcome {
  /** What the plain tool answers (the same as before promotion existed). */
  result: CallToolResult;
  record: JobRecord;
}

/**
 * Writes the outcome unless a real outcome is there already: a late answer of a request whose lease was lost
 * replaces an `interrupted`/`unknown` verdict (it knows more), never another answer.
 */
async function writeOutcome(ctx: RuntimeContext, record: JobRecord, patch: JobPatch): Promise<JobRecord> {
  const store = requireStore(ctx);
  let current = record;
  for (let round = 0; round < 5; round++) {
    const scrubbed = storablePatch({ expiresAt: ctx.now() + ctx.config.retentionMs, ...patch }, ctx.config.secrets);
    const written = await store.update(current.id, current.version, scrubbed, ctx.now());
    if (written) return written;
    const fresh = await store.get(current.id);
    if (!fresh || fresh.phase === 'accepted' || fresh.phase === 'rejected') return fresh ?? current;
    current = fresh;
  }
  return (await store.get(record.id)) ?? current;
}

/**
 * Sends the call (first attempt or a recovery re-send) and records its outcome. `released()` says whether the
 * answer will be delivered to a caller still waiting in the foreground: then the record gives up its dedupe
 * key (the caller has the answer; an identical later call is deliberate new work).
 */
export async function sendCall(
  ctx: RuntimeContext,
  op: OperationSpec,
  record: JobRecord,
  given: Record<string, unknown>,
  present: PresentSuccess,
  released: () => boolean = () => false,
): Promise<CallOutcome> {
  const args = structuredClone(given);
  const extras = idempotencyExtras(op, record, args);
  const prepared = prepareOperation(ctx, op, args, extras);
  if (!prepared.ok) {
    const written = await writeOutcome(ctx, record, {
      phase: 'rejected',
      state: 'failed',
      error: { message: 'request could not be built' },
      dedupeKey: null,
    });
    return { result: prepared.result, record: written };
  }
  // Under the server's outbound policy (origins, redirects, secrets), with the background timeout.
  const outcome: UpstreamOutcome = await sendFor(ctx, prepared.request, undefined, backgroundTimeoutMs(ctx, op));
  const secrets = ctx.config.secrets;
  if (outcome.ok && outcome.status >= 200 && outcome.status < 300) {
    const patch: JobPatch = {
      phase: 'accepted',
      state: 'succeeded',
      upstreamStatus: `HTTP ${outcome.status}`,
      ...(await keepAnswer(ctx, record, outcome.status, outcome.body)),
      error: null,
      lastError: null,
    };
    if (released() && !record.dedupeKey?.startsWith('k:')) patch.dedupeKey = null;
    const written = await writeOutcome(ctx, record, patch);
    // A large answer is not returned inline: the caller gets where it is kept instead.
    const result = patch.refs?.answer ? answerByReference(ctx, op, written, false) : present(op, outcome.status, outcome.body);
    return { result, record: written };
  }
  if (outcome.ok) {
    const result = httpErrorResult(outcome, secrets, credentialEnvNames(op, ctx.def.securitySchemes));
    const error = {
      http_status: outcome.status,
      body: storeAnswer(outcome.status, outcome.body, secrets).json ?? outcome.body.text.slice(0, 4000),
    };
    const patch: JobPatch = {
      phase: 'rejected',
      state: 'failed',
      upstreamStatus: `HTTP ${outcome.status}`,
      error: scrubStructured(error, secrets),
      dedupeKey: null,
    };
    return { result, record: await writeOutcome(ctx, record, patch) };
  }
  const result = transportErrorResult(outcome, secrets, prepared.request.url);
  if (!outcome.maybeSent) {
    return {
      result,
      record: await writeOutcome(ctx, record, { phase: 'rejected', state: 'failed', error: { message: outcome.message }, dedupeKey: null }),
    };
  }
  const message = `no answer (${outcome.message}); it may have run upstream. Check for its effect before calling ${op.tool} again with a new idempotency_key.`;
  const patch: JobPatch = {
    phase: 'unknown',
    state: 'failed',
    error: { reason: 'no_answer', message },
    lastError: scrubSecrets(message, secrets),
  };
  return { result, record: await writeOutcome(ctx, record, patch) };
}

function handleResult(ctx: RuntimeContext, op: OperationSpec, record: JobRecord, deduplicated: boolean): CallToolResult {
  const statusTool = ctx.def.callStatusTool!;
  const pollAfterMs = suggestPollAfter({
    retryAfterMs: null,
    expectedDurationMs: op.promote?.expectedDurationMs ?? null,
    ageMs: ctx.now() - record.createdAt,
    jitter: ctx.random?.(),
  });
  const handle: Record<string, unknown> = {
    job_id: record.id,
    state: record.state,
    poll_after_ms: pollAfterMs,
    status_tool: statusTool,
    deduplicated,
  };
  if (op.promote?.expectedDurationMs) handle.expected_duration_ms = op.promote.expectedDurationMs;
  const after = ctx.config.promoteAfterMs;
  const waited = after < 1000 ? `${after} ms` : `${Math.round(after / 1000)} s`;
  const lines = [
    deduplicated
      ? `An identical ${op.tool} call is already running (job ${record.id}); no new request was sent.`
      : `${op.tool} has not answered within ${waited}; its request goes on in the background (for up to ${Math.round(backgroundTimeoutMs(ctx, op) / 1000)} s) as job ${record.id}.`,
    `This is a handle, not the result. Call ${statusTool} with {"job_id":"${record.id}"} in about ${Math.ceil(pollAfterMs / 1000)} s (pass wait_ms up to ${ctx.config.waitMaxMs} to wait server-side) until state is succeeded or failed. Do not call ${op.tool} again for this: that could run the work twice.`,
  ];
  return { structuredContent: { [HANDLE_KEY]: handle }, content: [{ type: 'text', text: lines.join('\n') }] };
}

/**
 * A finished call whose answer is too large to return inline: its handle (state succeeded, so the output schema
 * holds for it as for any handle), a link to the answer, and how to read it page by page.
 */
function answerByReference(
  ctx: RuntimeContext,
  op: OperationSpec,
  record: JobRecord,
  deduplicated: boolean,
  note?: string,
): CallToolResult {
  const statusTool = ctx.def.callStatusTool!;
  const view = refView(ctx, record, 'answer');
  const handle = { job_id: record.id, state: record.state, poll_after_ms: 0, status_tool: statusTool, deduplicated };
  const how = view
    ? refSentence(view, `The answer of this ${op.tool} call (job ${record.id})`, statusTool)
    : `The answer of this ${op.tool} call (job ${record.id}) is too large to return inline.`;
  const content: CallToolResult['content'] = [];
  if (view)
    content.push({
      type: 'resource_link',
      uri: view.uri,
      name: `${record.id}-answer`,
      mimeType: view.content_type ?? undefined,
      description: how,
    });
  content.push({ type: 'text', text: [how, note].filter(Boolean).join('\n') });
  return { structuredContent: { [HANDLE_KEY]: handle }, content };
}

/** The stored outcome of a finished call, presented as the plain tool would have answered it. */
export function presentStored(
  ctx: RuntimeContext,
  op: OperationSpec,
  record: JobRecord,
  present: PresentSuccess,
  note?: string,
): CallToolResult {
  if (record.state === 'succeeded' && record.snapshot && typeof record.snapshot === 'object') {
    const stored = record.snapshot as StoredAnswer;
    if (stored.by_reference) return answerByReference(ctx, op, record, true, note);
    const result = present(op, stored.http_status, answerBody(stored));
    const problem = answerProblemText(stored);
    if (problem) result.content.push({ type: 'text', text: problem });
    if (note) result.content.push({ type: 'text', text: note });
    return result;
  }
  const error = record.error as { message?: string; http_status?: number } | null;
  const reason =
    record.lastError ?? error?.message ?? (error?.http_status ? `the upstream answered HTTP ${error.http_status}` : 'it failed');
  return errorResult(`The ${op.tool} call of job ${record.id} failed: ${reason}`, ctx.config.secrets, note);
}

async function waitWhilePending(ctx: RuntimeContext, record: JobRecord, maxWaitMs: number): Promise<JobRecord> {
  const deadline = Date.now() + maxWaitMs;
  let current = record;
  while (current.phase === 'pending' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(PENDING_POLL_MS, Math.max(1, deadline - Date.now()))));
    current = (await requireStore(ctx).get(record.id)) ?? current;
  }
  return current;
}

/** The answer to a call whose key is held by an earlier identical call. */
async function answerDuplicate(
  ctx: RuntimeContext,
  op: OperationSpec,
  existing: JobRecord,
  inputHash: string,
  agentKey: string | undefined,
  present: PresentSuccess,
): Promise<CallToolResult> {
  if (isKeyConflict(existing, inputHash)) {
    return errorResult(
      `idempotency_key "${agentKey}" was already used for job ${existing.id} with different arguments.`,
      ctx.config.secrets,
      'Use a new idempotency_key for different arguments, or repeat the original arguments to get the original outcome (HTTP 422 semantics).',
    );
  }
  const settled = await waitWhilePending(ctx, existing, ctx.config.promoteAfterMs);
  if (settled.phase === 'pending') return handleResult(ctx, op, settled, true);
  return presentStored(
    ctx,
    op,
    settled,
    present,
    `An identical ${op.tool} call made earlier (job ${settled.id}) gave this; no new request was sent.`,
  );
}

export async function callPromotable(
  ctx: RuntimeContext,
  op: OperationSpec,
  input: Record<string, unknown>,
  present: PresentSuccess,
  extra: CallExtra = {},
): Promise<CallToolResult> {
  const signal = extra.signal;
  const agentKey = typeof input.idempotency_key === 'string' ? input.idempotency_key : undefined;
  // Without the key, so the operation's own (strict) input schema applies its defaults.
  const given = Object.fromEntries(Object.entries(input).filter(([name]) => name !== 'idempotency_key'));
  const args = canonicalArgs(given, op.input);
  // Config, credentials and argument encoding are checked before anything is claimed.
  const preflight = prepareOperation(ctx, op, args);
  if (!preflight.ok) return preflight.result;

  const store = requireStore(ctx);
  const now = ctx.now();
  const family = callFamily(op.tool);
  const inputHash = hashInputs(family, op.tool, args);
  const windowMs = ctx.config.dedupeWindowMs ?? DEFAULT_DEDUPE_WINDOW_MS;
  // Repeating a read is harmless: reads dedupe only on an agent's key.
  const read = sentMethod(op) === 'GET' || sentMethod(op) === 'HEAD';
  const dedupeKey = agentKey !== undefined || (!read && windowMs > 0) ? dedupeKeyFor(agentKey, inputHash) : null;
  const id = newJobId();
  const record = newCallRecord(ctx, op, now, {
    id,
    inputHash,
    dedupeKey,
    dedupeUntil: dedupeUntil(now, agentKey !== undefined, windowMs, ctx.config.retentionMs),
    upstreamIdempotencyKey: op.promote?.idempotency
      ? (agentKey ?? deriveUpstreamKey(ctx.partition, dedupeKey ?? inputHash, agentKey !== undefined ? null : id))
      : null,
    args,
  });
  const created = await store.create(storablePatch(record, ctx.config.secrets), now, ctx.leases?.newLease());
  if (!created.created) return answerDuplicate(ctx, op, created.existing, inputHash, agentKey, present);

  let promoted = false;
  const send = () => sendCall(ctx, op, created.record, args, present, () => !promoted && !signal?.aborted);
  const work = ctx.leases ? ctx.leases.run(id, send) : send();
  ctx.lifecycle.track(work);
  let timer: NodeJS.Timeout | undefined;
  const threshold = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ctx.config.promoteAfterMs);
  });
  // A client that asked for progress hears that the call is still running until it answers or is promoted.
  const beat = progressBeat(ctx, extra, (ms) => `${op.tool} is still running (${elapsedText(ms)})`);
  const first = await Promise.race([work, threshold]);
  clearTimeout(timer);
  beat.stop();
  if (first) return first.result;
  promoted = true;
  ctx.observer?.promotion(op.tool);
  return handleResult(ctx, op, created.record, false);
}

/** Recovery: re-sends a promoted call whose process died, under the lease the scan claimed. */
export function callResumer(present: PresentSuccess) {
  return async (ctx: RuntimeContext, record: JobRecord): Promise<unknown> => {
    const op = ctx.operations.get(record.operation);
    if (!op) return null;
    // Its answer is presented through the operation's output schema, which may live in a module not loaded yet.
    await op.loadSchemas?.();
    return sendCall(ctx, op, record, record.args, present);
  };
}
