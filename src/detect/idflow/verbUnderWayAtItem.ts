/**
 * Convention: a verb one segment below an item (RFC 3986's hierarchy: the action acts on that item) that answers 202
 * Accepted (RFC 9110 §15.3.3: the work goes on after the answer) is followed at the item's read when that read's
 * status names the very verb under way: Gusto's `PUT …/payrolls/{payroll_id}/calculate` and `…/submit` answer 202
 * with nothing, and the payroll's `processing_request.status` goes calculating → calculate_success, submitting →
 * submit_success, or processing_failed. The verb is the action's own segment, whatever the operation is called, or at
 * the item itself the operation's (Heat's `PUT …/stacks/{stack_name}/{stack_id}`, an update, read UPDATE_IN_PROGRESS →
 * UPDATE_COMPLETE); a value names it under way or done with the verb in it. A status that never names it says where
 * the item is, not how the act goes, and links nothing (idFlowJobs.ts). Pure.
 */
import type { Operation } from '../../model/ir.js';
import { nameTokens } from '../read/nameTokens.js';
import { lastPathSegment } from '../read/operationIndex.js';
import { namesVerbUnderWay } from '../status/startAffinity.js';

export function verbUnderWayAtItem(start: Operation, verb: string | null, values: readonly string[]): boolean {
  if (!start.responses.some((r) => r.status === '202')) return false;
  const last = lastPathSegment(start.path);
  // Below the item the action's segment is the verb; at the item itself (a PUT of it), the operation's own.
  const own = /^[A-Za-z][\w-]*$/.test(last) ? nameTokens(last)[0] : last.startsWith('{') ? verb : null;
  if (own === undefined || own === null || own.length < 3) return false;
  return namesVerbUnderWay(values, own) || values.some((v) => nameTokens(v).includes(own));
}
