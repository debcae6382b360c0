/**
 * A status named for a thing, in an object named for that same thing (`DeploymentRecommendation.RecommendationStatus`:
 * SageMaker's `DescribeModel` carries the state of a deployment recommendation made about the model), is that
 * thing's. When neither the start nor the poll names it, it is not the work the start began: `CreateModel` ends when
 * it answers, whatever the recommendation does later. A bare `Status` in a holder says nothing of whose it is
 * (`Configuration.State`: Lambda's function), and a holder named for the start's thing is its own
 * (`component.deploymentStatus` after `CreateComponent`). Pure.
 */
import { nameTokens } from '../read/nameTokens.js';
import { type OperationName, singular } from '../read/operationNames.js';
import { STATUS_NAME_TOKENS } from '../read/signalWords.js';
import { verbNouns } from '../read/verbNouns.js';

/** The thing (`recommendation`) whose own status `field` is, when neither `start` nor `poll` names it; else null. */
export function otherThingOfStatus(field: string, start: OperationName | null, poll: OperationName | null): string | null {
  const parts = field.split('.');
  const holder = parts.at(-2);
  if (holder === undefined || /^\d+$/.test(holder)) return null;
  const leaf = nameTokens(parts.at(-1)!).map(singular);
  if (!STATUS_NAME_TOKENS.has(leaf.at(-1) ?? '')) return null;
  const thing = leaf.slice(0, -1);
  if (thing.length === 0 || nameTokens(holder).map(singular).at(-1) !== thing.at(-1)) return null;
  const named = new Set<string>();
  for (const n of [start, poll]) if (n) for (const w of [...n.noun, ...verbNouns(n.verb)]) named.add(w);
  return thing.some((t) => named.has(t)) ? null : thing.join(' ');
}
