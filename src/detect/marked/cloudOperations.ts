/**
 * Google Cloud's Operation resource, the convention of its older REST APIs (Compute Engine, Deployment Manager, Cloud
 * SQL Admin, GKE v1), which predates AIP-151: a method that changes something answers an Operation whose `status` is
 * `PENDING`, `RUNNING` or `DONE`, beside its `name`, its `selfLink` and an `error` that, once `DONE`, says it
 * failed (Compute Engine's "Handling API responses": "when the status is DONE, check the error field"). The
 * operation is read at `GET …/operations/{operation}` by its `name`, in the scope the method acted in: Compute Engine
 * has one such read per zone, per region and for the project (global), each taking the scope's own path parameters.
 *
 * A start is any non-GET method answering that Operation. Its poll is the operations read that answers the same
 * schema and whose path parameters, but the operation's own, the start's path names too (the zone read for a
 * method under `/zones/{zone}/`, the global one for a method with no zone or region): those are carried from the
 * start's arguments. An action on an operation itself (`…/operations/{operation}/wait`, `/cancel`) starts nothing.
 */
import type { JsonSchema, Operation } from '../../model/ir.js';
import type { DetectContext, StartCandidate } from '../detectTypes.js';
import { describeOp, pathParams, splitPath, successSchema, toOperationRef } from '../read/operationIndex.js';
import { norm } from '../read/operationInputs.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { findCancel, jobItemPath } from '../resource/findCompanions.js';
import type { PollFound } from '../resource/findPollOperation.js';
import { analyzeStatusSchema } from '../status/analyzeStatusSchema.js';
import { readStartSignals } from './startSignals.js';

/** The value that says the operation ended, not how: its `error` says that. */
const CLOUD_OPERATION_DONE = 'DONE';
/** The values before it. */
const UNDER_WAY = ['PENDING', 'RUNNING'];

/** The collection segment the operations of a scope are read under. */
const OPERATIONS_SEGMENT = 'operations';

/**
 * Whether `schema` is a Google Cloud Operation: `name`, `selfLink`, an `error` object, and a `status` whose values
 * (an enum, or the description quoting them) hold `DONE` and `PENDING` or `RUNNING`, and no AIP-151 `done` flag. Its
 * own names for `name` and `status`, in whatever case the contract spells the fields (`selfLink`, `self_link`), or
 * null when it is none.
 */
function cloudOperationFields(reader: SchemaReader, schema: JsonSchema | undefined): { name: string; status: string } | null {
  const props = reader.properties(schema);
  const named = (wanted: string) => [...props.keys()].find((k) => norm(k) === wanted);
  const [name, selfLink, error, status] = ['name', 'selflink', 'error', 'status'].map(named);
  if (named('done') !== undefined || !name || !selfLink || !error || !status) return null;
  if (reader.typeOf(props.get(name)) !== 'string' || reader.typeOf(props.get(selfLink)) !== 'string') return null;
  const errorSchema = props.get(error);
  if (reader.typeOf(errorSchema) !== 'object' && reader.properties(errorSchema).size === 0) return null;
  const statusSchema = props.get(status);
  const values = (reader.enumValues(statusSchema) ?? []).map((v) => String(v).toUpperCase());
  const said = (v: string) =>
    values.includes(v) || (values.length === 0 && new RegExp(`\\b${v}\\b`, 'i').test(reader.description(statusSchema)));
  return said(CLOUD_OPERATION_DONE) && UNDER_WAY.some(said) ? { name, status } : null;
}

/** The path below the operations collection (`…/operations/{operation}` → the `{operation}` item), or null. */
function operationItemParam(path: string): string | null {
  const segments = splitPath(path).pathname.replace(/\/$/, '').split('/');
  const last = segments.at(-1) ?? '';
  if (segments.at(-2) !== OPERATIONS_SEGMENT || !/^\{[^{}]+\}$/.test(last)) return null;
  return last.slice(1, -1);
}

/** The reads of one Operation schema at `…/operations/{operation}`, found once per detection run. */
const READS = new WeakMap<DetectContext, Map<string, Operation[]>>();

