/**
 * Drives one labelled job family of a generated server through the real MCP client against the contract fake
 * (test/support/contractFake.ts): start it with an input sampled from the start tool's own input schema, poll the
 * status tool until a terminal state, and, where the family has a cancel tool and the labels name a cancelled
 * value, start a second job, cancel it and poll it to its end. Outcomes:
 * - ran: terminal, `succeeded`, with the end value the fake answered (detail ELSEWHERE where no labelled poll was
 *   called: the server followed the job at another read, which the fake walks too, in the label's vocabulary;
 *   OTHER_VOCABULARY where it did so in that read's own; OTHER_STATUS where it ended at another status of the
 *   labelled poll's answer, walked in its own);
 * - wrong end: terminal in another state or at another value (an early end, a failed read of success);
 * - stuck: still not terminal after the walk ended and a few more polls;
 * - polled elsewhere: not ran, and the labelled poll was never called (the family reads another operation whose
 *   answer the fake cannot walk, another vocabulary: the corpus's "with the labelled poll" line counts these);
 * - error: a tool answered isError, or the server went away;
 * - not detected: no start tool for the labelled operation.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { VocabularyWalk } from '../../test/support/contractFake.js';
import { type Connected, callChecked, jobTools, metaOf, textOf } from '../../test/support/mcpHarness.js';
import { flattenSchema, pointerResolver, type Schema, sampleSchema } from '../../test/support/schemaSample.js';
import type { LabelledStart } from './labelScore.js';

export type RunOutcome = 'ran' | 'wrong end' | 'stuck' | 'polled elsewhere' | 'error' | 'not detected' | 'no end value';
export const RUN_OUTCOMES: RunOutcome[] = ['ran', 'wrong end', 'stuck', 'polled elsewhere', 'error', 'not detected', 'no end value'];
/** The detail of a family that ran through another read than the labelled poll. */
export const ELSEWHERE = 'through another poll';
/**
 * The detail of a family that ran through another read, in that read's own vocabulary (not the label's): the run
 * works, but nothing here says the read is the job's (GameLift's placement followed at its game session).
 */
export const OTHER_VOCABULARY = 'through another poll, in its own vocabulary';
/** The detail of a family that ran at another status of the labelled poll's answer, in that status's own vocabulary. */
export const OTHER_STATUS = 'through another status';
export type CancelOutcome = 'cancelled' | 'not cancelled' | 'no cancel tool' | 'no cancelled value' | 'error';

export interface FamilyRun {
  outcome: RunOutcome;
  detail: string;
  cancel?: CancelOutcome;
  cancelDetail?: string;
  /** Upstream values the status tool reported, in order. */
  seen: string[];
}

/**
 * The success value of a label, chosen by the harness alone: it must not read the product's own vocabulary, or the
 * sweep would measure the product against itself. The labels name which values are terminal, not which of them is
 * the good one, so the harness leaves out the terminal values that are plainly not a good end (failures, tear-down,
 * pauses, the negation of another value, a present participle that names work still under way) and:
 * 1. takes a plain success word (SUCCEEDED, COMPLETED, DONE);
 * 2. else the start's own work done: a past participle sharing a stem with its name (StartAppReplication →
 *    REPLICATED, not READY_FOR_CONFIGURATION; CopyImageSet → COPIED);
 * 3. else the first value the rest of the preference list names (ACTIVE, AVAILABLE, READY, RUNNING: as it began);
 * 4. else, if exactly one value remains, that is the end the label leaves (VALID, CLAIMED, Idle);
 * 5. else the one that shares a stem with the work under way.
 * Where none remains (a label that counts every good state as in progress) the family has no end value to drive.
 */
