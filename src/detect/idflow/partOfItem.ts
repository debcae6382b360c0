/**
 * A read below the item the start makes reads a part of it, not it. URL paths are hierarchical (RFC 3986 §3.3): a
 * static segment after the item's id names something the item has. AppSync's `CreateGraphqlApi` (`POST /v1/apis`)
 * answers `graphqlApi.apiId`; `GetApiCache` (`GET /v1/apis/{apiId}/ApiCaches`) takes that id and reports
 * `apiCache.status` CREATING → AVAILABLE: the cache's lifecycle, which the new API does not have (it has none) and
 * the agent would wait on for a cache nobody asked for. The answered id still names the made thing, so the read
 * is refused only where its own name's head is a thing the start's name does not name (`cache` of `api cache`,
 * not in `graphql api`); a read of the thing's status or detail (`/builds/{id}/status`, `GetBuildStatus`) reads
 * the thing itself (readNoun), and a part the start names is what it works on (`POST /v1/apis` … `/apis/{id}/api`).
 * Only for an id the start ANSWERS: a start that takes the id names a thing that exists and may well bring up its
 * part (`CreateApiCache(apiId)` → `GetApiCache`). Pure.
 */
import type { Operation } from '../../model/ir.js';
import { nameTokens } from '../read/nameTokens.js';
import type { OperationInput } from '../read/operationInputs.js';
import { idNoun, type OperationName, readNoun } from '../read/operationNames.js';
import { resourcePath } from '../read/resourcePath.js';

/** The poll's noun when it reads a part below the item `input` names and the start's name does not name that part. */
export function readsPartOfItem(
  poll: Operation,
  input: OperationInput,
  start: OperationName | null,
  pollName: OperationName | null,
): string | null {
  if (input.in !== 'path' || start === null || pollName === null) return null;
  const segments = resourcePath(poll.path).split('/');
  const at = segments.indexOf(`{${input.name}}`);
  if (at < 0 || !segments.slice(at + 1).some((s) => s !== '' && !s.startsWith('{'))) return null;
  const head = readNoun(pollName).at(-1);
  if (head === undefined || start.noun.includes(head)) return null;
  return pollName.noun.join(' ');
}

/**
 * A part's read that answers the status of the thing its id names, by that thing's noun (`jobState` at
 * `GET /api/export/{jobId}/files`: Iterable follows an export there), reads that thing, not only its part.
 */
export function reportsOwnStatus(statusField: string | null, input: OperationInput): boolean {
  if (statusField === null) return false;
  const own = nameTokens(statusField.slice(statusField.lastIndexOf('.') + 1)).slice(0, -1);
  const noun = idNoun(input.name);
  return own.length > 0 && own.join(' ') === noun.join(' ');
}