function operationReads(ctx: DetectContext, schema: JsonSchema | undefined): Operation[] {
  const fingerprint = ctx.reader.fingerprint(schema);
  let byFingerprint = READS.get(ctx);
  if (!byFingerprint) {
    byFingerprint = new Map();
    READS.set(ctx, byFingerprint);
  }
  const known = byFingerprint.get(fingerprint);
  if (known) return known;
  const reads = ctx.index.model.operations.filter(
    (op) => op.method === 'GET' && operationItemParam(op.path) !== null && ctx.reader.fingerprint(successSchema(op)) === fingerprint,
  );
  byFingerprint.set(fingerprint, reads);
  return reads;
}

/**
 * The operations read in the start's scope: every path parameter of the read but the operation's own is one the
 * start's path names; of those, the one that shares the most (the zone's read before the project's).
 */
function scopedRead(start: Operation, reads: readonly Operation[]): Operation | null {
  const own = new Set(pathParams(start.path));
  let best: { op: Operation; shared: number } | null = null;
  for (const op of reads) {
    const item = operationItemParam(op.path)!;
    const scope = pathParams(op.path).filter((p) => p !== item);
    if (!scope.every((p) => own.has(p))) continue;
    if (!best || scope.length > best.shared) best = { op, shared: scope.length };
  }
  return best?.op ?? null;
}

/** The scope the operations are read in, for the family's name: `zones/{zone}/operations` → `zone`, `global/operations` → `global`. */
function scopeName(path: string): string {
  const segments = splitPath(path).pathname.replace(/\/$/, '').split('/');
  const before = segments.at(-3) ?? '';
  const name = before.replace(/^\{([^{}]+)\}$/, '$1').replace(/[^A-Za-z0-9]+/g, '_');
  return name || 'cloud';
}

/** The start candidate for a method answering a Google Cloud Operation, or null when `op` is not one. */
export function evaluateCloudOperationStart(op: Operation, ctx: DetectContext): StartCandidate | null {
  if (op.method === 'GET') return null;
  // `…/operations/{operation}/wait` or `/cancel` acts on an operation that exists.
  if (/\/operations\/\{[^{}]+\}(\/|:)/.test(splitPath(op.path).pathname)) return null;
  const schema = successSchema(op);
  const fields = cloudOperationFields(ctx.reader, schema);
  if (!fields) return null;
  const read = scopedRead(op, operationReads(ctx, schema));
  if (!read) return null;
  const idParam = operationItemParam(read.path)!;
  const carry = pathParams(read.path)
    .filter((p) => p !== idParam)
    .map((p) => ({ param: p, from: `arg:${p}` as const }));
  const poll: PollFound = { op: read, link: { op: toOperationRef(read), idParam, carry }, match: 'google', idFrom: `body:${fields.name}` };
  const status = analyzeStatusSchema(ctx.reader, schema);
  if (status.field !== fields.status || status.errorField === null) return null;
  // The value that says it ended, as the contract spells it (`DONE`, `done`).
  const done = Object.keys(status.lifecycle.states).find((v) => v.toUpperCase() === CLOUD_OPERATION_DONE);
  if (done === undefined) return null;
  const cancel = findCancel(jobItemPath(read.path, idParam), read, poll.link, ctx.index, ctx.reader, status.lifecycle.states);
  const scope = carry.map((c) => `\`${c.param}\``);
  const evidence = [
    `${describeOp(op)} returns a Google Cloud Operation (\`name\`, \`status\` ${[...UNDER_WAY, CLOUD_OPERATION_DONE].join('/')}, \`selfLink\`, \`error\`)`,
    `poll: ${describeOp(read)} reads the operation by its \`name\`${scope.length > 0 ? `, in the scope the start names (${scope.join(', ')})` : ''}`,
    `\`${done}\` says the operation ended; \`${status.errorField}\` there says it failed`,
  ];
  if (cancel) evidence.push(`cancel: ${cancel.why}`);
  return {
    kind: 'family',
    start: op,
    signals: readStartSignals(op, ctx.reader),
    idFrom: `body:${fields.name}`,
    poll,
    pollVia: null,
    status,
    statusSchema: schema,
    resource: { score: 0, evidence: [], cancel, result: null, strongEnum: false },
    evidence,
    confidence: 'high',
    name: `${scopeName(read.path)}_operation`,
    neutralEnds: [done],
  };
}
