/**
 * The words that teach the job workflow, built from the effective configuration (JOB_WAIT_MAX_MS,
 * JOB_DEDUPE_WINDOW_MS), never from the generator's defaults: a start returns a handle, which tool to poll, the
 * terminal states, how long it takes and how often to poll, and how duplicate starts are handled. The workflow
 * comes first in every job tool's description, so a client that shows only the first lines still shows it.
 */
import type { RuntimeConfig } from '../core/config.js';
import { withArticle } from '../defaults.js';
import type { JobFamilySpec, OperationSpec, ServerDefinition } from '../definition.js';
import { isOperationLink } from './pollRequest.js';
import { NO_RUN_SEEN_MS } from './restingRun.js';

function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

function dedupeWindow(family: JobFamilySpec, config: RuntimeConfig): number {
  return config.dedupeWindowMs ?? family.dedupeWindowMs;
}

function dedupeLine(window: number): string {
  return window > 0
    ? `Identical starts within ${duration(window)} return the existing job (deduplicated: true) instead of starting new work; pass idempotency_key to make a retry safe beyond that.`
    : 'Pass idempotency_key to make a retry safe: the same key returns the same job.';
}

/**
 * A singleton's status read takes no id (JobOperationLinkSpec.idIn `none`): every job of the family reads the same
 * one thing. Starts are deduplicated by their arguments as any start is; the line says what a second start sees.
 */
function singletonLine(family: JobFamilySpec): string {
  if (!('idIn' in family.poll) || family.poll.idIn !== 'none') return '';
  return `The status is that of the account's one ${family.title}, read without an id: a second start while one runs follows that same ${family.title}, so wait for the first job to end before starting again.`;
}

/** A thing that rests between runs (JobFamilySpec.returnsToRest): the job is one run of it (jobs/restingRun.ts). */
function restingLine(family: JobFamilySpec): string {
  if (!family.returnsToRest) return '';
  return `The job is one run of the ${family.title}: it ends as that run ended. If no run of this job is seen within ${NO_RUN_SEEN_MS / 60_000} min (the ${family.title} stays at ${family.returnsToRest.rest.join(' or ')} and its last run began before the start), the job fails as no_run_seen.`;
}

/** A start that runs a thing made apart (JobFamilySpec.restsBeforeStart): back at rest, it did not take (jobs/startFromRest.ts). */
function fromRestLine(family: JobFamilySpec): string {
  if (!family.restsBeforeStart) return '';
  return `The job succeeds when what it starts runs; if that goes back to ${family.restsBeforeStart.join(' or ')} once it began to start, the start did not take and the job fails as back_at_rest.`;
}

/** A job started again (JobFamilySpec.earlierRun): the earlier run's end is not its own (jobs/earlierRun.ts). */
function earlierRunLine(family: JobFamilySpec, op: OperationSpec): string {
  const start = family.starts.find((s) => s.operation === op.tool);
  if (!family.earlierRun || !start?.idFrom?.startsWith('arg:')) return '';
  return `This runs the job again: an end the upstream shows from before the start (${family.earlierRun.field} earlier) is the previous run's, so the job stays queued until the new run shows, and fails as no_run_seen if none is seen within ${NO_RUN_SEEN_MS / 60_000} min.`;
}

export function describeStart(family: JobFamilySpec, op: OperationSpec, config: RuntimeConfig): string {
  const workflow = [
    `Starts a long-running ${family.title} job and returns a job handle (job_id) at once, not the result.`,
    `Then call ${family.tools.status} with the job_id until terminal is true (succeeded, failed or cancelled): wait poll_after_ms between calls, or pass wait_ms (up to ${duration(config.waitMaxMs)}) to wait server-side.`,
    family.expectedDurationMs !== null ? `Typically takes about ${duration(family.expectedDurationMs)}.` : '',
    family.tools.result ? `Fetch the result with ${family.tools.result} once it succeeded.` : '',
    family.tools.cancel ? `Cancel with ${family.tools.cancel}.` : '',
    family.starts.find((s) => s.operation === op.tool)?.members ? SET_START : '',
    dedupeLine(dedupeWindow(family, config)),
    singletonLine(family),
    restingLine(family),
    fromRestLine(family),
    earlierRunLine(family, op),
  ];
  return [workflow.filter(Boolean).join('\n'), op.description.trim()].filter(Boolean).join('\n\n');
}

/** The status tools' line on `waiting_for_input` (jobs/view.ts), for a family's own status tool and the shared one. */
export const WAITING_FOR_INPUT_HINT =
  'waiting_for_input true: the upstream waits for its user to act (requires_action, waiting_for_user); tell the user instead of only polling.';

