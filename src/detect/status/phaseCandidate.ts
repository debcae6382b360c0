/**
 * A provisioning start candidate with the state map of its own verb's phase (startVerbEnds.ts): a create ends
 * at rest, a start when the thing runs; and a job's start of the thing the job made (a model trained, then hosted). A start-phase candidate is marked so that detectJobs.ts groups it apart
 * from the creates of the same poll: one family, one map.
 */

import type { CanonicalState } from '../../model/jobs.js';
import type { StartCandidate } from '../detectTypes.js';
import { describeOp } from '../read/operationIndex.js';
import { operationName } from '../read/operationNames.js';
import { readLifecycleLine } from './lifecycleLine.js';
import { jobStatesForStart, restBeforeStart, statesForPhase, verbPhase } from './startVerbEnds.js';

export function withPhaseStates(c: StartCandidate): StartCandidate {
  const phase = verbPhase(operationName(c.start)?.verb);
  if (c.familyKind !== 'provisioning') return phase === 'start' ? withJobStartStates(c) : c;
  const states = statesForPhase(c.status.lifecycle.states, phase);
  if (!states) return c;
  const rest = phase === 'start' ? restBeforeStart(statesForPhase(c.status.lifecycle.states, 'make')!, states) : [];
  // A `Stop…` of the thing stops the run a start begins; the thing a create makes rests, and has no run to stop (DMS
  // `StopReplicationTask` wants a running task, never a creating one): the making has no such cancel.
  const cancel = c.resource?.cancel;
  const runStop = phase === 'make' && cancel && operationName(cancel.op)?.verb === 'stop' ? cancel.op : null;
  return {
    ...c,
    ...(phase === 'start' ? { phase } : {}),
    ...(rest.length > 0 ? { restsBeforeStart: rest } : {}),
    ...(runStop && c.resource ? { resource: { ...c.resource, cancel: null } } : {}),
    status: { ...c.status, lifecycle: { ...c.status.lifecycle, states } },
    evidence: [
      // The link's own line named this stop as the cancel; the line below says why it is none.
      ...(runStop
        ? c.evidence.filter((line) => !line.startsWith(`cancel: ${describeOp(runStop)} `))
        : phase === 'start'
          ? restated(c.evidence, states)
          : c.evidence),
      phase === 'start'
        ? `its start runs a thing made apart: it ends when the thing runs, and the rest state before it is queued${backAtRest(rest)}`
        : 'the thing it makes rests before a start runs it: the rest state ends it',
      ...(runStop ? [`no cancel: ${describeOp(runStop)} stops the run a start begins, not the making of the thing`] : []),
    ],
  };
}

/** A job's start of the thing the job made (jobStatesForStart): its own map, and a family apart from the making. */
function withJobStartStates(c: StartCandidate): StartCandidate {
  const states = jobStatesForStart(c.status.lifecycle.states);
  if (!states) return c;
  const rest = restBeforeStart(c.status.lifecycle.states, states);
  return {
    ...c,
    phase: 'start',
    ...(rest.length > 0 ? { restsBeforeStart: rest } : {}),
    status: { ...c.status, lifecycle: { ...c.status.lifecycle, states } },
    evidence: [
      ...restated(c.evidence, states),
      `its start runs the thing the job made: it ends when the thing is up, and the made state before it is queued${backAtRest(rest)}`,
    ],
  };
}

/**
 * The link's lifecycle line said again of the start's own map: the link wrote it of the making (`CREATED is success
 * for the start that brings it up`), and the start ends when the thing runs; what made it is under way before that.
 */
function restated(evidence: readonly string[], states: Readonly<Record<string, CanonicalState>>): string[] {
  const success = Object.keys(states).filter((v) => states[v] === 'succeeded');
  return evidence.map((line) => {
    const read = readLifecycleLine(line);
    if (!read) return line;
    const before = [...read.underWay, ...read.success].filter((v) => states[v] === 'running' || states[v] === 'queued');
    return `${read.kind} lifecycle: ${before.join(', ')} until the thing runs; ${success.join(', ')} is success for the start that runs it`;
  });
}

/** What the runtime makes of the thing back at rest once it left it (jobs/startFromRest.ts), for the evidence line. */
function backAtRest(rest: readonly string[]): string {
  return rest.length > 0 ? `; back at ${rest.map((v) => `\`${v}\``).join(' or ')} after it left, the start failed` : '';
}
