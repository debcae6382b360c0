/**
 * A status that only waits, runs and completes, beside an outcome that says whether it succeeded or failed
 * (Bitbucket `state.name` PENDING/IN_PROGRESS/COMPLETED with `state.result.name` SUCCESSFUL/FAILED/…: typedStates.ts;
 * Databricks `life_cycle_state` with `result_state`): together they say what a strong job lifecycle says alone,
 * work under way that can end well or badly. The outcome must list both a success and a failure: an open outcome
 * field proves nothing.
 */
import type { StatusAnalysis } from './analyzeStatusSchema.js';

export function completedByOutcome(status: StatusAnalysis): boolean {
  const ends = Object.values(status.outcome?.outcomes ?? {});
  const states = Object.values(status.lifecycle.states);
  return (
    status.valuesFrom !== 'none' &&
    status.lifecycle.lifecycleLike &&
    ends.includes('succeeded') &&
    ends.includes('failed') &&
    states.includes('running') &&
    states.includes('succeeded')
  );
}

/**
 * An enumerated status that can end well: a value, or the outcome beside it, is a success (issue 24: a family needs
 * a terminal success value). A 202's status read without one (`Enabled | Disabled | Pending | Deleted | Invalid`,
 * a configuration's state) never tells a job ended.
 */
export function endsWellAt(status: StatusAnalysis): boolean {
  const ends = [...Object.values(status.lifecycle.states), ...Object.values(status.outcome?.outcomes ?? {})];
  return ends.includes('succeeded');
}
