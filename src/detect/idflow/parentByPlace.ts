/**
 * A parent the poll names in its path where the start names the same parent under another name: `POST
 * /detector/{id}/ipset` → `GET /detector/{detectorId}/ipset/{id}`, a contract that calls the item's own parameter
 * `{id}` (Rails, Laravel) wherever it is last. The same place below the same segments addresses the same parent (RFC
 * 3986's hierarchy), whatever either side calls it: the start's parameter there fills the poll's.
 */
import type { Operation } from '../../model/ir.js';
import type { OperationInput } from '../read/operationInputs.js';
import { resourcePath } from '../read/resourcePath.js';

const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/** The start's path input at the place of the poll's path parameter `needed`, below the same segments; else null. */
export function parentByPlace(
  needed: OperationInput,
  start: Operation,
  poll: Operation,
  startInputs: readonly OperationInput[],
): OperationInput | null {
  if (needed.in !== 'path') return null;
  const pollSegs = resourcePath(poll.path).split('/');
  const startSegs = resourcePath(start.path).split('/');
  const at = pollSegs.indexOf(`{${needed.name}}`);
  if (at < 1 || at >= startSegs.length || !isParam(startSegs[at]!)) return null;
  // Every segment before it the same: literals equal, parameters in the same places.
  for (let k = 0; k < at; k++) {
    const [a, b] = [startSegs[k]!, pollSegs[k]!];
    if (isParam(a) ? !isParam(b) : a !== b) return null;
  }
  const name = startSegs[at]!.slice(1, -1);
  return startInputs.find((i) => i.in === 'path' && i.name === name) ?? null;
}
