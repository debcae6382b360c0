/**
 * Start tools. The job record is claimed in the store BEFORE the upstream call: the unique (partition,
 * dedupeKey) claim is what makes N concurrent identical starts produce one upstream job, and it means the
 * start's outcome is recorded even if the agent's connection dropped meanwhile.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { RuntimeContext } from '../core/context.js';
import { credentialEnvNames } from '../core/context.js';
import {
  canonicalArgs,
  dedupeKeyFor,
  dedupeUntil,
  deriveUpstreamKey,
  hashInputs,
  isKeyConflict,
  newJobId,
  repeatabilityFirstSent,
} from '../core/idempotency.js';
import { ownArg } from '../core/ownArgs.js';
import type { JobFamilySpec, OperationSpec, StartSpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import { prepareOperation } from '../upstream/invoke.js';
import { type RequestExtras, sentMethod } from '../upstream/request.js';
import { unsendable } from '../upstream/sendFailures.js';
import { errorResult } from '../upstream/toolResults.js';
import { mergeAnswerCookies } from '../upstream/urls.js';
import { isTerminal, readArg } from './interpret.js';
import { blankRecordFields, createRecord, patchRecord, requireStore, updateRecord } from './jobRecords.js';
import { pollAfterFor } from './poll.js';
import { POLL_FLOOR_MS } from './pollHints.js';
import { keepLargeDocument } from './resultRefs.js';
import { failedStartPatch, refuseInput } from './startFailure.js';
import { acceptedPatch } from './startRecord.js';
import { isStalePending, startedResult, startSendTimeoutMs, textOf, unknownOutcomeResult, waitWhilePending } from './startResult.js';
import { sendStartRequest, startRetryable } from './startRetry.js';

export async function startJob(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  start: StartSpec,
  op: OperationSpec,
  input: Record<string, unknown>,
): Promise<CallToolResult> {
  const agentKey = typeof input.idempotency_key === 'string' ? input.idempotency_key : undefined;
  const refused = refuseInput(ctx, op, input, agentKey);
  if (refused) return refused;
  // Defaults applied and keys sorted, so the same request spelt differently dedupes and hashes the same.
  const args = canonicalArgs(input, op.input);
  const unnamed = unnamedJob(start, op, args);
  if (unnamed) {
    return errorResult(
      `The start was not sent: \`${unnamed}\` names this job and is how it is followed, and the call gave none. No job was created.`,
      ctx.config.secrets,
      `Call again with \`${unnamed}\` (the contract may mark it optional, but without it the job could not be followed).`,
    );
  }
  // Config, credentials, argument encoding and sendability are checked before anything is claimed.
  const preflight = prepareOperation(ctx, op, args);
  if (!preflight.ok) return preflight.result;
  const unsent = unsendable(preflight.request);
  if (unsent) {
    return errorResult(
      `The start was not sent: ${unsent}. No job was created.`,
      ctx.config.secrets,
      'Nothing reached the upstream: fix the cause, then call again.',
    );
  }

  const now = ctx.now();
  const inputHash = hashInputs(family.name, op.tool, args);
  const windowMs = ctx.config.dedupeWindowMs ?? family.dedupeWindowMs;
  const useKey = agentKey !== undefined || windowMs > 0;
  const id = newJobId();
  const dedupeKey = useKey ? dedupeKeyFor(agentKey, inputHash) : null;
  const record: JobRecord = {
    id,
    family: family.name,
    operation: op.tool,
    phase: 'pending',
    state: 'queued',
    ...blankRecordFields(ctx, now),
    inputHash,
    dedupeKey,
    dedupeUntil: dedupeUntil(now, agentKey !== undefined, windowMs, ctx.config.retentionMs),
    // Derived, so a retry re-sends the same key; a hash key gets the record id as generation so the same
    // arguments after the window are new work upstream too.
    upstreamIdempotencyKey: start.idempotency
      ? (agentKey ?? deriveUpstreamKey(ctx.partition, dedupeKey ?? inputHash, agentKey !== undefined ? null : id))
      : null,
    args,
  };
  // Under a lease (written with the record, atomically): if this process dies mid-send, a recovery scan on
  // any replica re-sends the start where that is safe, or ends it `interrupted` (jobs/recovery.ts).
  const lease = ctx.leases?.newLease();
  if (lease) record.attempts = 1;
  const created = await createRecord(ctx, record, now, lease);
  // The first attempt sends the arguments as given; the stored (scrubbed) copy serves re-sends.
  if (created.created) {
    const sending = () => sendStart(ctx, family, start, op, created.record, args);
    return answerWithin(ctx, family, created.record, ctx.leases ? ctx.leases.run(id, sending) : sending());
  }

  let existing = created.existing;
  if (isKeyConflict(existing, inputHash)) {
    return errorResult(
      `idempotency_key "${agentKey}" was already used for job ${existing.id} with different arguments.`,
      ctx.config.secrets,
      'Use a new idempotency_key for different arguments, or repeat the original arguments to get the original job (HTTP 422 semantics).',
    );
  }
  existing = await waitWhilePending(ctx, existing, ctx.config.startWaitMs);
  if (isStalePending(ctx, existing)) {
    // Its server died mid-start: the request may or may not have gone out, exactly the `unknown` case.
    existing = (await updateRecord(ctx, existing, { phase: 'unknown' })) ?? (await requireStore(ctx).get(existing.id)) ?? existing;
  }
  if (existing.phase === 'unknown') return resendUnknown(ctx, family, start, op, existing);
  // Its server died mid-send and a repeat was not safe: the blind retry is told, not run (jobs/recovery.ts).
  if (existing.phase === 'interrupted') return interruptedResult(ctx, existing);
  return startedResult(ctx, family, existing, pollAfterFor(ctx, family, existing), true);
}

/**
 * The argument a job the client names (`idFrom: arg:…`) is followed by, when the call left it out; else null. Sent
 * without it, the upstream may accept and run work that nothing could poll (SMS LaunchApp, whose `appId` the
 * contract marks optional), and a second start would run it twice: so it is refused before anything is sent.
 */