export function describeStatus(family: JobFamilySpec, config: RuntimeConfig): string {
  return [
    `Status of ${withArticle(family.title)} job started by ${startList(family)}: pass the job_id it returned. The authoritative source of truth.`,
    "state is one of queued, running (keep polling) or succeeded, failed, cancelled (terminal); upstream_status keeps the API's own word.",
    WAITING_FOR_INPUT_HINT,
    `Call again after poll_after_ms, or pass wait_ms (capped at ${duration(config.waitMaxMs)}) to wait for a terminal state in one call.`,
    family.tools.result
      ? `Once succeeded, result_location or ${family.tools.result} gives the result.`
      : family.outputs?.length
        ? `The output is not in the job itself: once succeeded, ${family.outputs.map((o) => `result.${o.field} is the ${o.arg} to pass to ${o.tool}`).join('; ')}.`
        : 'Once succeeded, result holds the job document (or result_location says where the output is).',
    setStarts(family) ? `A job started by ${setStarts(family)} is one job over a set: ${SET_STATUS}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** A start that acts on several things (StartSpec.members: jobs/memberSet.ts), as its own description says it. */
const SET_START =
  'It acts on several things at once: the job_id stands for all of them (one member per thing), and the job ends when every member has ended.';
const SET_STATUS =
  "members lists each member with its own state; terminal only when all are, succeeded only when all succeeded, failed when any failed (error names them); progress is members ended / members; result lists every member's document.";

function setStarts(family: JobFamilySpec): string {
  return family.starts
    .filter((s) => s.members)
    .map((s) => s.operation)
    .join(' or ');
}

export function describeCancel(family: JobFamilySpec): string {
  const asks = isOperationLink(family.cancel) ? (family.cancel.asks ?? []).map((a) => a.arg) : [];
  const also = asks.length > 0 ? ` and ${asks.join(' and ')}, which the API's cancel requires` : '';
  return [
    `Cancel ${withArticle(family.title)} job started by ${startList(family)}: pass the job_id it returned${also}. Reports what really happened:`,
    'outcome cancelled, cancelling (accepted, poll status until terminal), already_terminal (it had finished; its result is unchanged), not_cancellable, or unknown (sent, but the upstream did not answer in time: poll status to see).',
    'Cancelling may not avoid charges: work the upstream already did is usually billed.',
    setStarts(family)
      ? `A job over a set (started by ${setStarts(family)}) is cancelled member by member: each running member's cancel is sent.`
      : '',
  ]
    .filter(Boolean)
    .join('\n');
}

export function describeResult(family: JobFamilySpec): string {
  return [
    `Fetch the result of a succeeded ${family.title} job started by ${startList(family)}: pass the job_id it returned.`,
    'Fails with a clear message while the job is not succeeded; binary results come back as a link plus a preview. A result larger than the server returns inline comes back as result_ref: read it a page at a time with resources/read on its uri, or call this tool again with offset (0, then each page.next_offset).',
  ].join('\n');
}

export function describeList(families: JobFamilySpec[]): string {
  // The family argument's enum names every family: said once, so the listing does not grow twice with the API.
  const which = families.length > 0 ? ' (its values name every job family)' : '';
  return `List the jobs this server started, newest first; filter by family${which} and state; paginate with cursor. Use it to find a lost job_id.`;
}

function startList(family: JobFamilySpec): string {
  return family.starts.map((s) => s.operation).join(' or ');
}

/** One line per family: which tools start it, poll it, fetch its result and cancel it. */
function familyLine(family: JobFamilySpec): string {
  const parts = [`start with ${startList(family)}`, `status: ${family.tools.status}`];
  if (family.tools.result) parts.push(`result: ${family.tools.result}`);
  if (family.tools.cancel) parts.push(`cancel: ${family.tools.cancel}`);
  return `${family.title}: ${parts.join('; ')}.`;
}

/**
 * The server instructions: the generated part (what the API is) plus, when the server has job families, the job
 * workflow with the limits in force.
 */
export function serverInstructions(def: ServerDefinition, config: RuntimeConfig): string {
  if (def.families.length === 0) return def.instructions;
  const windows = [...new Set(def.families.map((f) => dedupeWindow(f, config)))];
  const dedupe =
    windows.length === 1 && windows[0] === 0
      ? 'Starts are not deduplicated: pass idempotency_key to make a retry safe.'
      : `Identical starts without idempotency_key within ${windows.length === 1 ? duration(windows[0]!) : "the family's dedupe window"} return the existing job with deduplicated: true.`;
  const workflow = [
    'Long-running operations are job tools. A start tool returns a job_id at once, not the result; every tool named job_… takes that job_id.',
    `Call the family's status tool with the job_id until terminal is true (succeeded, failed or cancelled); between calls wait poll_after_ms, or pass wait_ms (at most ${duration(config.waitMaxMs)}) to let the server wait.`,
    `Job handles survive server restarts.${def.listJobsTool ? ` ${def.listJobsTool} lists jobs this server started, to find a lost job_id.` : ''} ${dedupe}`,
  ].join(' ');
  return [def.instructions, workflow, `Job families: ${def.families.map(familyLine).join(' ')}`].filter(Boolean).join('\n\n');
}
