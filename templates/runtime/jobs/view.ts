/**
 * What the agent reads about a job: the status tool's structuredContent and the sentence that tells it what
 * to do next. The result is inlined only when it is part of the job document; otherwise its location is given.
 */
import { z } from 'zod';

import type { RuntimeContext } from '../core/context.js';
import { scrubSecrets, scrubStructured } from '../core/secrets.js';
import type { JobFamilySpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import type { ToolAnswer } from '../upstream/toolResults.js';
import { expectedDurationFor } from './eta.js';
import { isTerminal, listedStatus, readProgress, waitsForInput } from './interpret.js';
import type { InlineResult } from './jobProtocol.js';
import { iso } from './jobRecords.js';
import { memberProgress } from './memberSet.js';
import { protocolOf } from './protocols.js';
import { isCallRecord } from './recovery.js';
import { restingNote } from './restingRun.js';
import { exceedsInline, refUri, refView } from './resultRefs.js';
import type { StatusView } from './schemas.js';
import { stallOf } from './stall.js';

/**
 * The result of a succeeded job as the status tool shows it (checked against its schema), or where it is: a
 * result kept by reference, or too large to show inline, is pointed at, never read here.
 */
export function inlineResult(ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord): InlineResult {
  const kept = record.refs?.result ? 'result' : record.refs?.document ? 'document' : null;
  const fetch = family.tools.result ? `call ${family.tools.result} with this job_id` : null;
  if (kept) {
    const ref = kept === 'result' ? refView(ctx, record, 'result') : null;
    return { result_location: fetch ?? refUri(record.id, kept), ...(ref ? { result_ref: ref } : {}) };
  }
  const inline = fitResult(family, protocolOf(family, record).locateResult(family, record));
  if (inline.result === undefined || !fetch) return inline;
  const size = Buffer.byteLength(JSON.stringify(inline.result) ?? '');
  return exceedsInline(ctx, size) ? { result_location: fetch, note: `The result is ${size} bytes: ${fetch} to read it.` } : inline;
}

function fitResult(family: JobFamilySpec, inline: InlineResult): InlineResult {
  if (inline.result === undefined || !family.resultOutput) return inline;
  const parsed = z.safeParse(family.resultOutput, inline.result);
  // The parsed value: clients validate against the schema's JSON form, which forbids undeclared keys.
  if (parsed.success) return { ...inline, result: parsed.data };
  return {
    result_location: inline.result_location ?? null,
    note: `The result did not match its declared schema; raw: ${JSON.stringify(inline.result).slice(0, 4000)}`,
  };
}

export function statusResult(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  record: JobRecord,
  pollAfterMs: number,
  warning?: string,
): ToolAnswer<StatusView> {
  const terminal = isTerminal(record.state);
  const { stall, ...work } = workFields(record, expectedDurationFor(family, record), ctx.now());
  const waiting = !terminal && waitsForInput(record.upstreamStatus);
  const structured: StatusView = {
    job_id: record.id,
    family: family.name,
    state: record.state,
    terminal,
    upstream_status: record.upstreamStatus,
    upstream_id: record.upstreamId,
    progress: record.members ? memberProgress(record.members) : progressOf(family, record),
    ...(record.members ? { members: record.members.map((m) => ({ id: m.id, state: m.state, upstream_status: m.upstreamStatus })) } : {}),
    message: '',
    // Whole ms by construction: the status tool's answer is not parsed against its schema again (ownOutput).
    poll_after_ms: terminal ? 0 : Math.max(0, Math.round(pollAfterMs)),
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
    ...work,
    waiting_for_input: waiting,
  };
  let note: string | undefined;
  if (record.state === 'succeeded') {
    const inline = inlineResult(ctx, family, record);
    if (inline.result !== undefined) structured.result = inline.result;
    if (inline.result_location !== undefined) structured.result_location = inline.result_location;
    if (inline.result_ref !== undefined) structured.result_ref = inline.result_ref;
    note = inline.note;
  } else if (terminal && record.error !== null && record.error !== undefined) {
    structured.error = record.error;
  }
  // Nothing the upstream said is lost: a finished job with no known result or reason shows its last document.
  if (terminal && structured.result === undefined && structured.result_location == null && structured.error === undefined) {
    if (record.snapshot !== null && record.snapshot !== undefined) structured.upstream_document = record.snapshot;
  }
  structured.message = messageFor(family, record, pollAfterMs, warning, structured);
  if (waiting) {
    structured.message = `${structured.message} The upstream says it waits for its user to act (${record.upstreamStatus}): polling alone will not move it. Tell the user what the job needs, then poll again.`;
  }
  if (!terminal && unlisted(family, record)) {
    structured.message = `${structured.message} The upstream status "${record.upstreamStatus}" is not one of the states this server knows for its family: it is read as still running.`;
  }
  if (stall) structured.message = `${structured.message} ${stall}`;
  const text = [structured.message];
  if (note) text.push(note);
  if (structured.result !== undefined) text.push(`Result:\n${JSON.stringify(structured.result, null, 2).slice(0, 20_000)}`);
  if (structured.error !== undefined) text.push(`Error:\n${JSON.stringify(structured.error, null, 2).slice(0, 4_000)}`);
  if (structured.upstream_document !== undefined) {
    text.push(`Upstream document:\n${JSON.stringify(structured.upstream_document, null, 2).slice(0, 4_000)}`);
  }
  return {
    structuredContent: scrubStructured(structured, ctx.config.secrets),
    content: [{ type: 'text', text: scrubSecrets(text.join('\n'), ctx.config.secrets) }],
  };
}

/** The conventions that read a status by the family's map (not an Azure LRO's core-lro reading, Google's `done`, a set's or a rest's summary). */
const READ_BY_MAP: ReadonlySet<string> = new Set(['job-resource', 'rpc', 'monitor']);

/** A live job whose last upstream status the contract does not list (interpret.ts mapState reads it as running). */
function unlisted(family: JobFamilySpec, record: JobRecord): boolean {
  if (record.upstreamStatus === null || record.phase === 'pending' || record.members) return false;
  return READ_BY_MAP.has(protocolOf(family, record).name) && !listedStatus(family, record.upstreamStatus);
}

function progressOf(family: JobFamilySpec, record: JobRecord): number | null {
  if (!family.progress) return null;
  return record.state === 'succeeded' ? 1 : readProgress(family, record.snapshot);
}

function messageFor(family: JobFamilySpec, record: JobRecord, pollAfterMs: number, warning: string | undefined, shown: StatusView): string {
  const raw = record.upstreamStatus ? ` (upstream: ${record.upstreamStatus})` : '';
  const prefix = warning ? `${warning} ` : '';
  // Every sentence points only at what this answer carries.
  const document = shown.upstream_document !== undefined ? " See upstream_document for the upstream's last answer." : '';
  switch (record.state) {
    case 'succeeded': {
      let where = ' The upstream returned no result.';
      if (shown.result !== undefined) where = ' The result is in result.';
      else if (typeof shown.result_location === 'string') {
        where = family.tools.result ? ` Fetch the result with ${family.tools.result}.` : ` The result is at ${shown.result_location}.`;
      } else if (document) where = document;
      return `${prefix}Job ${record.id} succeeded${raw}.${where}${protocolOf(family, record).succeededNote(record)}`;
    }
    case 'failed':
      // Work this server ran itself failed (interrupted, no answer): its own words, not an upstream reason.
      if (record.lastError) return `${prefix}Job ${record.id} failed: ${record.lastError}`;
      return `${prefix}Job ${record.id} failed${raw}.${shown.error !== undefined ? " See error for the upstream's reason." : document || ' The upstream gave no reason.'}`;
    case 'cancelled':
      return `${prefix}Job ${record.id} was cancelled${raw}.${shown.error !== undefined ? " See error for the upstream's reason." : document}`;
    default:
      if (record.phase === 'pending') {
        return `${prefix}Job ${record.id} is being started: the upstream has not answered the start request yet. Call ${family.tools.status} again in about ${Math.ceil(pollAfterMs / 1000)} s.`;
      }
      return `${prefix}Job ${record.id} is ${record.state}${raw}.${restingNote(family, record)} Call ${family.tools.status} again in about ${Math.ceil(pollAfterMs / 1000)} s (or pass wait_ms to wait).`;
  }
}

/** What every job view shows about work the server carries itself, and whether the job looks stalled. */
export function workFields(
  record: JobRecord,
  expectedMs: number | null,
  now: number,
): { attempts: number; last_error: string | null; stalled: boolean; stall: string | null } {
  const stall = stallOf(record, expectedMs, now);
  return {
    // Records of work that ran here count their sends; a start sent before leases existed counts as one.
    attempts: record.attempts ?? (record.phase === 'pending' || isCallRecord(record) ? 1 : 0),
    last_error: record.lastError ?? null,
    stalled: stall.stalled,
    stall: stall.message,
  };
}
