/**
 * Google AIP-151 long-running operations. Any method whose success response is shaped like
 * `google.longrunning.Operation` (`name`, boolean `done`, and `metadata`, `response` or `error`) starts a job,
 * whether or not the spec declares the operations service. The job is polled with `GET {root}/{name}` (the
 * operation's `name` under the API's version root) and cancelled with `POST {root}/{name}:cancel`.
 *
 * Discovery-converted specs collapse every `GET /v1/{name}` onto one path, so the operations GET is often
 * missing (its path belongs to some resource's get); then detection adds a synthetic operation for it, which
 * the emitter turns into an internal operation of the generated server. A cancel is declared or synthesised
 * only where the API has one.
 */
import { createOperation, createParameter, createResponse, operationPointer } from '../../model/factories.js';
import type { JsonSchema, Operation } from '../../model/ir.js';
import type { ProgressSpec } from '../../model/jobs.js';
import type { CancelFound, DetectContext, StartCandidate } from '../detectTypes.js';
import { describeOp, pathParams, pathShape, splitPath, successSchema, toOperationRef } from '../read/operationIndex.js';
import type { PollFound } from '../resource/findPollOperation.js';
import { analyzeStatusSchema } from '../status/analyzeStatusSchema.js';
import { isOperationShaped } from '../status/doneFlag.js';
import { findFractionField } from '../status/findProgress.js';
import { readStartSignals } from './startSignals.js';

/** `v1`, `v1beta1`, `v2alpha`, `v1p1beta1`: a version segment of a Google-style path. */
const VERSION_SEGMENT = /^v\d+[a-z0-9]*$/i; // what `^v\d+([a-z]+\d*)*$` meant, without its exponential backtracking

/**
 * The API's version root: the leading static segments up to the version segment (`/v1/{parent}/x` → `/v1`,
 * `/api/v2beta/...` → `/api/v2beta`); `''` when the path has no version segment before its first parameter.
 */
export function versionRoot(path: string): string {
  const segments = splitPath(path).pathname.split('/').filter(Boolean);
  const root: string[] = [];
  for (const s of segments) {
    if (s.includes('{') || s.includes(':')) break;
    root.push(s);
    if (VERSION_SEGMENT.test(s)) return `/${root.join('/')}`;
  }
  return '';
}

/** AIP-151 `WaitOperation` (`POST …/{name}:wait`) blocks on an existing operation; it starts nothing. */
const WAIT_VERB = /:wait$/;

interface GoogleRoot {
  poll: PollFound;
  /** How the poll was found, for evidence. */
  pollWhy: string;
  cancel: CancelFound | null;
  cancelWhy: string | null;
}

/**
 * The family parts shared by every Operation-returning method of one version root, found once per spec:
 * declared operations GET / cancel, or synthetic ones (kept in `ctx.synthetic`, one object per method and path).
 */
export class GoogleOperations {
  private readonly roots = new Map<string, GoogleRoot>();
  private progressMemo: ProgressSpec | null | undefined;

  constructor(private readonly ctx: DetectContext) {}

  /** Declared `GET` answering an Operation, with the whole name as its only path parameter, under `root`. */
  private declaredGetter(root: string): Operation | undefined {
    const { index, reader } = this.ctx;
    const found: Operation[] = [];
    for (const op of index.model.operations) {
      if (op.method !== 'GET' || !op.path.startsWith(`${root}/`)) continue;
      const params = pathParams(op.path);
      if (params.length !== 1 || !splitPath(op.path).pathname.endsWith(`{${params[0]}}`)) continue;
      if (isOperationShaped(reader, successSchema(op))) found.push(op);
    }
    // `GET /v1/{name}` before `GET /v1/operations/{name}`: the one that takes the name as the start gave it.
    found.sort((a, b) => a.path.length - b.path.length);
    return found[0];
  }

  root(start: Operation): GoogleRoot {
    const root = versionRoot(start.path);
    const known = this.roots.get(root);
    if (known) return known;
    const { index, reader } = this.ctx;
    const declared = this.declaredGetter(root);
    let pollOp: Operation;
    let pollWhy: string;
    if (declared) {
      pollOp = declared;
      pollWhy = `${describeOp(declared)}, which answers the Operation`;
    } else {
      pollOp = this.synthesize('GET', (param) => `${root}/{${param}}`, 'name', start, successSchema(start));
      pollWhy = `${describeOp(pollOp)}, AIP-151's GetOperation under \`${root || '/'}\` (not declared by the spec: synthetic)`;
    }
    const idParam = pathParams(pollOp.path)[0]!;
    const poll: PollFound = { op: pollOp, link: { op: toOperationRef(pollOp), idParam, carry: [] }, match: 'google', idFrom: 'body:name' };

    // AIP-151 CancelOperation: `POST {poll path}:cancel`. Declared, or declared elsewhere in the operations
    // service's own form (`…/operations/{id}:cancel`), then synthesised where the poll is.
    let cancelOp: Operation | null = null;
    let cancelWhy: string | null = null;
    const declaredCancel = index
      .at(`${pollOp.path}:cancel`, 'POST')
      .find((c) => pathParams(c.path).length === 1 && !isOperationShaped(reader, successSchema(c)));
    if (declaredCancel) {
      cancelOp = declaredCancel;
      cancelWhy = `${describeOp(declaredCancel)} (AIP-151 CancelOperation)`;
    } else if (
      index.model.operations.some(
        (o) =>
          o.method === 'POST' &&
          /:cancel$/.test(o.path) &&
          (/\/operations\/\{[^{}]+\}:cancel$/.test(o.path) || pathShape(o.path) === `${root}/{}:cancel`),
      )
    ) {
      const pollParam = pathParams(pollOp.path)[0]!;
      cancelOp = this.synthesize(
        'POST',
        (param) => `${pollOp.path.replace(/\{[^{}]+\}$/, `{${param}}`)}:cancel`,
        pollParam,
        start,
        undefined,
      );
      cancelWhy = `${describeOp(cancelOp)}, AIP-151's CancelOperation where the poll is (the spec declares the operations cancel in another form: synthetic)`;
    }
    const cancel: CancelFound | null = cancelOp
      ? {
          op: cancelOp,
          link: { op: toOperationRef(cancelOp), idParam: pathParams(cancelOp.path)[0]!, carry: [] },
          why: cancelWhy!,
          accepted: false,
          alternatives: [],
        }
      : null;
    const found = { poll, pollWhy, cancel, cancelWhy };
    this.roots.set(root, found);
    return found;
  }

