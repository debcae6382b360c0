/**
 * Convention: the start answers the very representation its poll reads. REST hands back the resource a request
 * made or changed (RFC 9110 §9.3.3: a POST's answer describes its result), and a job API answers the same document
 * at its start and at its read: Probely's `POST /targets/{target_id}/scan_now/` and `GET /targets/{target_id}/scans/{id}/`
 * both answer `Scan`; Einstein's `train` and `retrain` answer `TrainResponse`, read by `GET /train/{modelId}`. One
 * named schema at both ends says they are one thing, where names and paths do not: the poll asks for it by one of
 * the document's own id fields, under the field's own name (`id`, `modelId`).
 *
 * Only named schemas count (`$ref`): two inline answers that look alike are not one declared representation. The
 * status must still be a job's or a resource coming up (idFlowJobs.ts weighs the pairing as any other).
 */
import type { Operation } from '../model/ir.js';
import { successSchema } from './operationIndex.js';
import { isIdName, norm, type OperationInput } from './operationInputs.js';
import type { SchemaReader } from './schemaWalk.js';

/** Reads by the named schema they answer, each with the id input and the document's field that fills it. */
export type RepresentationPolls = Map<string, Array<{ op: Operation; input: OperationInput; field: string }>>;

export function representationPolls(
  ops: readonly Operation[],
  mayPoll: (op: Operation) => boolean,
  inputsOf: (op: Operation) => OperationInput[],
  reader: SchemaReader,
): RepresentationPolls {
  const out: RepresentationPolls = new Map();
  for (const op of ops) {
    const ref = reader.refName(successSchema(op));
    if (ref === undefined || !mayPoll(op)) continue;
    const fields = [...reader.properties(successSchema(op)).keys()].filter(isIdName);
    for (const input of inputsOf(op)) {
      if (!input.required || input.list || input.filter) continue;
      const field = documentIdField(input, fields);
      if (field === null) continue;
      const list = out.get(ref);
      if (list) list.push({ op, input, field });
      else out.set(ref, [{ op, input, field }]);
    }
  }
  return out;
}

/**
 * The document's id field an input asks by: the same name (`id`, `modelId`). A parameter named otherwise
 * (`{educationClass-id}`) may be another thing's id: a contract that reads one type at many paths (Microsoft Graph
 * reads a `group` below a class) keys most of them by their parent.
 */
export function documentIdField(input: OperationInput, fields: readonly string[]): string | null {
  return fields.find((f) => norm(f) === norm(input.name)) ?? null;
}

/** The polls of the named schema the start answers: none for an inline or unnamed answer. */
export function pollsOfRepresentation(start: Operation, polls: RepresentationPolls, reader: SchemaReader) {
  const ref = reader.refName(successSchema(start));
  return ref === undefined ? [] : (polls.get(ref) ?? []);
}
