/**
 * Convention: a job over a set (StartSpec.members, jobs/memberSet.ts). The start's answer lists one handle per thing
 * it acts on; each member is asked through the family's own poll convention (an RPC Describe, a job resource) by its
 * own id, and the job is their aggregate. The tool handlers call `refreshMembers` (jobs/memberPoll.ts) and
 * `cancelMembers` (jobs/memberCancel.ts) for a record that holds members; the single-request hooks below serve the
 * one case where a set start listed nothing to follow (no members: the start is read as any other).
 */
import type { JobFamilySpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import type { JobProtocol } from './jobProtocol.js';
import { memberRecord, membersPatch, readMembers } from './memberSet.js';
import { chooseProtocol } from './protocols.js';

/** How each member is followed: the family's convention for a start of one. */
export function memberProtocol(family: JobFamilySpec): JobProtocol {
  return chooseProtocol(family, undefined);
}

/** The record a single-request hook works on: the first member still running, else the job's own. */
function oneOf(family: JobFamilySpec, record: JobRecord): JobRecord {
  const open = record.members?.find((m) => m.state === 'queued' || m.state === 'running');
  return open ? memberRecord(family, record, open) : record;
}

export const memberSetProtocol: JobProtocol = {
  name: 'member-set',
  // `idFrom` names the first member's id: a list with none leaves nothing to follow.
  canFollow: (_family, upstreamId) => upstreamId !== null,
  started(base, answer) {
    const spec = answer.start.members;
    const members = spec ? readMembers(spec, answer.response.body.json) : [];
    if (members.length === 0) return base;
    // No one id is the job's: the members' are shown beside it (status `members`).
    return { ...base, ...membersPatch(members, answer.secrets), upstreamId: null };
  },
  preparePoll: (ctx, family, record) => memberProtocol(family).preparePoll(ctx, family, oneOf(family, record)),
  readPoll: (ctx, family, record, answer) => memberProtocol(family).readPoll(ctx, family, oneOf(family, record), answer),
  prepareCancel: (ctx, family, record) => memberProtocol(family).prepareCancel(ctx, family, oneOf(family, record)),
  readCancelAnswer: (ctx, family, record, answer) => memberProtocol(family).readCancelAnswer(ctx, family, oneOf(family, record), answer),
  prepareResult: () => null,
  // The result of a set is every member's last document, in the order the start listed them.
  locateResult: (_family, record) => ({ result: record.snapshot ?? undefined }),
  succeededNote: (record) =>
    record.members ? ` All ${record.members.length} members succeeded; result lists each member's document.` : '',
};