  /**
   * A synthetic operation at `pathFor(param)` (`GET /v1/{name}`, `POST /v1/{name}:cancel`), with the pointer
   * where the spec would declare it. Where the spec already has that method and path for something else (a
   * resource get collapsed onto `/v1/{name}`), the parameter is `{operation_name}`, so both stay distinct.
   */
  private synthesize(
    method: 'GET' | 'POST',
    pathFor: (param: string) => string,
    preferred: string,
    start: Operation,
    schema: JsonSchema | undefined,
  ): Operation {
    const taken = (p: string) => this.ctx.index.model.operations.some((o) => o.method === method && o.path === p);
    const param = taken(pathFor(preferred)) ? 'operation_name' : preferred;
    const path = pathFor(param);
    const pointer = operationPointer(method, path);
    const op = createOperation(method, path, {
      pointer,
      summary:
        method === 'GET'
          ? 'Gets the latest state of a long-running operation (AIP-151 GetOperation).'
          : 'Starts asynchronous cancellation of a long-running operation (AIP-151 CancelOperation).',
      tags: [...start.tags],
      parameters: [
        createParameter(param, 'path', {
          description: "The operation's `name` as the start returned it (it may contain slashes).",
          pointer: `${pointer}/parameters/0`,
        }),
      ],
      responses: [createResponse('200', { schema, pointer: `${pointer}/responses/200` })],
      security: start.security.map((r) => [...r]),
    });
    return this.ctx.synthetic.add(op);
  }

  /**
   * Progress: AIP-151 leaves `metadata` open (`google.protobuf.Any`); its types are the spec's `…Metadata`
   * schemas, which no operation references. The fraction/percent field those types hold (directly or in one
   * nested object, Spanner's `progress.progressPercent`), the most common one when they differ.
   */
  progress(): ProgressSpec | null {
    if (this.progressMemo !== undefined) return this.progressMemo;
    const { reader, index } = this.ctx;
    const counts = new Map<string, { spec: ProgressSpec; n: number }>();
    for (const [ref, schema] of Object.entries(index.model.namedSchemas ?? {})) {
      if (!/Metadata$/.test(ref)) continue;
      const props = reader.properties(schema);
      let found = findFractionField(reader, props, 'metadata.');
      if (!found) {
        for (const [name, p] of props) {
          const inner = reader.properties(p);
          if (inner.size === 0) continue;
          found = findFractionField(reader, inner, `metadata.${name}.`);
          if (found) break;
        }
      }
      if (!found || !('field' in found)) continue;
      const key = `${found.field}/${found.scale}`;
      const c = counts.get(key);
      if (c) c.n++;
      else counts.set(key, { spec: found, n: 1 });
    }
    let best: { spec: ProgressSpec; n: number } | undefined;
    for (const c of counts.values()) if (!best || c.n > best.n) best = c;
    this.progressMemo = best?.spec ?? null;
    return this.progressMemo;
  }
}

/** AIP-151 family parts per detection run, found on the first Operation-returning method. */
const PARTS = new WeakMap<DetectContext, GoogleOperations>();

/** The start candidate for an AIP-151 Operation-returning method, or null when `op` is not one. */
export function evaluateGoogleStart(op: Operation, ctx: DetectContext): StartCandidate | null {
  if (op.method === 'GET' || WAIT_VERB.test(splitPath(op.path).pathname)) return null;
  const schema = successSchema(op);
  if (!isOperationShaped(ctx.reader, schema)) return null;
  const google = PARTS.get(ctx) ?? new GoogleOperations(ctx);
  PARTS.set(ctx, google);
  const root = google.root(op);
  const status = analyzeStatusSchema(ctx.reader, schema);
  const progress = status.progress ?? google.progress();
  const fields = ['metadata', 'response', 'error'].filter((f) => ctx.reader.properties(schema).has(f));
  const evidence = [
    `${describeOp(op)} returns an AIP-151 Operation (\`name\`, \`done\`, ${fields.map((f) => `\`${f}\``).join(', ')})`,
    `poll: ${root.pollWhy}`,
  ];
  if (root.cancel) evidence.push(`cancel: ${root.cancelWhy}`);
  if (progress && 'field' in progress && !status.progress)
    evidence.push(`progress field \`${progress.field}\` of the API's operation metadata types`);
  const signals = readStartSignals(op, ctx.reader);
  return {
    kind: 'family',
    start: op,
    signals,
    idFrom: 'body:name',
    poll: root.poll,
    pollVia: null,
    status: { ...status, progress },
    statusSchema: schema,
    resource: { score: 0, evidence: [], cancel: root.cancel, result: null, strongEnum: false },
    evidence,
    confidence: 'high',
  };
}
