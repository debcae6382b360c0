/**
 * A start answered `201 Created` with a Location: "the primary resource created by the request is identified by
 * either a Location header field in the response or, if no Location header field is received, by the target URI"
 * (RFC 9110 §15.3.2). A POST creates below the collection it targets (§9.3.3), so the Location is the collection's
 * item: Snyk's `POST /org/{orgId}/integrations/{integrationId}/import` answers 201 with only a Location, and the job it
 * started is read at `GET …/import/{jobId}`. No id is handed out in a body a contract could name; the Location is the
 * handle, and the item GET says how to read the status found there.
 *
 * Only for a collection named by the action (actionCollection.ts): there each item is a run of that action. A plural
 * collection's item is a thing the resource convention weighs (a refund created `pending`), and a Location to it is
 * no more evidence of work than the id in its body is; a `/status` read below the item is (below).
 */
import type { Operation } from '../../model/ir.js';
import type { DetectContext } from '../detectTypes.js';
import { operationName } from '../read/operationNames.js';
import { equalsIgnoreCase } from '../read/signalWords.js';
import { collectionAction } from './actionCollection.js';

/**
 * The item GET a start's 201 Location names, or null: no Location on a 201, or not one read. The item of a collection
 * the action names, else the status of the item made (`POST /operation/ocr` → `GET /operation/ocr/{jobID}/status`,
 * Adobe PDF Services): a read whose path says it is the status of what the POST made is a job's status read, whatever
 * the collection is named, as a plural's plain item is not.
 */
export function createdLocationPoll(
  start: Operation,
  ctx: DetectContext,
  mayPoll: (op: Operation) => boolean,
): { op: Operation; reads: 'item' | 'status' } | null {
  const created = start.responses.find((r) => r.status === '201');
  if (created === undefined || !created.headers.some((h) => equalsIgnoreCase(h.name, 'Location'))) return null;
  const reads = (suffix: string) => ctx.index.under(start.path, suffix, 'GET').filter((op) => op !== start && mayPoll(op));
  const items = collectionAction(start, operationName(start), ctx.index.model) === null ? [] : reads('/{}');
  if (items.length === 1) return { op: items[0]!, reads: 'item' };
  const statuses = items.length === 0 ? reads('/{}/status') : [];
  return statuses.length === 1 ? { op: statuses[0]!, reads: 'status' } : null;
}
