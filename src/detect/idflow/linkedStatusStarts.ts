/**
 * Convention: the start hands out a link to its job's status read instead of an id (issue 24). The link is the
 * handle: a `303 See Other` whose Location the client follows (seeOtherPoll.ts), a `201 Created` whose Location is a
 * run of the action its collection is named by (createdLocationPoll.ts), or a URL field of the answer named
 * after the GET it leads to (linkFieldPoll.ts). The family polls that URL as a status monitor (the runtime's
 * `monitor` protocol) and reads the status the way the linked GET declares it, so the GET must answer one job's
 * lifecycle (statusByMeaning.ts): a status with work under way and an end, not a list's items.
 *
 * Runs after id flow, over operations no other convention claimed: a start another convention links by its id keeps
 * that family.
 */
import type { Operation } from '../../model/ir.js';
import type { ValueSource } from '../../model/jobs.js';
import type { DetectContext, StartCandidate } from '../detectTypes.js';
import { pathNoun } from '../familyName.js';
import { readStartSignals, type StartSignals } from '../marked/startSignals.js';
import { describeOp } from '../read/operationIndex.js';
import { urlCancel } from '../resource/urlCancel.js';
import { readJobStatus } from '../status/readJobStatus.js';
import { createdLocationPoll } from './createdLocationPoll.js';
import { linkFieldPolls } from './linkFieldPoll.js';
import { seeOtherPoll } from './seeOtherPoll.js';

/** How the start hands out the link, as explain tells it. */
type LinkKind = 'see other' | 'created' | 'created status' | 'link field';

export function findLinkedStatusStarts(
  ops: readonly Operation[],
  ctx: DetectContext,
  isFree: (op: Operation) => boolean,
  /** GETs whose answer may declare the status: a URL poll is no tool of its own, so one another family polls will do. */
  mayRead: (op: Operation) => boolean,
): StartCandidate[] {
  const out: StartCandidate[] = [];
  for (const start of ops) {
    if (start.method === 'GET' || !isFree(start)) continue;
    const seeOther = seeOtherPoll(start, ctx, ops, mayRead);
    const created = seeOther ? null : createdLocationPoll(start, ctx, mayRead);
    const located: { op: Operation; kind: LinkKind } | null = seeOther
      ? { op: seeOther, kind: 'see other' }
      : created && { op: created.op, kind: created.reads === 'status' ? 'created status' : 'created' };
    const links: Array<{ via: ValueSource; op: Operation; kind: LinkKind }> = located
      ? [{ via: 'header:Location', ...located }]
      : linkFieldPolls(start, ctx, mayRead).map((l) => ({ via: `body:${l.field}` as ValueSource, op: l.op, kind: 'link field' as const }));
    for (const link of links) {
      const candidate = linkedCandidate(start, link.op, link.via, link.kind, ctx);
      if (candidate) {
        out.push(candidate);
        break;
      }
    }
  }
  return out;
}

/** The family candidate of a start polled at the URL it hands out, read as `poll` declares; null without a job's status. */
function linkedCandidate(start: Operation, poll: Operation, via: ValueSource, kind: LinkKind, ctx: DetectContext): StartCandidate | null {
  const { reader } = ctx;
  const read = readJobStatus(reader, poll);
  if (read === null) return null;
  const where = describeOp(start);
  const evidence = [
    kind === 'see other'
      ? `${where} answers 303 See Other: the job is followed at its Location, which the contract says is ${describeOp(poll)}`
      : kind === 'created' || kind === 'created status'
        ? `${where} answers 201 Created with a Location, ${kind === 'created status' ? 'the status of what it made' : 'the run it made in the collection its action names'}: ${describeOp(poll)}`
        : `${where} answers \`${via.slice('body:'.length)}\`, a link to ${describeOp(poll)}: the job is followed at that URL`,
    ...read.evidence,
  ];
  const resource = urlCancel(poll, read.status.lifecycle.states, ctx);
  const name = pathNoun(poll.path.replace(/\/[^/{}]+\/?$/, ''));
  return {
    kind: 'family',
    start,
    signals: monitoredAt(readStartSignals(start, reader), via),
    idFrom: null,
    poll: null,
    pollVia: via,
    status: read.status,
    statusSchema: read.schema,
    resource,
    evidence: [...evidence, ...(resource?.evidence ?? [])],
    confidence: read.fromEnum ? 'medium' : 'low',
    linkedRead: poll,
    ...(name ? { name } : {}),
  };
}

/** The start's signals with the link it hands out as its monitor (buildFamily writes them as `pollUrlFrom`). */
function monitoredAt(signals: StartSignals, via: ValueSource): StartSignals {
  return via.startsWith('header:')
    ? { ...signals, monitorHeaders: [via.slice('header:'.length)] }
    : { ...signals, pollUrlFields: [via.slice('body:'.length)] };
}