const SUCCESS = [
  /^(succeeded|success|successful|completed?|done|finished|passed)$/i,
  /complete|succe|finish|done|pass/i,
  /^(active|available|ready|created|deployed|enabled|associated|in_?service|healthy|published|built|issued|ok|ready_for_use|attached|online|registered|verified|exported|imported|validated)$/i,
  /active|available|ready|created|deployed|enabled|associated|in_?service|healthy|published|built|issued|attached|online|registered/i,
  /^running$/i,
];
const NOT_SUCCESS =
  /fail|error|delet|cancel|stop|abort|partial|incomplete|not_|^not|reject|expire|terminat|invalid|obsolete|unavailable|inactive|disabled|unknown/i;
const TEAR_DOWN = /delet|stop|cancel|terminat|roll_?back|abort|fail|disabl|detach|disassoc|deregist/i;
/** Ends that are not a good end though no failure word says so: a wait for someone, a timeout, a broken or halted thing. */
const NOT_WELL = /timed_?out|needed|required|degraded|misconfig|crash|paus|suspend|shut_?down/i;
/** A present participle names work under way, even where a label lists it as terminal (AUTHORIZING, REGISTERING). */
const UNDER_WAY = /ing$/i;
const NEGATION = /^(de|dis|un|in|non)_?/i;
const stems = (v: string) =>
  v
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean)
    .map((w) => w.replace(/ied$/, 'y').replace(/(ing|ed|e|s)$/, ''));
/** Whether two values share a stem of four letters or more, one a prefix of the other (recommended, Recommendations). */
const shareStem = (a: string, b: string) =>
  stems(a).some((x) => x.length >= 4 && stems(b).some((y) => y.length >= 4 && (x.startsWith(y) || y.startsWith(x))));
const CANCELLED = /^(cancell?ed|stopped|aborted|terminated)$/i;
/** A cancel's end said in more words (Cloud Control `CANCEL_COMPLETE`, Personalize `CREATE STOPPED`), not under way. */
const CANCEL_END = /^(?!.*ing$).*(cancel|stopped|abort|terminated)/i;

const bare = (v: string) => v.toLowerCase().replace(/[^a-z]/g, '');
/** `v` is another of `values` with a negating prefix: DEACTIVATED of ACTIVATED, DEPROVISIONING of PROVISIONING. */
const negatesOneOf = (v: string, values: readonly string[]) =>
  NEGATION.test(v) && values.some((w) => w !== v && bare(v).endsWith(bare(w)) && bare(w).length > 3);

/** The values under way on the way up: tear-down and the undoing of another value under way left out. */
const goingUp = (inProgress: readonly string[]) => inProgress.filter((v) => !TEAR_DOWN.test(v) && !negatesOneOf(v, inProgress));

/** The label's success value, or undefined where the label leaves none (see the rules above SUCCESS). */
export function successOf(label: LabelledStart): string | undefined {
  const field = label.statusField;
  if (!field) return undefined;
  const terminal = field.values.filter((v) => !field.inProgress.includes(v));
  const [exact, ...preferred] = SUCCESS;
  const plainly = terminal.find((v) => exact!.test(v) && !NOT_SUCCESS.test(v));
  if (plainly) return plainly;
  const negates = (v: string) => negatesOneOf(v, terminal);
  const left = terminal.filter((v) => !NOT_SUCCESS.test(v) && !TEAR_DOWN.test(v) && !NOT_WELL.test(v) && !UNDER_WAY.test(v) && !negates(v));
  const done = startDone(left, label.operationId ?? '');
  if (done) return done;
  for (const rule of preferred) {
    const found = terminal.find((v) => rule.test(v) && !NOT_SUCCESS.test(v));
    if (found) return found;
  }
  if (left.length <= 1) return left[0];
  const up = goingUp(field.inProgress);
  return left.find((v) => up.some((o) => shareStem(v, o)));
}

/**
 * The start's own work done: a value that ends in a past participle sharing a stem with the start's name
 * (REPLICATED for StartAppReplication beside READY_FOR_CONFIGURATION, COPIED for CopyImageSet), the fewest words first.
 */
function startDone(left: readonly string[], operationId: string): string | undefined {
  const words = (v: string) => stems(v).length;
  return left
    .filter((v) => /ed$/i.test(v) && stems(v).length > 0 && shareStem(stems(v).at(-1)!, operationId))
    .sort((a, b) => words(a) - words(b))[0];
}

