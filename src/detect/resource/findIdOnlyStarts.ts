/**
 * Starts that answer only a job id while the job lives elsewhere (`POST /v1/image_to_video` → `{id}` →
 * `GET /v1/tasks/{id}`): neither the REST layout nor the response schema links them, so the link is the
 * contract's own words. What the answer says it is (response and id-field descriptions) must name the noun of exactly
 * one job resource of the API, and that resource must pass the job-resource bar by itself (lifecycle, cancel,
 * progress, …) and show how its work stands (a status or a done flag): a link made from prose alone, to a read that
 * cannot say when the job ends, would make a tool that polls forever. Runs after the other passes, on unclaimed POSTs
 * only.
 */
import type { Operation } from '../../model/ir.js';
import type { ValueSource } from '../../model/jobs.js';
import type { DetectContext, ResourceAssessment, StartCandidate } from '../detectTypes.js';
import { nameFromSchemaRef, pathNoun, singular } from '../familyName.js';
import { readStartSignals } from '../marked/startSignals.js';
import { nameTokens } from '../read/nameTokens.js';
import {
  describeOp,
  pathParams,
  responseSchema,
  successResponses,
  successSchema,
  toOperationRef,
  trailingParam,
} from '../read/operationIndex.js';
import { analyzeStatusSchema, type StatusAnalysis } from '../status/analyzeStatusSchema.js';
import { assessJobResource, JOB_RESOURCE_THRESHOLD } from './assessJobResource.js';
import type { PollFound } from './findPollOperation.js';

/** An answer this small is a receipt, not the resource itself. */
const MAX_RECEIPT_FIELDS = 2;
/** `id`, `ID`, `task_id`, `TaskId`, `jobID`, `uuid`: a name whose last word is an identifier, in any case. */
const isIdField = (name: string) => {
  const last = nameTokens(name).at(-1);
  return last === 'id' || (last === 'uuid' && nameTokens(name).length === 1);
};

export function findIdOnlyStarts(ops: readonly Operation[], ctx: DetectContext, isFree: (op: Operation) => boolean): StartCandidate[] {
  const receipts = ops.flatMap((op) => {
    if (op.method !== 'POST' || !isFree(op)) return [];
    const props = ctx.reader.properties(successSchema(op));
    if (props.size === 0 || props.size > MAX_RECEIPT_FIELDS) return [];
    const ids = [...props.keys()].filter(isIdField);
    return ids.length === 1 ? [{ op, idField: ids[0]!, words: answerWords(op, ids[0]!, ctx) }] : [];
  });
  if (receipts.length === 0) return [];

  // Job item GETs by noun (`task` for `/v1/tasks/{id}`), assessed only when some receipt names the noun.
  const byNoun = new Map<string, Operation[]>();
  for (const op of ops) {
    const idParam = op.method === 'GET' && isFree(op) ? trailingParam(op.path) : null;
    const noun = idParam ? pathNoun(op.path) : null;
    if (!noun || noun.length < 3) continue;
    byNoun.set(noun, [...(byNoun.get(noun) ?? []), op]);
  }
  const out: StartCandidate[] = [];
  for (const r of receipts) {
    const jobs = [...r.words]
      .flatMap((w) => byNoun.get(w) ?? [])
      .map((poll) => ({ poll, resource: jobResource(poll, ctx) }))
      .filter((j) => j.resource !== null && showsProgress(analyzeStatusSchema(ctx.reader, successSchema(j.poll))));
    if (jobs.length !== 1) continue; // none, or ambiguous between two job resources
    const { poll, resource } = jobs[0]! as { poll: Operation; resource: ResourceAssessment };
    const idParam = trailingParam(poll.path)!;
    // Other path parameters of the job must come from the start's own arguments.
    const others = pathParams(poll.path).filter((p) => p !== idParam);
    if (!others.every((p) => pathParams(r.op.path).includes(p))) continue;
    const idFrom: ValueSource = `body:${r.idField}`;
    const found: PollFound = {
      op: poll,
      link: { op: toOperationRef(poll), idParam, carry: others.map((p) => ({ param: p, from: `arg:${p}` as const })) },
      match: 'path',
      idFrom,
    };
    const status = analyzeStatusSchema(ctx.reader, successSchema(poll));
    out.push({
      kind: 'family',
      start: r.op,
      signals: readStartSignals(r.op, ctx.reader),
      idFrom,
      poll: found,
      pollVia: null,
      status,
      statusSchema: successSchema(poll),
      resource,
      evidence: [
        `${describeOp(r.op)} answers only \`${r.idField}\` and its description names the \`${pathNoun(poll.path)}\` that ${describeOp(poll)} reads`,
        ...resource.evidence,
      ],
      confidence: resource.strongEnum ? 'medium' : 'low',
    });
  }
  return out;
}

/** The read says how the work stands: a status field, or a done flag. */
const showsProgress = (status: StatusAnalysis) => status.field !== null || status.doneField !== null;

function jobResource(poll: Operation, ctx: DetectContext): ResourceAssessment | null {
  let r = ctx.resources.get(poll);
  if (!r) {
    const schema = successSchema(poll);
    const idParam = trailingParam(poll.path)!;
    const link = { op: toOperationRef(poll), idParam, carry: [] };
    r = assessJobResource(
      poll,
      poll.path,
      link,
      analyzeStatusSchema(ctx.reader, schema),
      ctx.index,
      ctx.reader,
      nameFromSchemaRef(ctx.reader.refName(schema)),
    );
    ctx.resources.set(poll, r);
  }
  return r.score >= JOB_RESOURCE_THRESHOLD ? r : null;
}

/**
 * Singular words of what the answer says it is: the success responses' descriptions and the id field's
 * (`The task has been successfully created.`, `The ID of the newly created task.`). The operation's own
 * description is left out: it talks about inputs and neighbours too (`… for the workflow run`).
 */
function answerWords(op: Operation, idField: string, ctx: DetectContext): Set<string> {
  const parts: string[] = [];
  for (const r of successResponses(op)) {
    parts.push(r.description ?? '');
    const field = ctx.reader.properties(responseSchema(r)).get(idField);
    if (field !== undefined) parts.push(ctx.reader.description(field));
  }
  return new Set(
    parts
      .join(' ')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3)
      .map(singular),
  );
}
