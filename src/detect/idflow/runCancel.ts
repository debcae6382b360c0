/**
 * The cancel of a job read at the thing's last run (`lastRunExecutionDetails.mostRecentExecutionStatus`: AppFlow's
 * `StartFlow`, which runs an on-demand flow). The job is a run of the thing, not the thing: a `Stop` of the thing
 * deactivates it (AppFlow `StopFlow`, whose contract says it fails for on-demand flows) and leaves a run that has
 * begun to go on. What ends the run is the cancel of the thing's runs, `Cancel|Abort|Stop <noun> Executions|Runs`
 * taking the same id and needing nothing more (`CancelFlowExecutions {flowName, executionIds?}`: without ids it ends
 * every active run of the flow). Without one, only a `Cancel|Abort` of the thing itself is taken.
 */
import type { Operation } from '../../model/ir.js';
import type { JobOperationLink } from '../../model/jobs.js';
import type { CancelFound } from '../detectTypes.js';
import type { OperationInput } from '../read/operationInputs.js';
import { type OperationName, STOP_VERBS } from '../read/operationNames.js';
import { lastRunOf } from '../status/startAffinity.js';
import { type CancelScope, siblingCancel } from './siblingCancel.js';

/** Nouns of one run of a thing (singular, as operation names are read). */
const RUN_NOUNS = ['execution', 'run'];
const CANCEL_ONLY: readonly string[] = ['cancel', 'abort'];

/** Whether the family's status is the record of the thing's last run. */
export function readsLastRun(statusField: string): boolean {
  return lastRunOf(statusField) !== null;
}

/** The cancel of the runs of the poll's thing, else a cancel (not a stop) of the thing; null when neither. */
export function runCancel(
  poll: Operation,
  pollName: OperationName | null,
  idInput: OperationInput,
  scope: CancelScope,
  carry: JobOperationLink['carry'],
): CancelFound | null {
  if (!pollName) return null;
  for (const run of RUN_NOUNS) {
    const runs: OperationName = { verb: pollName.verb, noun: [...pollName.noun, run] };
    const found = siblingCancel(poll, runs, idInput, scope, carry, STOP_VERBS);
    if (found) return { ...found, why: `${found.why}: the job is a run of the ${pollName.noun.join(' ')}` };
  }
  return siblingCancel(poll, pollName, idInput, scope, carry, CANCEL_ONLY);
}
