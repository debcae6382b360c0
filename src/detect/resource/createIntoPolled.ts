/**
 * A create into the collection a family already polls makes one more of the same thing. Synthesia's
 * `POST /v2/videos/fromTemplate` is found by id flow as a job read at `GET /v2/videos/{video_id}`; the plain
 * `POST /v2/videos`, weighed alone, stays under the resource convention's bar (a lifecycle and a noun, no cancel),
 * and id flow leaves a created item's read to that convention. Beside a start of the same read already judged a job
 * on its own evidence, the create is that job's start too: same read, same status, same item. Only a POST at the
 * item read's own collection that no convention took, whose answer carries the id the read asks for, beside a start
 * that makes something (not an edit of the item); the job's evidence stays the first start's, and the joined start
 * says why it joined.
 */
import type { Operation } from '../../model/ir.js';
import type { DetectContext, StartCandidate } from '../detectTypes.js';
import { readStartSignals } from '../marked/startSignals.js';
import { describeOp, splitPath } from '../read/operationIndex.js';
import { jobItemPath } from './findCompanions.js';
import { findPollOperation } from './findPollOperation.js';

export function createsIntoPolled(
  groups: Iterable<StartCandidate[]>,
  ctx: DetectContext,
  free: (op: Operation) => boolean,
): StartCandidate[] {
  const out: StartCandidate[] = [];
  const joined = new Set<Operation>();
  for (const group of groups) {
    const first = group.find(plainJob);
    const poll = first?.poll;
    if (!first || !poll || poll.op.method !== 'GET') continue;
    const item = splitPath(jobItemPath(poll.op.path, poll.link.idParam)).pathname;
    if (!item.endsWith(`/{${poll.link.idParam}}`)) continue;
    // A job of changing an item that exists (Twilio's `POST /v1/Sims/{Sid}` answering 202) says nothing of making one:
    // a new SIM rests `new` until someone activates it. Only a family whose start makes something is joined.
    if (splitPath(first.start.path).pathname.startsWith(item)) continue;
    const collection = item.slice(0, item.lastIndexOf('/'));
    for (const op of ctx.index.at(collection, 'POST')) {
      if (joined.has(op) || !free(op) || group.some((c) => c.start === op)) continue;
      const found = findPollOperation(op, ctx.index, ctx.reader, { monitorHeaders: [], allowSchemaMatch: false, sameResourceGet: false });
      if (found?.op !== poll.op || found.idFrom === null || found.link.idParam !== poll.link.idParam) continue;
      joined.add(op);
      out.push({
        ...first,
        start: op,
        signals: readStartSignals(op, ctx.reader),
        idFrom: found.idFrom,
        poll: found,
        evidence: [
          `${describeOp(op)} creates into the collection ${describeOp(poll.op)} reads, whose items ${describeOp(first.start)} starts as jobs`,
        ],
        confidence: 'low',
        idFlow: undefined,
      });
    }
  }
  return out;
}

/** A start of the plainest kind: one job read by its id, nothing of its own that a create would not share. */
function plainJob(c: StartCandidate): boolean {
  return (
    c.poll !== null &&
    c.members === undefined &&
    c.phase === undefined &&
    c.ownStatus === undefined &&
    c.returnsToRest === undefined &&
    c.linkedRead === undefined &&
    c.asks === undefined &&
    c.idFromArn === undefined &&
    !String(c.idFrom ?? '').startsWith('arg:')
  );
}