function unnamedJob(start: StartSpec, op: OperationSpec, args: Record<string, unknown>): string | null {
  if (!start.idFrom?.startsWith('arg:')) return null;
  const source = start.idFrom as `arg:${string}`;
  if (readArg(source, args, op) !== undefined) return null;
  const name = source.slice('arg:'.length);
  return op.params.find((p) => p.name === name)?.arg ?? name;
}

function interruptedResult(ctx: RuntimeContext, record: JobRecord): CallToolResult {
  const reason = record.lastError ?? (record.error as { message?: string } | null)?.message ?? 'interrupted: may have run upstream.';
  return errorResult(
    `An identical start (job ${record.id}) was ${reason.replace(/^interrupted: /, 'interrupted: it ')}`,
    ctx.config.secrets,
  );
}

/**
 * Recovery (jobs/recovery.ts): re-sends a start whose server died mid-send, under the lease the scan claimed,
 * with the record's own upstream idempotency key (only such starts, or idempotent methods, are re-sent).
 */
export async function resumeStart(ctx: RuntimeContext, record: JobRecord): Promise<unknown> {
  const family = ctx.def.families.find((f) => f.name === record.family);
  const start = family?.starts.find((s) => s.operation === record.operation);
  const op = ctx.operations.get(record.operation);
  if (!family || !start || !op) return null;
  return sendStart(ctx, family, start, op, record);
}

/** A retry of a start whose first attempt got no answer. */
async function resendUnknown(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  start: StartSpec,
  op: OperationSpec,
  record: JobRecord,
): Promise<CallToolResult> {
  if (!record.upstreamIdempotencyKey) return unknownOutcomeResult(ctx, family, record);
  // Re-claim the record (unknown → pending) so only one retry re-sends; the upstream key makes it safe.
  const leases = ctx.leases;
  const claimed = await updateRecord(
    ctx,
    record,
    leases ? { phase: 'pending', attempts: (record.attempts ?? 1) + 1 } : { phase: 'pending' },
  );
  if (!claimed) return startedResult(ctx, family, await waitWhilePending(ctx, record, ctx.config.startWaitMs), POLL_FLOOR_MS, true);
  // The re-send holds a lease too (claimed, not created: the record exists), so a crash now is recovered as well.
  const claimedLease = leases ? await requireStore(ctx).claimLease(claimed.id, leases.owner, ctx.now() + leases.leaseMs, ctx.now()) : false;
  const sending = () => sendStart(ctx, family, start, op, claimed);
  return answerWithin(ctx, family, claimed, leases && claimedLease ? leases.run(claimed.id, sending) : sending());
}

