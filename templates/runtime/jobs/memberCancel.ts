/**
 * Cancelling a job over a set (jobs/memberSet.ts): the family's cancel is sent for every member still running, by
 * its own id. Where the API offers no cancel that takes a member's id, nothing is sent and the agent is told that the
 * members keep running. A member whose cancel the upstream refused is named; the job is then polled again, so the
 * answer shows where the members stand.
 */
import type { RuntimeContext } from '../core/context.js';
import type { JobFamilySpec } from '../definition.js';
import type { JobRecord } from '../store/types.js';
import type { ToolAnswer, ToolSuccess } from '../upstream/toolResults.js';
import { bodyPreview } from '../upstream/toolResults.js';
import { refusalText, refusedInAnswer } from './cancelRefused.js';
import { isTerminal } from './interpret.js';
import type { CancelGiven } from './jobProtocol.js';
import { patchRecord } from './jobRecords.js';
import { memberRecord } from './memberSet.js';
import { refreshJob, sendWithRetry } from './poll.js';
import { isOperationLink } from './pollRequest.js';
import { memberProtocol } from './protocols.js';
import type { CancelView } from './schemas.js';

/** How jobs/cancel.ts words its answer (it calls this module, so the type lives here). */
export type CancelReply = (
  ctx: RuntimeContext,
  record: JobRecord,
  outcome: CancelView['outcome'],
  message: string,
) => ToolSuccess<CancelView>;

export async function cancelMembers(
  ctx: RuntimeContext,
  family: JobFamilySpec,
  record: JobRecord,
  answer: CancelReply,
  given?: CancelGiven,
): Promise<ToolAnswer<CancelView>> {
  // The members past JOB_MEMBERS_MAX are not the job's to cancel: every answer says they were left alone.
  const skipped = record.membersNotFollowed;
  const untouched = skipped
    ? ` The ${skipped.count} members the job does not follow (${skipped.first} … ${skipped.last}) were sent no cancel.`
    : '';
  const reply: CancelReply = (c, r, outcome, message) => answer(c, r, outcome, `${message}${untouched}`);
  const open = (record.members ?? []).filter((m) => !isTerminal(m.state));
  const ids = open.map((m) => m.id).join(', ');
  if (!isOperationLink(family.cancel)) {
    return reply(
      ctx,
      record,
      'not_cancellable',
      `The ${family.title} API offers no way to cancel the members of job ${record.id}; the ${open.length} still running (${ids}) keep running.`,
    );
  }
  const protocol = memberProtocol(family);
  const refused: string[] = [];
  const accepted = new Set<string>();
  for (const member of open) {
    const prepared = protocol.prepareCancel(ctx, family, memberRecord(family, record, member), given);
    if (!prepared) {
      refused.push(`${member.id}: no cancel`);
      continue;
    }
    if (!prepared.ok) return prepared.result;
    const outcome = await sendWithRetry(ctx, prepared.request);
    if (!outcome.ok) refused.push(`${member.id}: ${outcome.message}`);
    else if (outcome.status >= 400) refused.push(`${member.id}: HTTP ${outcome.status} ${bodyPreview(outcome.body, 200)}`);
    else {
      const refusal = refusedInAnswer(outcome.body.json, member.id);
      if (refusal) refused.push(`${member.id}: ${refusalText(refusal)}`);
      else accepted.add(member.id);
    }
  }
  // Accepted: a member the upstream forgets from now on was removed by its cancel (memberPoll.ts reads it so).
  const marked =
    accepted.size === 0
      ? record
      : await patchRecord(ctx, record, {
          members: (record.members ?? []).map((m) => (accepted.has(m.id) ? { ...m, cancelAccepted: true } : m)),
        });
  const after = (await refreshJob(ctx, family, marked)).record;
  if (after.state === 'cancelled') return reply(ctx, after, 'cancelled', `Job ${record.id} is cancelled: every member ended.`);
  if (isTerminal(after.state)) {
    return reply(
      ctx,
      after,
      'already_terminal',
      `Job ${record.id} finished as ${after.state} before the cancel took effect on every member (see ${family.tools.status}).`,
    );
  }
  if (refused.length > 0) {
    return reply(
      ctx,
      after,
      'not_cancellable',
      `The cancel of ${refused.length} of the ${open.length} running members of job ${record.id} was not accepted (${refused.join('; ')}); those keep running.`,
    );
  }
  return reply(
    ctx,
    after,
    'cancelling',
    `The upstream accepted the cancel of all ${open.length} running members of job ${record.id}; they are not all finished cancelling yet (state ${after.state}). Poll ${family.tools.status} until it is terminal.`,
  );
}
