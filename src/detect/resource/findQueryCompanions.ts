/**
 * Companions of a job read by its id in the QUERY (`GET /jobs/runs/get?run_id=`): there is no item path to
 * mount verbs on, so cancel and result are the siblings (`/jobs/runs/cancel`, `/jobs/runs/get-output`) that take
 * the same id, in the query as the read does, or in its JSON body (Databricks' `POST /jobs/runs/cancel {run_id}`),
 * sent there as a number where the body field is one; or the verbs of the collection the id's noun names beside
 * the read (`GET /media/enhance?job_id=` → `POST /media/jobs/cancel?job_id=`).
 */
import type { Operation } from '../../model/ir.js';
import type { JobOperationLink } from '../../model/jobs.js';
import { operationKey } from '../../model/operationKey.js';
import type { CancelFound } from '../detectTypes.js';
import { lastPathSegment, type OperationIndex, splitPath, successResponses, toOperationRef } from '../read/operationIndex.js';
import { norm } from '../read/operationInputs.js';
import { idNoun, singular } from '../read/operationNames.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { CANCEL_VERBS, RESULT_SEGMENTS } from '../read/signalWords.js';

export interface QueryCompanions {
  cancel: CancelFound | null;
  result: { op: Operation; link: JobOperationLink } | null;
}

export function findQueryCompanions(poll: Operation, idParam: string, index: OperationIndex, reader: SchemaReader): QueryCompanions {
  const out: QueryCompanions = { cancel: null, result: null };
  const { pathname } = splitPath(poll.path);
  const parent = pathname.slice(0, pathname.lastIndexOf('/'));
  // And the verbs under the parent's collection the id's noun names (`job_id` → `/media/jobs/cancel` beside
  // `/media/enhance`: Dolby.io's every kind of job is cancelled there).
  const noun = idNoun(idParam).join('');
  const own = [...new Set(index.children(parent).map((op) => lastPathSegment(op.path)))].filter(
    (seg) => noun !== '' && !seg.includes('{') && norm(singular(seg)) === noun && `${parent}/${seg}` !== pathname,
  );
  const siblings = [...index.children(parent), ...own.flatMap((seg) => index.children(`${parent}/${seg}`))];
  const inQuery = (op: Operation) => op.parameters.some((p) => p.in === 'query' && p.name === idParam);
  const link = (op: Operation): JobOperationLink => ({ op: toOperationRef(op), idParam, carry: [] });
  for (const op of siblings) {
    if (op === poll) continue;
    const words = lastPathSegment(op.path).toLowerCase().split(/[-_]/);
    if (op.method !== 'GET' && CANCEL_VERBS.includes(lastPathSegment(op.path).toLowerCase()) && !out.cancel) {
      const inBody = inQuery(op) ? null : bodyField(op, idParam, reader);
      if (inQuery(op) || inBody) {
        out.cancel = {
          op,
          link: inBody ? { ...link(op), idIn: 'body', ...(inBody === 'number' ? { idNumeric: true as const } : {}) } : link(op),
          why: `${operationKey(op)} takes the same \`${idParam}\`${inBody ? ' in its body' : ''}`,
          alternatives: [],
          accepted: successResponses(op).some((r) => r.status === '202'),
        };
      }
    }
    if (op.method === 'GET' && inQuery(op) && !out.result && words.some((w) => RESULT_SEGMENTS.includes(w)))
      out.result = { op, link: link(op) };
  }
  return out;
}

/** How a JSON request body holds `field` at its top: as a number, as anything else, or not at all. */
function bodyField(op: Operation, field: string, reader: SchemaReader): 'number' | 'other' | null {
  for (const c of op.requestBody?.content ?? []) {
    if (!/json/i.test(c.mediaType)) continue;
    const schema = reader.properties(c.schema).get(field);
    if (schema === undefined) continue;
    const type = reader.typeOf(schema);
    return type === 'integer' || type === 'number' ? 'number' : 'other';
  }
  return null;
}
