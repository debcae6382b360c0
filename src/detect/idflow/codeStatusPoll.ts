/**
 * Convention: a read whose HTTP code is the job's state, nothing in its answer saying it (RFC 9110 §15.3.3: 202
 * Accepted, the work not done; a 200 when it is, with what it made). Stability's `GET
 * /v2beta/image-to-video/result/{id}` answers 202 while the video is made and 200 with it; Kinsta's `GET
 * /operations/{operation_id}` answers 202 while an operation runs and 200 once it is done. The read declares both codes
 * and no status with a lifecycle, and takes one path parameter, the id the start's answer holds: a field of the
 * parameter's own name (`operation_id`), or a bare `id` where the read sits below the start's own path (the thing the
 * start made, read there). One such read per start, or none: two would be a guess.
 *
 * Runs last among the conventions, over operations none claimed: a read with a status word is every other rule's.
 */
import type { Operation } from '../../model/ir.js';
import type { JobOperationLink } from '../../model/jobs.js';
import type { DetectContext, StartCandidate } from '../detectTypes.js';
import { readStartSignals } from '../marked/startSignals.js';
import { sameAcceptedDocument } from '../read/acceptedDocument.js';
import {
  describeOp,
  isJsonMedia,
  pathParams,
  responseSchema,
  splitPath,
  successResponses,
  successSchema,
  toOperationRef,
  trailingParam,
} from '../read/operationIndex.js';
import { norm } from '../read/operationInputs.js';
import { analyzeStatusSchema } from '../status/analyzeStatusSchema.js';

export function findCodeStatusStarts(ops: readonly Operation[], ctx: DetectContext, isFree: (op: Operation) => boolean): StartCandidate[] {
  const reads = ops.filter((op) => op.method === 'GET' && isFree(op) && answersByCode(op, ctx));
  if (reads.length === 0) return [];
  const out: StartCandidate[] = [];
  for (const start of ops) {
    if (start.method === 'GET' || !isFree(start)) continue;
    const fields = [...ctx.reader.properties(successSchema(start)).keys()];
    const linked = reads.flatMap((read) => {
      // A 202 both answer alike is the API's own queueing of any call (Visma answers `BackgroundApiAcceptedDto` to
      // every request it runs in the background): the read's 202 says the read was queued, not how the work goes.
      if (sameAcceptedDocument(start, read, ctx.reader)) return [];
      const field = idFieldFor(start, read, fields);
      return field === null ? [] : [{ read, field }];
    });
    if (linked.length !== 1) continue;
    out.push(candidate(start, linked[0]!.read, linked[0]!.field, ctx));
  }
  return out;
}

/** The read answers 202 and another 2xx, takes one path parameter that ends its path, and reads no lifecycle. */
function answersByCode(read: Operation, ctx: DetectContext): boolean {
  const codes = successResponses(read).map((r) => r.status);
  if (!codes.includes('202') || !codes.some((c) => c !== '202')) return false;
  const param = trailingParam(read.path);
  if (param === null || pathParams(read.path).length !== 1) return false;
  return successResponses(read).every((r) => {
    const schema = responseSchema(r);
    return schema === undefined || !analyzeStatusSchema(ctx.reader, schema).lifecycle.lifecycleLike;
  });
}

/** The field of the start's answer that holds the id `read` takes, or null. */
function idFieldFor(start: Operation, read: Operation, fields: readonly string[]): string | null {
  const param = trailingParam(read.path)!;
  const named = fields.find((f) => norm(f) === norm(param) && norm(f) !== 'id');
  if (named !== undefined) return named;
  // A bare `id`: the read is below the start's own path (`POST /v2beta/image-to-video` → `…/result/{id}`).
  const own = splitPath(start.path).pathname.replace(/\/$/, '');
  const below = splitPath(read.path).pathname.startsWith(`${own}/`) && pathParams(start.path).length === 0;
  return below && norm(param) === 'id' && fields.includes('id') ? 'id' : null;
}

function candidate(start: Operation, read: Operation, field: string, ctx: DetectContext): StartCandidate {
  const param = trailingParam(read.path)!;
  const link: JobOperationLink = { op: toOperationRef(read), idParam: param, idIn: 'path', carry: [] };
  const analysis = analyzeStatusSchema(ctx.reader, successSchema(read));
  // What it made comes only as a file (a video): read again once done, where the poll, reading JSON, cannot keep it.
  const done = successResponses(read).filter((r) => r.status !== '202');
  const fileOnly = done.length > 0 && done.every((r) => r.content.length > 0 && r.content.some((c) => !isJsonMedia(c.mediaType)));
  return {
    kind: 'family',
    start,
    signals: readStartSignals(start, ctx.reader),
    idFrom: `body:${field}`,
    poll: { op: read, link, match: 'path', idFrom: `body:${field}` },
    pollVia: null,
    // The code is the state: whatever the answer calls its `status` (Kinsta echoes the code) is not read as one.
    status: { ...analysis, field: null, values: [], valuesFrom: 'none', doneField: null },
    statusSchema: successSchema(read),
    resource: { score: 0, evidence: [], cancel: null, result: fileOnly ? { op: read, link } : null, strongEnum: false },
    evidence: [
      `${describeOp(start)} answers \`${field}\`, which ${describeOp(read)} takes as \`{${param}}\``,
      `${describeOp(read)} answers 202 while the work runs and ${done.map((r) => r.status).join(' or ')} once done: its HTTP code is the state`,
      ...(fileOnly ? [`what it made is read again there once done (${done[0]!.content.map((c) => c.mediaType).join(', ')})`] : []),
    ],
    confidence: 'low',
    statusByCode: true,
  };
}
