/**
 * Where a job's real output lives when it is not in the job document: a batch whose results are a file fetched
 * by another operation (`output_file_id` → `GET /files/{file_id}/content`). The contract says so in one of two
 * ways, taken in this order:
 *   1. an OpenAPI link on the poll response (`links: {…: {operationId, parameters: {file_id: '$response.body#/output_file_id'}}}`);
 *   2. a string field of the job document named `<qualifier>_<noun>_id` whose name or description speaks of its
 *      output, result or error, beside a GET operation with exactly one path parameter `<noun>_id` (one that
 *      returns the content, `…/content`, preferred over the item's metadata).
 * Only plain tools of the plan qualify; the job's own id and input ids (`input_file_id`) never do.
 */
import type { OutputPointerSpec } from '../../templates/runtime/definition.js';
import type { ApiModel, Operation } from '../model/ir.js';
import type { JobFamily } from '../model/jobs.js';
import { operationRefKey } from '../model/operationKey.js';
import { toArgName, toSnakeCase } from './naming.js';
import { successObjectSchema } from './operationParts.js';
import { opKey, type PlannedOperation } from './toolPlan.js';
import { isObject, mergeAllOf, resolveRef, type SchemaObject } from './zod/resolve.js';

const OUTPUT_WORDS = /\b(outputs?|results?|errors?)\b/i;
const ID_FIELD = /^(?:(.+)_)?([a-z][a-z0-9]*)_id$/;

export function findOutputPointers(family: JobFamily, model: ApiModel, operations: readonly PlannedOperation[]): OutputPointerSpec[] {
  if (!('op' in family.poll)) return [];
  const pollKey = opKey(family.poll.op);
  const poll = operationsByKey(model).get(pollKey);
  if (!poll) return [];
  const byOperationId = planIndex(operations).byOperationId;
  const fromLinks: OutputPointerSpec[] = [];
  for (const response of poll.responses) {
    if (!/^2/.test(response.status)) continue;
    for (const link of response.links) {
      const target = link.operationId
        ? byOperationId.get(link.operationId)
        : link.operationRef
          ? planIndex(operations).byKey.get(operationRefKey(link.operationRef) ?? '')
          : undefined;
      if (target?.role !== 'tool' || opKey(target.op) === pollKey) continue;
      for (const [param, expression] of Object.entries(link.parameters)) {
        const field = typeof expression === 'string' ? /^\$response\.body#\/([^/]+)$/.exec(expression)?.[1] : undefined;
        if (field) fromLinks.push({ field, tool: target.tool, arg: toArgName(param) });
      }
    }
  }
  if (fromLinks.length > 0) return fromLinks;
  return fromIdFields(family, poll, model, operations);
}

interface PlanIndex {
  /** operationId → the last planned operation with it (as `new Map(entries)` keeps it). */
  byOperationId: Map<string, PlannedOperation>;
  /** `METHOD /path` → the planned operation: what a link's `operationRef` names (operationKey.ts). */
  byKey: Map<string, PlannedOperation>;
  /** Plain GET tools with exactly one path parameter, in plan order: what fetchingOperation chooses from. */
  fetchers: Array<{ planned: PlannedOperation; key: string; idParam: string; arg: string }>;
}

const indexCache = new WeakMap<readonly PlannedOperation[], PlanIndex>();

/** Built once per plan, not once per family and id field (GitHub has dozens of families, 1,223 operations). */
function planIndex(operations: readonly PlannedOperation[]): PlanIndex {
  let index = indexCache.get(operations);
  if (index === undefined) {
    index = { byOperationId: new Map(), byKey: new Map(), fetchers: [] };
    for (const p of operations) {
      if (p.op.operationId) index.byOperationId.set(p.op.operationId, p);
      index.byKey.set(opKey(p.op), p);
      if (p.role !== 'tool' || p.op.method !== 'GET') continue;
      const pathParams = p.op.parameters.filter((q) => q.in === 'path');
      if (pathParams.length !== 1) continue;
      index.fetchers.push({ planned: p, key: opKey(p.op), idParam: toSnakeCase(pathParams[0]!.name), arg: toArgName(pathParams[0]!.name) });
    }
    indexCache.set(operations, index);
  }
  return index;
}

const byKeyCache = new WeakMap<ApiModel, Map<string, Operation>>();

/** `METHOD /path` → the model's first operation with that key, built once per model (not per family). */
function operationsByKey(model: ApiModel): Map<string, Operation> {
  let byKey = byKeyCache.get(model);
  if (byKey === undefined) {
    byKey = new Map();
    for (const op of model.operations) if (!byKey.has(opKey(op))) byKey.set(opKey(op), op);
    byKeyCache.set(model, byKey);
  }
  return byKey;
}

function fromIdFields(family: JobFamily, poll: Operation, model: ApiModel, operations: readonly PlannedOperation[]): OutputPointerSpec[] {
  const document = successObjectSchema(poll, model);
  const resolved = document === undefined ? null : resolveRef(document, model.schemas, []);
  let shape = resolved && isObject(resolved.schema) ? resolved.schema : null;
  if (shape && Array.isArray(shape.allOf)) shape = mergeAllOf(shape, model.schemas, resolved!.refs);
  if (!shape || !isObject(shape.properties)) return [];
  const ownId = 'idParam' in family.poll ? toSnakeCase(family.poll.idParam) : '';
  const pointers: OutputPointerSpec[] = [];
  for (const [name, raw] of Object.entries(shape.properties)) {
    const match = ID_FIELD.exec(toSnakeCase(name));
    if (!match || toSnakeCase(name) === ownId) continue;
    const prop = resolveRef(raw as SchemaObject, model.schemas, []).schema;
    if (!isObject(prop) || !isStringLike(prop)) continue;
    const said = `${name} ${typeof prop.description === 'string' ? prop.description : ''}`;
    if (!OUTPUT_WORDS.test(said.replace(/_/g, ' ')) || /\binput\b/i.test(name.replace(/_/g, ' '))) continue;
    const target = fetchingOperation(`${match[2]}_id`, operations, opKey(poll));
    if (target) pointers.push({ field: name, tool: target.planned.tool, arg: target.arg });
  }
  return pointers;
}

function isStringLike(s: SchemaObject): boolean {
  if (s.type === 'string') return true;
  if (Array.isArray(s.type)) return s.type.includes('string');
  const members = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : [];
  return members.some((m) => isObject(m) && m.type === 'string');
}

/** A GET plain tool whose only path parameter is `idParam`; the one returning content first, then the shortest path. */
function fetchingOperation(idParam: string, operations: readonly PlannedOperation[], pollKey: string) {
  const candidates = planIndex(operations)
    .fetchers.filter((f) => f.idParam === idParam && f.key !== pollKey)
    .map(({ planned, arg }) => ({ planned, arg }));
  candidates.sort((a, b) => rank(a.planned.op) - rank(b.planned.op) || a.planned.op.path.length - b.planned.op.path.length);
  return candidates[0];
}

function rank(op: Operation): number {
  return /\/content$/.test(op.path) ? 0 : 1;
}
