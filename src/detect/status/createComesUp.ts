/**
 * A create read back at the item it made by REST's layout (the resource convention, evaluateStart.ts), whose status
 * is a thing coming up rather than work that ends: Astra DB's databases `PENDING`, `INITIALIZING`, `ACTIVE`,
 * `PARKED`, `TERMINATING`, `TERMINATED`, `ERROR`. That convention maps each word alone (assessLifecycle), which took
 * `PARKED`, the one participle, for the success and `ACTIVE` for running: a new database would have been polled past
 * `ACTIVE` until someone parked it. The table's provisioning judgement (stateWords.ts judgeLifecycle) reads the
 * vocabulary as id flow does: the steady word is the create's success and a tear-down its failure, and the family is
 * a provisioning one. Only for a POST that makes the item the poll reads (an edit's `ACTIVE` is not its end), and
 * only where the job reading guessed an end the provisioning reading does not share, or could never end well:
 * UpCloud's servers are built in `maintenance` until `started`, a word no job ends in.
 *
 * A cancel that tears the thing down (`POST …/terminate`, a DELETE) is then no cancel of the making: it ends in a
 * tear-down word, which reads `failed`, and it destroys what the agent asked for (tearDownCancel.ts says so of every
 * family that ends when its thing is up).
 * Nor does a stop (`POST /server/{uuid}/stop`): it stops the thing once it runs, not its making (phaseCandidate.ts
 * says the same of a made thing's run).
 */
import type { Operation } from '../../model/ir.js';
import type { StartCandidate } from '../detectTypes.js';
import { describeOp, lastPathSegment, pathParams, splitPath } from '../read/operationIndex.js';
import { BRING_UP_VERBS, operationName } from '../read/operationNames.js';
import type { PollFound } from '../resource/findPollOperation.js';
import type { StatusAnalysis } from './analyzeStatusSchema.js';
import { isTearDown, judgeLifecycle } from './stateWords.js';
import { upEndsWork } from './upEndsWork.js';

export function withCreateComingUp(c: StartCandidate): StartCandidate {
  if (c.familyKind !== undefined || !c.poll || c.start.method !== 'POST' || !makesPolledItem(c)) return c;
  const judged = judgeLifecycle(c.status.values);
  if (judged.kind !== 'provisioning') return c;
  // Only where the job reading took another word for the end, or none at all. Where buildFamily.ts's upEndsWork
  // already ends the work when the thing is up for use, it stays the job it reads as (DigitalOcean's app deployments,
  // `BUILDING` … `ACTIVE`); a server's `started` is no end of a job (a run cycle), but it is the create's.
  const jobStates = c.status.lifecycle.states;
  const guessed = c.status.values.filter((v) => jobStates[v] === 'succeeded');
  if (guessed.length > 0 && guessed.every((v) => judged.states[v] === 'succeeded')) return c;
  // A 202 create taken for its thing coming up alone (acceptedCreateComesUp) is that thing's provisioning whatever.
  const accepted = acceptedCreateComesUp(c.start, c.poll, c.status);
  if (!accepted && guessed.length === 0 && Object.values(upEndsWork(jobStates)).includes('succeeded')) return c;
  const cancel = c.resource?.cancel ?? null;
  const stops = cancel !== null && (operationName(cancel.op)?.verb === 'stop' || lastPathSegment(cancel.op.path) === 'stop');
  const tearDown = cancel !== null && (cancel.op.method === 'DELETE' || isTearDown(lastPathSegment(cancel.op.path)) || stops);
  return {
    ...c,
    familyKind: 'provisioning',
    status: { ...c.status, lifecycle: { ...c.status.lifecycle, states: judged.states } },
    ...(tearDown && c.resource ? { resource: { ...c.resource, cancel: null } } : {}),
    evidence: [
      ...(tearDown ? c.evidence.filter((line) => !line.startsWith(`cancel: ${describeOp(cancel.op)}`)) : c.evidence),
      `its status is a thing coming up (${judged.inProgress.join(', ')} until ${judged.success.join(', ')}): the create ends when it is up`,
      ...(tearDown ? [`no cancel: ${describeOp(cancel.op)} ${stops ? 'stops' : 'tears down'} what the create makes, not the making`] : []),
    ],
  };
}

/** The start posts to the collection whose item the poll reads, or its name says it brings a thing up. */
function makesPolledItem(c: StartCandidate): boolean {
  const poll = splitPath(c.poll!.op.path).pathname;
  const own = splitPath(c.start.path).pathname.replace(/\/$/, '');
  const item = poll.slice(0, poll.lastIndexOf('/'));
  const verb = operationName(c.start)?.verb;
  const bringsUp = verb !== undefined && BRING_UP_VERBS.includes(verb);
  return pathParams(c.poll!.op.path).at(-1) === c.poll!.link.idParam && (item === own || bringsUp);
}

/**
 * A create answering 202 into the collection whose item the poll reads, its status enumerated as a thing coming up
 * in which the job reading finds no success: Neo4j Aura's instances `creating` until `running`, beside `pausing`,
 * `paused`, `resuming`, … and no failure of the create's own. The 202 says the making is under way, the layout says
 * where the thing is read, and the state table's provisioning reading says when it is up; withCreateComingUp then
 * maps it so. Without the 202 nothing says the create outlives its call.
 */
export function acceptedCreateComesUp(start: Operation, poll: PollFound, status: StatusAnalysis): boolean {
  if (start.method !== 'POST' || !start.responses.some((r) => r.status === '202')) return false;
  const item = splitPath(poll.op.path).pathname;
  if (splitPath(start.path).pathname.replace(/\/$/, '') !== item.slice(0, item.lastIndexOf('/'))) return false;
  // Where the job reading has a success of its own, the job convention judges it, and withCreateComingUp after it.
  if (Object.values(status.lifecycle.states).includes('succeeded')) return false;
  return judgeLifecycle(status.values).kind === 'provisioning';
}
