/**
 * Jobs found from their cancel: a job resource with a cancel verb and enough job evidence, whose start is
 * an operation elsewhere that answers the new job's id in a field named after the resource's id parameter
 * (`POST …/workflows/{id}/dispatches` → `{workflow_run_id}` → `GET …/runs/{run_id}` → `POST …/runs/{run_id}/cancel`).
 * Runs only for resources no start claimed, and scans operations only under the resource's parent path.
 */
import type { Operation } from '../../model/ir.js';
import type { ValueSource } from '../../model/jobs.js';
import type { DetectContext, StartCandidate } from '../detectTypes.js';
import { nameFromSchemaRef } from '../familyName.js';
import { readStartSignals } from '../marked/startSignals.js';
import { describeOp, pathParams, splitPath, successSchema, toOperationRef, trailingParam } from '../read/operationIndex.js';
import { CANCEL_VERBS } from '../read/signalWords.js';
import { analyzeStatusSchema } from '../status/analyzeStatusSchema.js';
import { readsAnEnd } from '../status/readsAnEnd.js';
import { assessJobResource, JOB_RESOURCE_THRESHOLD } from './assessJobResource.js';
import type { PollFound } from './findPollOperation.js';

const VERB_SUFFIX = new RegExp(`[/:](${CANCEL_VERBS.join('|')})$`, 'i');

export function findIdFieldStarts(ops: readonly Operation[], ctx: DetectContext, isFree: (op: Operation) => boolean): StartCandidate[] {
  const out: StartCandidate[] = [];
  const seenItems = new Set<string>();
  for (const cancelOp of ops) {
    if (cancelOp.method === 'GET' || !isFree(cancelOp)) continue;
    const { pathname, query } = splitPath(cancelOp.path);
    const m = VERB_SUFFIX.exec(pathname);
    if (!m) continue;
    const item = pathname.slice(0, m.index) + query;
    const idParam = trailingParam(item);
    // A bare `{id}` / `{name}` would match every response that has an id: too ambiguous to link by.
    if (!idParam || idParam.length <= 4 || seenItems.has(item)) continue;
    seenItems.add(item);
    const poll = ctx.index.at(item, 'GET')[0];
    if (!poll || !isFree(poll)) continue;
    const schema = successSchema(poll);
    const status = analyzeStatusSchema(ctx.reader, schema);
    if (!readsAnEnd(status)) continue;
    const link = { op: toOperationRef(poll), idParam, carry: [] as PollFound['link']['carry'] };
    const resource = assessJobResource(poll, item, link, status, ctx.index, ctx.reader, nameFromSchemaRef(ctx.reader.refName(schema)));
    if (resource.score < JOB_RESOURCE_THRESHOLD) continue;
    ctx.resources.set(poll, resource);
    const parent = item.split('/').slice(0, -2).join('/');
    const others = pathParams(item).filter((p) => p !== idParam);
    for (const start of ops) {
      if (start.method === 'GET' || start.method === 'DELETE' || !isFree(start) || !start.path.startsWith(`${parent}/`)) continue;
      if (start.path.startsWith(item)) continue;
      const startParams = pathParams(start.path);
      if (!others.every((p) => startParams.includes(p))) continue;
      const field = idField(ctx, start, idParam);
      if (!field) continue;
      const idFrom: ValueSource = `body:${field}`;
      const found: PollFound = {
        op: poll,
        link: { op: link.op, idParam, carry: others.map((p) => ({ param: p, from: `arg:${p}` as const })) },
        match: 'path',
        idFrom,
      };
      out.push({
        kind: 'family',
        start,
        signals: readStartSignals(start, ctx.reader),
        idFrom,
        poll: found,
        pollVia: null,
        status,
        statusSchema: schema,
        resource,
        evidence: [
          `response field \`${field}\` of ${describeOp(start)} names the job that ${describeOp(poll)} reads`,
          ...resource.evidence,
        ],
        confidence: resource.strongEnum ? 'medium' : 'low',
      });
    }
  }
  return out;
}

/** A response field equal to the id parameter's name or ending in it (`workflow_run_id` for `run_id`). */
function idField(ctx: DetectContext, start: Operation, idParam: string): string | null {
  const lower = idParam.toLowerCase();
  for (const name of ctx.reader.properties(successSchema(start)).keys()) {
    const n = name.toLowerCase();
    if (n === lower || n.endsWith(`_${lower}`) || (lower.length > 3 && n.endsWith(lower) && /[A-Z]/.test(name))) return name;
  }
  return null;
}
