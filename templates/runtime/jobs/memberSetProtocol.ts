/**
 * Convention: a job over a set (StartSpec.members, jobs/memberSet.ts). The start's answer lists one handle per thing
 * it acts on; each member is asked through the family's own poll convention (an RPC Describe, a job resource) by its
 * own id (jobs/protocols.ts `memberProtocol`), and the job is their aggregate. The tool handlers call
 * `refreshMembers` (jobs/memberPoll.ts) and `cancelMembers` (jobs/memberCancel.ts) for a record that holds members;
 * the single-request hooks serve a record without them (a set start that listed nothing to follow).
 */
import type { JobProtocol } from './jobProtocol.js';
import { followedMembers, membersPatch, notFollowedText, readMembers } from './memberSet.js';
import { linkedProtocol } from './protocolDefaults.js';

export const memberSetProtocol: JobProtocol = {
  // A record without members (its start listed none to follow) is read as one linked job.
  ...linkedProtocol('member-set'),
  // `idFrom` names the first member's id: a list with none leaves nothing to follow.
  canFollow: (_family, upstreamId) => upstreamId !== null,
  started(base, answer) {
    const spec = answer.start.members;
    const listed = spec ? readMembers(spec, answer.response.body.json) : [];
    if (listed.length === 0) return base;
    // Past JOB_MEMBERS_MAX the first are followed and the record says how many are not (jobs/memberSet.ts).
    const { members, notFollowed } = followedMembers(listed, answer.membersMax);
    // No one id is the job's: the members' are shown beside it (status `members`).
    return {
      ...base,
      ...membersPatch(members, answer.secrets, notFollowed),
      ...(notFollowed ? { membersNotFollowed: notFollowed } : {}),
      upstreamId: null,
    };
  },
  prepareResult: (ctx, family, record) => (record.members ? null : linkedProtocol('member-set').prepareResult(ctx, family, record)),
  // The result of a set is every member's last document, in the order the start listed them.
  locateResult: (family, record) =>
    record.members ? { result: record.snapshot ?? undefined } : linkedProtocol('member-set').locateResult(family, record),
  succeededNote: (record) =>
    record.members
      ? ` All ${record.members.length} ${record.membersNotFollowed ? 'followed ' : ''}members succeeded; result lists each member's document${notFollowedText(record.membersNotFollowed)}.`
      : '',
};
