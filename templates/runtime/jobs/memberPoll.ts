/**
 * One status check of a job over a set (jobs/memberSet.ts): every member not yet ended is polled once through the
 * family's poll convention, by its own id, its answer read as that convention reads one job's; then the members'
 * new states are written as one patch, the job's state their aggregate. The HTTP-code verdicts are the ones every
 * job follows (jobs/pollVerdict.ts), per member: a member the upstream no longer knows fails, one that answered a
 * transient code keeps its last state, and the job's answer carries a warning.
 */
import type { RuntimeContext } from '../core/context.js';
import type { JobFamilySpec } from '../definition.js';
import type { JobMember, JobRecord } from '../store/types.js';
import type { UpstreamOutcome } from '../upstream/http.js';
import type { UpstreamRequest } from '../upstream/request.js';
import { bodyPreview, ERROR_BODY_CHARS, httpErrorResult, type ToolError } from '../upstream/toolResults.js';
import { isTerminal } from './interpret.js';
import { boundSnapshot, patchRecord } from './jobRecords.js';
import { memberRecord, membersPatch } from './memberSet.js';
import { pollVerdict, YOUNG_JOB_MS } from './pollVerdict.js';
import { memberProtocol } from './protocols.js';

/** What jobs/poll.ts lends (it calls this module, so it is not imported back): its send with retries and pacing. */
export interface PollHelpers {
  send: (ctx: RuntimeContext, request: UpstreamRequest) => Promise<UpstreamOutcome>;
  pollAfter: (ctx: RuntimeContext, family: JobFamilySpec, record: JobRecord) => number;
}

/** A status check's outcome, as jobs/poll.ts's `Refresh`. */
export interface MemberRefresh {
  record: JobRecord;
  pollAfterMs: number;
  warning?: string;
  fatal?: ToolError;
}

/**
 * Members polled in one status check at the most. A status call must answer inside an agent's tool timeout (30–60 s)
 * whatever the upstream listed: a start that answers 5,000 handles is followed a few at a time, the members polled
 * longest ago first, so every member moves and the job stays non-terminal until all have ended.
 */
export const MEMBER_POLLS_PER_CHECK = 16;

/** The indexes of the open members this check polls: the longest unpolled first, in the start's order on a tie. */
export function membersToPoll(members: readonly JobMember[], max = MEMBER_POLLS_PER_CHECK): Set<number> {
  const open = members.flatMap((m, i) => (isTerminal(m.state) ? [] : [i]));
  open.sort((a, b) => (members[a]!.polledAt ?? 0) - (members[b]!.polledAt ?? 0) || a - b);
  return new Set(open.slice(0, max));
}

export async function refreshMembers(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  record: JobRecord,
  helpers: PollHelpers,
): Promise<MemberRefresh> {
  const protocol = memberProtocol(family);
  const warnings: string[] = [];
  let fatal: ToolError | undefined;
  const next: JobMember[] = [];
  const members = record.members ?? [];
  const chosen = membersToPoll(members);
  for (const [i, listed] of members.entries()) {
    if (!chosen.has(i) || fatal) {
      next.push(listed);
      continue;
    }
    const member: JobMember = { ...listed, polledAt: ctx.now() };
    const one = memberRecord(family, record, member);
    const prepared = protocol.preparePoll(ctx, family, one);
    if (!prepared.ok) {
      fatal = prepared.result;
      next.push(member);
      continue;
    }
    const outcome = await helpers.send(ctx, prepared.request);
    if (!outcome.ok) {
      warnings.push(`member ${member.id}: ${outcome.message}`);
      next.push(member);
      continue;
    }
    const verdict = pollVerdict(outcome.status);
    if (verdict === 'credentials') {
      fatal = httpErrorResult(outcome, ctx.config.secrets, [], 'The status check');
      next.push(member);
    } else if (verdict === 'missing' && member.cancelAccepted === true) {
      // Its cancel was accepted and the upstream no longer knows it: the cancel removed it (as jobs/poll.ts reads a job).
      next.push({ ...member, state: 'cancelled' });
    } else if (
      verdict === 'transient' ||
      verdict === 'conflict' ||
      (verdict === 'missing' && ctx.now() - record.createdAt < YOUNG_JOB_MS)
    ) {
      warnings.push(`member ${member.id}: HTTP ${outcome.status}`);
      next.push(member);
    } else if (verdict !== 'read') {
      // The upstream does not know the member, or refuses it for good: the answer is the member's reason.
      const reason = outcome.body.json ?? bodyPreview(outcome.body, ERROR_BODY_CHARS);
      next.push({ ...member, state: 'failed', error: boundSnapshot({ http_status: outcome.status, body: reason }, ctx.config.secrets) });
    } else {
      const patch = protocol.readPoll(ctx, family, one, outcome);
      if ('unreadable' in patch) {
        warnings.push(`member ${member.id}: ${patch.unreadable}`);
        next.push(member);
        continue;
      }
      next.push({
        id: member.id,
        polledAt: member.polledAt,
        ...(member.cancelAccepted ? { cancelAccepted: true } : {}),
        state: patch.state ?? member.state,
        upstreamStatus: patch.upstreamStatus ?? member.upstreamStatus,
        ...(patch.error !== undefined && patch.error !== null ? { error: patch.error } : {}),
        ...(patch.snapshot !== undefined
          ? { document: patch.snapshot }
          : member.document !== undefined
            ? { document: member.document }
            : {}),
      });
    }
  }
  const updated = await patchRecord(ctx, record, membersPatch(next, ctx.config.secrets, record.membersNotFollowed ?? null));
  const warning =
    warnings.length > 0
      ? `The status check of ${warnings.length} member(s) failed (${warnings.join('; ')}); showing their last known state.`
      : undefined;
  return {
    record: updated,
    pollAfterMs: helpers.pollAfter(ctx, family, updated),
    ...(warning ? { warning } : {}),
    ...(fatal ? { fatal } : {}),
  };
}
