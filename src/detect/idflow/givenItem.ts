/**
 * The start was given the item in its path, at the very place the poll asks for it (RFC 3986's hierarchy): a verb on
 * an existing thing, Shopify's `POST /fulfillment_orders/{fulfillment_order_id}/close.json`. Another id its answer
 * carries filling that parameter (`fulfillment_order.order_id`, the order the fulfillment order belongs to, asked for
 * by a kind of its noun) is another thing's, no handle the call made. Its bare `id`, or a field named as the parameter,
 * may be (`…/{id}/copy` answers the copy). A `{id}` deeper in the poll's path than the start's is another item. Pure.
 */
import type { Operation } from '../../model/ir.js';
import { BARE_IDS, norm, type OperationInput } from '../read/operationInputs.js';

export function otherIdOfGivenItem(start: Operation, poll: Operation, input: OperationInput, field: string): boolean {
  if (input.in !== 'path' || !givenAtSamePlace(start.path, poll.path, input.name)) return false;
  const own = norm(field.slice(field.lastIndexOf('.') + 1));
  return !BARE_IDS.has(own) && own !== norm(input.name);
}

/** `{name}` at the same segment of both paths, the segments before it alike (a format suffix, `{id}.json`, is the same place). */
function givenAtSamePlace(startPath: string, pollPath: string, name: string): boolean {
  const start = startPath.split('?')[0]!.split('/');
  const poll = pollPath.split('?')[0]!.split('/');
  const at = start.findIndex((s) => s.includes(`{${name}}`));
  return at > 0 && poll.findIndex((s) => s.includes(`{${name}}`)) === at && start.slice(0, at).join('/') === poll.slice(0, at).join('/');
}
