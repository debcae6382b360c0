/**
 * Starts that go wrong, each ending in the state that says what really happened:
 * - never sent (refused connection, DNS, a header that cannot be encoded) → `rejected`, dedupe key released:
 *   nothing ran upstream, so an identical retry is new work, not a duplicate;
 * - refused upstream (non-2xx), or redirected elsewhere with 301/302/307/308 (the request was not processed
 *   here) → `rejected` as well;
 * - sent but unanswered (timeout, reset), or answered 303 See Other pointing off the allowed origins (processed,
 *   but unreachable) → `unknown`: it may have started work upstream.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { RuntimeContext } from '../core/context.js';
import { jsonDepth } from '../core/jsonBounds.js';
import { containsSecret, cutText } from '../core/secrets.js';
import type { OperationSpec } from '../definition.js';
import type { JobPatch } from '../store/types.js';
import { MAX_BODY_DEPTH } from '../upstream/body.js';
import type { UpstreamOutcome } from '../upstream/http.js';
import { ERROR_BODY_CHARS, errorResult } from '../upstream/toolResults.js';
import { boundSnapshot } from './jobRecords.js';

/** Tool arguments nested deeper than upstream bodies may be are refused before anything recursive sees them. */
export const MAX_ARGUMENT_DEPTH = MAX_BODY_DEPTH;

export interface FailedStart {
  phase: 'rejected' | 'unknown';
  patch: JobPatch;
}

const NOT_SENT_HINT = 'Nothing reached the upstream: fix the cause, then start again (a retry is new work, not a duplicate).';
const REDIRECT_HINT = 'If that host is trusted, the server operator can allow it with JOB_ALLOWED_ORIGINS; then start again.';

export function failedStartPatch(outcome: UpstreamOutcome | undefined, secrets: readonly string[]): FailedStart {
  const rejected = (error: unknown): FailedStart => ({
    phase: 'rejected',
    // A refused start is not a dedupe target: the agent may fix the arguments or retry as new work.
    patch: { phase: 'rejected', state: 'failed', error: boundSnapshot(error, secrets), dedupeKey: null },
  });
  if (!outcome) return rejected({ reason: 'not_sent', message: 'The request was not sent.', hint: NOT_SENT_HINT });
  if (outcome.ok) {
    const body = outcome.body.json ?? cutText(outcome.body.text, ERROR_BODY_CHARS, secrets);
    return rejected({ http_status: outcome.status, body });
  }
  if (outcome.kind === 'not-sent') return rejected({ reason: 'not_sent', message: outcome.message, hint: NOT_SENT_HINT });
  if (outcome.redirect && outcome.redirect.status !== 303) {
    return rejected({ reason: 'redirect_refused', message: outcome.message, hint: REDIRECT_HINT });
  }
  const snapshot = outcome.redirect ? { refused_redirect: outcome.message } : { transport_error: outcome.message };
  return { phase: 'unknown', patch: { phase: 'unknown', snapshot } };
}

/** Arguments no start may carry: nesting deeper than any stored document, or a credential as the agent's key. */
export function refuseInput(
  ctx: RuntimeContext,
  op: OperationSpec,
  input: Record<string, unknown>,
  agentKey: string | undefined,
): CallToolResult | null {
  if (jsonDepth(input, MAX_ARGUMENT_DEPTH + 1) > MAX_ARGUMENT_DEPTH) {
    return errorResult(
      `Bad arguments for ${op.tool}: nested deeper than ${MAX_ARGUMENT_DEPTH} levels.`,
      ctx.config.secrets,
      'Send a flatter document.',
    );
  }
  if (agentKey !== undefined && containsSecret(agentKey, ctx.config.secrets)) {
    return errorResult(
      `Bad arguments for ${op.tool}: idempotency_key contains one of the server's credentials; keys are stored and must not.`,
      ctx.config.secrets,
      'Use a random value (a UUID) as the idempotency_key.',
    );
  }
  return null;
}
