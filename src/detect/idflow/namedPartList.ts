/**
 * An action on a named part of a parent, read in the parent's list of such parts: SageMaker
 * `StartEdgeDeploymentStage {EdgeDeploymentPlanName, StageName}` starts one stage of a plan, and
 * `DescribeEdgeDeploymentPlan {EdgeDeploymentPlanName}` answers `Stages: [{StageName, DeploymentStatus: {StageStatus}}]`.
 * No read takes the stage alone; what links them is what the start was given:
 *
 * - the start requires the part's name (`StageName`), its noun the head of the start's own (`edge deployment stage`
 *   ends with `stage`), and the parent's (`EdgeDeploymentPlanName`), whose noun is all the read names
 *   (`DescribeEdgeDeploymentPlan`) and which the read requires under that very name;
 * - the read lists objects named for the part (`Stages`, recordListPoll.ts's lists) that carry the part's name under
 *   that very name (`StageName`);
 * - the status is those items' own (listedItemStatus.ts).
 *
 * The runtime sends the parent's name (a carry of the start's argument) and picks the part out of the list by its
 * name (JobOperationLink idIn `item`, jobs/listedAnswer.ts), as for any listed job.
 */
import type { Operation } from '../../model/ir.js';
import { isIdName, norm, type OperationInput } from '../read/operationInputs.js';
import { idNoun, type OperationName } from '../read/operationNames.js';
import type { RecordLists } from './recordListPoll.js';
import type { ListedCandidate } from './scopeListPoll.js';

/** The parent reads whose list holds the part the start names by `part`, one of its required inputs. */
export function namedPartCandidates(
  part: OperationInput,
  start: OperationName | null,
  startInputs: readonly OperationInput[],
  lists: RecordLists,
  nameOf: (op: Operation) => OperationName | null,
  inputsOf: (op: Operation) => OperationInput[],
): ListedCandidate[] {
  const noun = idNoun(part.name);
  if (!start || noun.length === 0 || start.noun.length <= noun.length) return [];
  // The part's noun is the head of the start's: `edge deployment stage` is a stage.
  if (start.noun.slice(-noun.length).join(' ') !== noun.join(' ')) return [];
  const parents = startInputs.filter((i) => i.required && i !== part && isIdName(i.name) && idNoun(i.name).length > 0);
  const out: ListedCandidate[] = [];
  for (const { op, itemsAt, itemId } of lists.get(noun.join(' ')) ?? []) {
    if (norm(itemId) !== norm(part.name)) continue;
    const pollName = nameOf(op);
    const pollInputs = inputsOf(op);
    // The read is named for a parent the start names, and asks for it under that very name.
    const parent = parents.find(
      (p) => pollName?.noun.join(' ') === idNoun(p.name).join(' ') && pollInputs.some((i) => i.required && norm(i.name) === norm(p.name)),
    );
    if (parent === undefined) continue;
    out.push({ poll: op, itemsAt, itemId, noun, input: { name: itemId, in: 'body', required: true } });
  }
  return out;
}
