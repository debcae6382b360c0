/**
 * A start answered 5xx (or 408/425/429, which say the request was not handled) is sent again only where a
 * repeat cannot do the work twice: PUT and DELETE are idempotent methods (RFC 9110 §9.2.2), and a request
 * carrying the upstream's idempotency key is deduplicated by the upstream itself. A POST or PATCH without a key
 * is never repeated: its first attempt may have started the work.
 */
import type { RuntimeContext } from '../core/context.js';
import type { HttpMethod } from '../definition.js';
import type { Invocation } from '../upstream/invoke.js';
import { send } from '../upstream/invoke.js';
import type { UpstreamRequest } from '../upstream/request.js';
import { parseRetryAfter, retryDelayMs } from './pollHints.js';
import { pollVerdict } from './pollVerdict.js';

const START_ATTEMPTS = 3;
/** The whole retry fits in a few seconds: a start tool answers within JOB_START_WAIT_MS anyway. */
const START_RETRY_BUDGET_MS = 6_000;

export function startRetryable(method: HttpMethod, hasUpstreamKey: boolean): boolean {
  return method === 'PUT' || method === 'DELETE' || hasUpstreamKey;
}

export async function sendStartRequest(
  ctx: RuntimeContext,
  request: UpstreamRequest,
  credentialEnv: string[],
  safeToRepeat: boolean,
  timeoutMs?: number,
): Promise<Invocation> {
  const began = Date.now();
  for (let attempt = 0; ; attempt++) {
    const invocation = await send(ctx, request, credentialEnv, 'The upstream', undefined, timeoutMs);
    const outcome = invocation.ok ? null : invocation.outcome;
    const transient = outcome?.ok === true && pollVerdict(outcome.status) === 'transient';
    if (!safeToRepeat || !transient || attempt >= START_ATTEMPTS - 1) return invocation;
    const delay = retryDelayMs(attempt, parseRetryAfter(outcome.headers.get('retry-after'), ctx.now()));
    if (Date.now() - began + delay > START_RETRY_BUDGET_MS) return invocation;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
