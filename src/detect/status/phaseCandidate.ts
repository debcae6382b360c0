/**
 * A provisioning start candidate with the state map of its own verb's phase (startVerbEnds.ts): a create ends
 * at rest, a start when the thing runs. A start-phase candidate is marked so that detectJobs.ts groups it apart
 * from the creates of the same poll: one family, one map.
 */
import type { StartCandidate } from '../detectTypes.js';
import { operationName } from '../read/operationNames.js';
import { statesForPhase, verbPhase } from './startVerbEnds.js';

export function withPhaseStates(c: StartCandidate): StartCandidate {
  if (c.familyKind !== 'provisioning') return c;
  const phase = verbPhase(operationName(c.start)?.verb);
  const states = statesForPhase(c.status.lifecycle.states, phase);
  if (!states) return c;
  return {
    ...c,
    ...(phase === 'start' ? { phase } : {}),
    status: { ...c.status, lifecycle: { ...c.status.lifecycle, states } },
    evidence: [
      ...c.evidence,
      phase === 'start'
        ? 'its start runs a thing made apart: it ends when the thing runs, and the rest state before it is queued'
        : 'the thing it makes rests before a start runs it: the rest state ends it',
    ],
  };
}