/**
 * Start tools answer within JOB_START_WAIT_MS whatever the upstream does: past that, the handle is returned
 * (state queued, the status tool waits for the outcome) and the call goes on in the background, tracked so
 * that a shutdown still lets it record its outcome.
 */
async function answerWithin(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  record: JobRecord,
  sending: Promise<CallToolResult>,
): Promise<CallToolResult> {
  ctx.lifecycle.track(sending);
  let timer: NodeJS.Timeout | undefined;
  const early = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ctx.config.startWaitMs);
  });
  const first = await Promise.race([sending, early]);
  clearTimeout(timer);
  if (first) return first;
  return startedResult(ctx, family, record, POLL_FLOOR_MS, false);
}

function idempotencyExtras(start: StartSpec, op: OperationSpec, record: JobRecord, args: Record<string, unknown>): RequestExtras {
  const spec = start.idempotency;
  const key = record.upstreamIdempotencyKey;
  if (!spec || !key) return {};
  const extras: RequestExtras = {};
  if (spec.in === 'header') extras.headers = { [spec.name]: key };
  else if (spec.in === 'query') extras.query = { [spec.name]: key };
  else if (op.body) {
    const body = ownArg(args, op.body.arg);
    args[op.body.arg] = { ...(body && typeof body === 'object' ? body : {}), [spec.name]: key };
  }
  // Repeatability-First-Sent: the time of the first attempt, so a re-send is recognised as the same request.
  if (spec.firstSentHeader)
    extras.headers = { ...(extras.headers ?? {}), [spec.firstSentHeader]: repeatabilityFirstSent(record.createdAt) };
  return extras;
}

async function sendStart(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  start: StartSpec,
  op: OperationSpec,
  record: JobRecord,
  given: Record<string, unknown> = record.args,
): Promise<CallToolResult> {
  const args = structuredClone(given);
  const extras = idempotencyExtras(start, op, record, args);
  if (start.preferAsync) extras.headers = { ...(extras.headers ?? {}), prefer: 'respond-async' };
  const prepared = prepareOperation(ctx, op, args, extras);
  if (!prepared.ok) {
    await patchRecord(ctx, record, { phase: 'rejected', state: 'failed', error: { message: 'request could not be built' } });
    return prepared.result;
  }
  const safeToRepeat = startRetryable(sentMethod(op), record.upstreamIdempotencyKey !== null);
  // The send outlives the start tool's wait, so it has the background timeout: a slow synchronous start
  // then lands its answer instead of ending `unknown` with its result unreachable.
  const invocation = await sendStartRequest(
    ctx,
    prepared.request,
    credentialEnvNames(op, ctx.def.securitySchemes),
    safeToRepeat,
    startSendTimeoutMs(ctx, record),
  );
  if (!invocation.ok) {
    const failure = failedStartPatch(invocation.outcome, ctx.config.secrets);
    await patchRecord(ctx, record, failure.patch);
    const result = invocation.result;
    if (failure.phase === 'unknown')
      result.content.push({
        type: 'text',
        text: textOf(unknownOutcomeResult(ctx, family, { ...record, ...failure.patch }, { causeShown: true })),
      });
    return result;
  }
  const patch = acceptedPatch(
    family,
    start,
    record,
    invocation.request,
    invocation.response,
    ctx.config.secrets,
    (tool) => ctx.operations.get(tool)?.path,
    mergeAnswerCookies(record.cookies, invocation.response, ctx.config.baseUrl, ctx.now()),
    ctx.config.membersMax,
    op,
  );
  // A start answered with a finished job whose document is too large for its record keeps it whole beside it,
  // exactly as the status path does (poll.ts), so its result is not cut to a preview.
  const kept = await keepLargeDocument(ctx, record, patch, invocation.response.body.json);
  const updated = await patchRecord(ctx, record, kept);
  const pollAfter = isTerminal(updated.state) ? 0 : pollAfterFor(ctx, family, updated, invocation.response.headers);
  return startedResult(ctx, family, updated, pollAfter, false);
}
