/**
 * Convention: a collection named by an action (issue 24). REST names collections by plural nouns (`/exports`,
 * `/refunds`), and a POST there creates a thing the resource convention weighs (resource/assessJobResource.ts). Some
 * contracts name the collection by the action itself, a singular verb: Mist's `POST /orgs/{org_id}/devices/upgrade`
 * (`upgradeOrgMultiSitesDevices`) keeps each upgrade it starts at `GET …/devices/upgrade/{upgrade_id}`; Snyk's
 * `POST /org/{orgId}/integrations/{integrationId}/import` ("Import targets") at `…/import/{jobId}`. Every item of such
 * a collection is one run of that action, so its status is how that run went: the item read is the action's poll,
 * not a thing whose business status (a refund's `pending`) might be mistaken for work.
 *
 * The segment is an action when the start's own name uses it (as its verb or in its noun: `multiUpgradeSiteDevices`)
 * and the contract uses it as the verb of some operation that changes something (`upgradeSiteDevice`): the
 * contract's own names say it is a verb, not a noun that happens to be singular (`/settings/profile`).
 */
import type { ApiModel, Operation } from '../../model/ir.js';
import { singular } from '../familyName.js';
import { nameTokens } from '../read/nameTokens.js';
import { splitPath } from '../read/operationIndex.js';
import { type OperationName, operationName } from '../read/operationNames.js';

/** The verbs of the operations that change something (not GET), per contract. */
const actionVerbs = new WeakMap<ApiModel, ReadonlySet<string>>();

function verbsOf(model: ApiModel): ReadonlySet<string> {
  let verbs = actionVerbs.get(model);
  if (!verbs) {
    verbs = new Set(model.operations.flatMap((op) => (op.method === 'GET' ? [] : [operationName(op)?.verb ?? ''])).filter((v) => v !== ''));
    actionVerbs.set(model, verbs);
  }
  return verbs;
}

/** The action a POST's collection is named by (`upgrade`), or null: a plural, a parameter, or a word no operation acts by. */
export function collectionAction(start: Operation, name: OperationName | null, model: ApiModel): string | null {
  if (start.method !== 'POST' || name === null) return null;
  const last = splitPath(start.path).pathname.replace(/\/$/, '').split('/').at(-1) ?? '';
  if (last === '' || last.includes('{')) return null;
  const tokens = nameTokens(last);
  if (tokens.length !== 1) return null;
  const word = tokens[0]!;
  // A plural names things (`/refunds`, whatever `refundPayment` does); an action is named once (`/upgrade`, `/import`).
  if (singular(word) !== word) return null;
  const action = singular(word);
  if (action !== name.verb && !name.noun.includes(action)) return null;
  return verbsOf(model).has(action) ? action : null;
}
