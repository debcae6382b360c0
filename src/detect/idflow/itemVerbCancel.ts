/**
 * The cancel of an id-flow job whose poll reads it as a REST item by a path parameter (Mist
 * `GET /sites/{site_id}/devices/upgrade/{upgrade_id}`): a verb on that item (`POST …/{upgrade_id}/cancel`), a POST
 * on it named a cancel, or a DELETE the contract shows to be one, found as the job-resource rule finds it
 * (resource/findCompanions.ts). Its operation name shares no noun with the poll's (`cancelSiteDeviceUpgrade` beside
 * `getSiteUpgrade`), so the sibling-verb rule cannot see it; the path can.
 */
import type { Operation } from '../../model/ir.js';
import type { CanonicalState, JobOperationLink } from '../../model/jobs.js';
import type { CancelFound, DetectContext } from '../detectTypes.js';
import type { OperationInput } from '../read/operationInputs.js';
import { findCancel, jobItemPath } from '../resource/findCompanions.js';

export function itemVerbCancel(
  poll: Operation,
  input: OperationInput,
  link: JobOperationLink,
  ctx: DetectContext,
  states: Record<string, CanonicalState>,
): CancelFound | null {
  const item = addressedItem(poll, input, link);
  return item === null ? null : findCancel(item, poll, link, ctx.index, ctx.reader, states);
}

/**
 * The item path a poll reads the job at by its path parameter (`/sites/{site_id}/devices/upgrade/{upgrade_id}`), or
 * null: a listed or filtered id has no item path to mount a verb on or read a result under.
 */
export function addressedItem(poll: Operation, input: OperationInput, link: JobOperationLink): string | null {
  if (input.in !== 'path' || input.list || input.filter || link.idIn !== 'path') return null;
  return jobItemPath(poll.path, input.name);
}
