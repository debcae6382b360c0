/**
 * A provisioning start candidate with the state map of its own verb's phase (startVerbEnds.ts): a create ends
 * at rest, a start when the thing runs; and a job's start of the thing the job made (a model trained, then hosted). A start-phase candidate is marked so that detectJobs.ts groups it apart
 * from the creates of the same poll: one family, one map.
 */

import type { CanonicalState } from '../../model/jobs.js';
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
      ...(runStop
        ? c.evidence.filter((line) => !line.startsWith(`cancel: ${describeOp(runStop)} `))
        : phase === 'start'
          ? restated(c.evidence, states)
          : c.evidence),
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
      ...restated(c.evidence, states),
      'its start runs the thing the job made: it ends when the thing is up, and the made state before it is queued',
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
    const read = lifecycleLine(line);
    if (!read) return line;
    const before = read.values.filter((v) => states[v] === 'running' || states[v] === 'queued');
    return `${read.kind} lifecycle: ${before.join(', ')} until the thing runs; ${success.join(', ')} is success for the start that runs it`;
  });
}

/**
 * The values idFlowJobs.ts's lifecycle line names (`job lifecycle: A, B in progress, C success`, `provisioning
 * lifecycle: A while the resource comes up; C is success …`), under way first; read by position, not by a pattern:
 * the values are the contract's, of any length.
 */
function lifecycleLine(line: string): { kind: 'job' | 'provisioning'; values: string[] } | null {
  for (const [kind, split, end] of LIFECYCLE_LINES) {
    const head = `${kind} lifecycle: `;
    if (!line.startsWith(head)) continue;
    const at = line.indexOf(split, head.length);
    const stop = at < 0 ? -1 : line.indexOf(end, at + split.length);
    if (stop < 0) return null;
    return { kind, values: [...line.slice(head.length, at).split(', '), ...line.slice(at + split.length, stop).split(', ')] };
  }
  return null;
}
const LIFECYCLE_LINES: ReadonlyArray<['job' | 'provisioning', string, string]> = [
  ['job', ' in progress, ', ' success'],
  ['provisioning', ' while the resource comes up; ', ' is success'],
];