/** The fake's status walk for a label: up to two in-progress values on the way up, then the success value. */
export function walkOf(label: LabelledStart): { walk: string[]; success?: string; cancelValue?: string } {
  const field = label.statusField;
  if (!field) return { walk: [] };
  const terminal = field.values.filter((v) => !field.inProgress.includes(v));
  const up = goingUp(field.inProgress).slice(0, 2);
  const success = successOf(label);
  const cancelValue =
    terminal.find((v) => CANCELLED.test(v.replace(/[^a-z]/gi, ''))) ?? terminal.find((v) => CANCEL_END.test(v) && !/fail|error/i.test(v));
  // At least three answers under way, so that a cancel sent after the start's first poll finds the job still running.
  const way = up.length > 0 ? [...up] : field.inProgress.slice(0, 1);
  while (way.length > 0 && way.length < 3) way.push(way.at(-1)!);
  return { walk: success ? [...way, success] : [], success, cancelValue };
}

/**
 * Words the harness reads as work under way in a vocabulary no label names (a read the server follows the job at,
 * in its own words: LGTM's operation `pending`/`done`): a present participle, a wait, a queue, a submission.
 */
const WAITING = /ing$|pending|queued|waiting|in_?progress|not_?started|submitted|accepted/i;

/**
 * The fake's walk of a status vocabulary no label names, by the same rules as a label's (walkOf, successOf) with
 * the values under way read by WAITING. A vocabulary with nothing under way or no good end is no job's: no walk.
 */
export function vocabularyWalk(values: readonly string[]): VocabularyWalk | undefined {
  const inProgress = values.filter((v) => WAITING.test(v));
  if (inProgress.length === 0) return undefined;
  const label: LabelledStart = {
    method: 'GET',
    path: '',
    poll: { method: 'GET', path: '' },
    statusField: { path: '', values: [...values], inProgress },
  };
  const { walk, cancelValue } = walkOf(label);
  return walk.length > 0 ? { walk, ...(cancelValue ? { cancelValue } : {}) } : undefined;
}

/** The start tool of the labelled operation (an AWS query `/#Action=X` start is either its GET_X or POST_X). */
export function startToolOf(tools: Tool[], label: LabelledStart): Tool | undefined {
  const action = /#Action=([^&]+)/.exec(label.path)?.[1];
  // A start without an operationId is named by its key (`POST /containers`).
  const names = new Set([label.operationId ?? `${label.method} ${label.path}`, ...(action ? [`GET_${action}`, `POST_${action}`] : [])]);
  return tools.find((t) => metaOf(t)['mcp-jobgen/role'] === 'start' && names.has(metaOf(t)['mcp-jobgen/operation'] as string));
}

/**
 * The start's arguments: its required members, and an optional member whose own schema requires members (an AWS
 * request body is optional in the contract, yet its input shape requires the name the job is followed by: a caller
 * sends it, and without it the upstream would refuse the start, where the fake answers it as done).
 */
export function startArgs(tool: Pick<Tool, 'inputSchema'>, serial: string): Record<string, unknown> {
  const schema = tool.inputSchema as Record<string, unknown>;
  const opts = { resolve: pointerResolver(schema) };
  const args = (sampleSchema(schema, opts) ?? {}) as Record<string, unknown>;
  for (const [name, member] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) {
    const flat = flattenSchema(member, opts);
    if (name in args || !Array.isArray(flat?.required) || flat.required.length === 0) continue;
    const value = sampleSchema(member, opts);
    if (value !== undefined) args[name] = value;
  }
  if ('idempotency_key' in ((schema.properties as object) ?? {})) args.idempotency_key = `run-sweep-${serial}`;
  return args;
}

/** A status tool's structuredContent, as the harness types it. */
type StatusSeen = NonNullable<Awaited<ReturnType<typeof callChecked>>['structuredContent']>;

