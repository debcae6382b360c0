/**
 * A provisioning start candidate with the state map of its own verb's phase (startVerbEnds.ts): a create ends
 * at rest, a start when the thing runs; and a job's start of the thing the job made (a model trained, then hosted). A start-phase candidate is marked so that detectJobs.ts groups it apart
 * from the creates of the same poll: one family, one map.
 */
import type { StartCandidate } from '../detectTypes.js';
import { describeOp } from '../read/operationIndex.js';
import { operationName } from '../read/operationNames.js';
import { jobStatesForStart, statesForPhase, verbPhase } from './startVerbEnds.js';

export function withPhaseStates(c: StartCandidate): StartCandidate {
  const phase = verbPhase(operationName(c.start)?.verb);
  if (c.familyKind !== 'provisioning') return phase === 'start' ? withJobStartStates(c) : c;
  const states = statesForPhase(c.status.lifecycle.states, phase);
  if (!states) return c;
  // A `Stop…` of the thing stops the run a start begins; the thing a create makes rests, and has no run to stop (DMS
  // `StopReplicationTask` wants a running task, never a creating one): the making has no such cancel.
  const cancel = c.resource?.cancel;
  const runStop = phase === 'make' && cancel && operationName(cancel.op)?.verb === 'stop' ? cancel.op : null;
  return {
    ...c,
    ...(phase === 'start' ? { phase } : {}),
    ...(runStop && c.resource ? { resource: { ...c.resource, cancel: null } } : {}),
    status: { ...c.status, lifecycle: { ...c.status.lifecycle, states } },
    evidence: [
      // The link's own line named this stop as the cancel; the line below says why it is none.
      ...(runStop ? c.evidence.filter((line) => !line.startsWith(`cancel: ${describeOp(runStop)} `)) : c.evidence),
      phase === 'start'
        ? 'its start runs a thing made apart: it ends when the thing runs, and the rest state before it is queued'
        : 'the thing it makes rests before a start runs it: the rest state ends it',
      ...(runStop ? [`no cancel: ${describeOp(runStop)} stops the run a start begins, not the making of the thing`] : []),
    ],
  };
}

/** A job's start of the thing the job made (jobStatesForStart): its own map, and a family apart from the making. */
function withJobStartStates(c: StartCandidate): StartCandidate {
  const states = jobStatesForStart(c.status.lifecycle.states);
  if (!states) return c;
  return {
    ...c,
    phase: 'start',
    status: { ...c.status, lifecycle: { ...c.status.lifecycle, states } },
    evidence: [
      ...c.evidence,
      'its start runs the thing the job made: it ends when the thing is up, and the made state before it is queued',
    ],
  };
}
