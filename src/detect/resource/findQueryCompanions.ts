/**
 * Companions of a job read by its id in the QUERY (`GET /jobs/runs/get?run_id=`): there is no item path to
 * mount verbs on, so cancel and result are the siblings (`/jobs/runs/cancel`, `/jobs/runs/get-output`) that take
 * the same id. A cancel that takes the id in its request body is real evidence but cannot be linked: a
 * JobOperationLink passes the id as a path or query parameter only.
 */
import type { Operation } from '../../model/ir.js';
import type { JobOperationLink } from '../../model/jobs.js';
import { operationKey } from '../../model/operationKey.js';
import type { CancelFound } from '../detectTypes.js';
import { type OperationIndex, splitPath, successResponses, toOperationRef } from '../read/operationIndex.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { CANCEL_VERBS, RESULT_SEGMENTS } from '../read/signalWords.js';

export interface QueryCompanions {
  cancel: CancelFound | null;
  /** A cancel sibling that takes the id in its body: evidence only. */
  bodyCancel: Operation | null;
  result: { op: Operation; link: JobOperationLink } | null;
}

export function findQueryCompanions(poll: Operation, idParam: string, index: OperationIndex, reader: SchemaReader): QueryCompanions {
  const out: QueryCompanions = { cancel: null, bodyCancel: null, result: null };
  const { pathname } = splitPath(poll.path);
  const siblings = index.children(pathname.slice(0, pathname.lastIndexOf('/')));
  const inQuery = (op: Operation) => op.parameters.some((p) => p.in === 'query' && p.name === idParam);
  const link = (op: Operation): JobOperationLink => ({ op: toOperationRef(op), idParam, carry: [] });
  for (const op of siblings) {
    if (op === poll) continue;
    const words = lastSegment(op.path).split(/[-_]/);
    if (op.method !== 'GET' && CANCEL_VERBS.includes(lastSegment(op.path)) && !out.cancel) {
      if (inQuery(op)) {
        out.cancel = {
          op,
          link: link(op),
          why: `${operationKey(op)} takes the same \`${idParam}\``,
          alternatives: [],
          accepted: successResponses(op).some((r) => r.status === '202'),
        };
      } else if ((op.requestBody?.content ?? []).some((c) => reader.properties(c.schema).has(idParam))) out.bodyCancel ??= op;
    }
    if (op.method === 'GET' && inQuery(op) && !out.result && words.some((w) => RESULT_SEGMENTS.includes(w)))
      out.result = { op, link: link(op) };
  }
  return out;
}

function lastSegment(path: string): string {
  const { pathname } = splitPath(path);
  return pathname.slice(pathname.lastIndexOf('/') + 1).toLowerCase();
}