async function pollToEnd(conn: Connected, status: Tool, jobId: string, maxCalls: number) {
  const seen: StatusSeen[] = [];
  for (let i = 0; i < maxCalls; i++) {
    const res = await callChecked(conn, status.name, { job_id: jobId }, { timeout: 30_000 });
    if (res.isError) return { seen, error: textOf(res) };
    seen.push(res.structuredContent ?? {});
    if (res.structuredContent?.terminal === true) break;
  }
  return { seen };
}

/**
 * Whether a terminal status ended at the success value. A job over a set (jobs/memberSet.ts) reports its members
 * one by one, and its upstream status only counts them (`1 of 1 members ended: COMPLETED ×1`): there the end is
 * read member by member, each of which must have succeeded at that value; an empty set has not ended anywhere.
 */
export function endedAt(status: StatusSeen, success: string): boolean {
  const members = status.members;
  // A thing that returns to rest between runs tells where it rests and how its last run ended (`READY/SUCCEEDED`,
  // jobs/restingRun.ts): the label's value is where it rests; the job's own state says how the run ended.
  if (!Array.isArray(members)) return status.upstream_status === success || String(status.upstream_status).startsWith(`${success}/`);
  const each = members as Array<{ state?: unknown; upstream_status?: unknown }>;
  return each.length > 0 && each.every((m) => m.state === 'succeeded' && m.upstream_status === success);
}

const brief = (s: string) => s.replace(/\s+/g, ' ').slice(0, 220);

/** Whether the upstream saw a call of the labelled poll since request number `since` (contractFake.ts's log). */
export type PollSeen = (since: number) => boolean;

/**
 * What the fake tells of a run: a mark in its request log, whether the labelled poll was called since, and the ends
 * of the other vocabularies it told the job in (contractFake.ts `otherEnds`: another label's poll, a read no label
 * names), where a job the server follows elsewhere may end well.
 */
export interface RunWatch {
  mark(): number;
  seen: PollSeen;
  otherEnds?(): readonly string[];
  /** The ends of the other statuses of the labelled poll's answer the fake walked (contractFake.ts `fieldEnds`). */
  fieldEnds?(): readonly string[];
}

/** What the fake told of a run besides the label's own walk (RunWatch, read once the run ended). */
export interface ToldElsewhere {
  labelledPollSeen: boolean;
  otherEnds: readonly string[];
  fieldEnds: readonly string[];
}

/**
 * How a terminal run ended well, if it did: '' at the label's success value (runFamily makes it ELSEWHERE where the
 * labelled poll was never called); OTHER_VOCABULARY at the end of another vocabulary the fake walked it in at another
 * read, only where the labelled poll was never called (the server followed the job there); OTHER_STATUS at the end of another status of the labelled poll's answer, walked in its own
 * vocabulary (Proton's service status beside the label's pipeline deployment). Undefined: it did not end well.
 */
export function ranDetail(status: StatusSeen, success: string, told: ToldElsewhere): string | undefined {
  if (status.state !== 'succeeded') return undefined;
  if (endedAt(status, success)) return '';
  if (!told.labelledPollSeen && told.otherEnds.some((end) => endedAt(status, end))) return OTHER_VOCABULARY;
  if (told.fieldEnds.some((end) => endedAt(status, end))) return OTHER_STATUS;
  return undefined;
}

export async function runFamily(conn: Connected, label: LabelledStart, serial: string, pollSeen?: RunWatch): Promise<FamilyRun> {
  const { walk, success, cancelValue } = walkOf(label);
  const tool = startToolOf(conn.tools, label);
  if (!tool) return { outcome: 'not detected', detail: `no start tool for ${label.operationId}`, seen: [] };
  if (!success) return { outcome: 'no end value', detail: `no success value among ${label.statusField?.values.join(',')}`, seen: [] };
  const family = jobTools(conn.tools, metaOf(tool)['mcp-jobgen/job'] as string);
  try {
    const since = pollSeen?.mark() ?? 0;
    const started = await callChecked(conn, tool.name, startArgs(tool, `${serial}-a`), { timeout: 30_000 });
    if (started.isError) return { outcome: 'error', detail: `start: ${brief(textOf(started))}`, seen: [] };
    const jobId = started.structuredContent?.job_id as string;
    const first = started.structuredContent ?? {};
    const polled = first.terminal === true ? { seen: [] } : await pollToEnd(conn, family.status, jobId, walk.length + 3);
    const all = [first, ...polled.seen];
    const seen = all.map((s) => String(s.upstream_status ?? s.state));
    const last = all.at(-1)!;
    const ranAs = ranDetail(last, success, {
      labelledPollSeen: pollSeen?.seen(since) ?? true,
      otherEnds: pollSeen?.otherEnds?.() ?? [],
      fieldEnds: pollSeen?.fieldEnds?.() ?? [],
    });
    let run: FamilyRun;
    if (polled.error) run = { outcome: 'error', detail: `status: ${brief(polled.error)}`, seen };
    else if (last.terminal !== true)
      run = { outcome: 'stuck', detail: `${last.state}/${last.upstream_status} after ${polled.seen.length} polls`, seen };
    else if (ranAs !== undefined) run = { outcome: 'ran', detail: ranAs, seen };
    else
      run = {
        outcome: 'wrong end',
        detail: `${last.state}/${last.upstream_status}${last.error ? ` (${brief(JSON.stringify(last.error))})` : ''}`,
        seen,
      };
    // The fake walks any read that tells the status in the label's vocabulary (contractFake.ts), so a family that
    // follows its job at another read still runs; the sweep says so, and counts them apart.
    if (run.outcome === 'ran' && run.detail === '' && pollSeen && !pollSeen.seen(since)) run = { ...run, detail: ELSEWHERE };
    else if (run.outcome !== 'ran' && run.outcome !== 'error' && pollSeen && !pollSeen.seen(since)) {
      run = { ...run, outcome: 'polled elsewhere', detail: `${run.outcome}: ${run.detail}` };
    }
    if (!family.cancel) return { ...run, cancel: 'no cancel tool' };
    if (!cancelValue) return { ...run, cancel: 'no cancelled value' };
    return { ...run, ...(await runCancel(conn, tool, family, `${serial}-b`, cancelValue)) };
  } catch (error) {
    return { outcome: 'error', detail: brief(`${String(error)} ${conn.stderr().slice(-300)}`), seen: [] };
  }
}

async function runCancel(
  conn: Connected,
  tool: Tool,
  family: ReturnType<typeof jobTools>,
  serial: string,
  cancelValue: string,
): Promise<Pick<FamilyRun, 'cancel' | 'cancelDetail'>> {
  const started = await callChecked(conn, tool.name, startArgs(tool, serial), { timeout: 30_000 });
  if (started.isError) return { cancel: 'error', cancelDetail: `start: ${brief(textOf(started))}` };
  const jobId = started.structuredContent?.job_id as string;
  // What the API's cancel requires beside the job (a Batch `reason`) is asked by the tool: sampled as a start's are.
  const cancelled = await callChecked(
    conn,
    family.cancel!.name,
    { ...startArgs(family.cancel!, serial), job_id: jobId },
    { timeout: 30_000 },
  );
  if (cancelled.isError) return { cancel: 'error', cancelDetail: `cancel: ${brief(textOf(cancelled))}` };
  const after = cancelled.structuredContent ?? {};
  const polled = after.state === 'cancelled' ? { seen: [after] } : await pollToEnd(conn, family.status, jobId, 5);
  if (polled.error) return { cancel: 'error', cancelDetail: `status: ${brief(polled.error)}` };
  const last = polled.seen.at(-1) ?? after;
  return last.state === 'cancelled'
    ? { cancel: 'cancelled' }
    : { cancel: 'not cancelled', cancelDetail: `${last.state}/${last.upstream_status} (wanted ${cancelValue})` };
}
