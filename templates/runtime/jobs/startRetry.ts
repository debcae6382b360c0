/**
 * A start answered 5xx (or 408/425/429, which say the request was not handled) is sent again only where a
 * repeat cannot do the work twice: PUT and DELETE are idempotent methods (RFC 9110 §9.2.2), and a request
 * carrying the upstream's idempotency key is deduplicated by the upstream itself. A POST or PATCH without a key
 * is never repeated: its first attempt may have started the work.
 */
import type { RuntimeContext } from '../core/context.js';
import type { HttpMethod } from '../definition.js';
import { resendCookieHeader } from '../upstream/cookieJar.js';
import type { Invocation } from '../upstream/invoke.js';
import { send } from '../upstream/invoke.js';
import type { UpstreamRequest } from '../upstream/request.js';
import { sameOrigin, setCookieLines } from '../upstream/urls.js';
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
  first: UpstreamRequest,
  credentialEnv: string[],
  safeToRepeat: boolean,
  timeoutMs?: number,
): Promise<Invocation> {
  const began = Date.now();
  let request = first;
  for (let attempt = 0; ; attempt++) {
    const invocation = await send(ctx, request, credentialEnv, 'The upstream', undefined, timeoutMs);
    const outcome = invocation.ok ? null : invocation.outcome;
    const transient = outcome?.ok === true && pollVerdict(outcome.status) === 'transient';
    if (!safeToRepeat || !transient || attempt >= START_ATTEMPTS - 1) return invocation;
    const delay = retryDelayMs(attempt, parseRetryAfter(outcome.headers.get('retry-after'), ctx.now()));
    if (Date.now() - began + delay > START_RETRY_BUDGET_MS) return invocation;
    await new Promise((resolve) => setTimeout(resolve, delay));
    request = withAnswerCookies(request, outcome, ctx.now());
  }
}

/**
 * The request to send again after a transient answer, carrying the cookies that answer set: the same client
 * that keeps a job's cookie jar keeps it across a retry too (a server may have started the session, or a
 * throttling token, on the answer that asked for the retry). Only cookies the answering URL may set for this
 * request (its origin, Path and Secure: upstream/cookieJar.ts), added to the request's own.
 */
export function withAnswerCookies(request: UpstreamRequest, answer: { headers: Headers; url: string }, now: number): UpstreamRequest {
  const lines = setCookieLines(answer.headers);
  if (lines.length === 0 || !sameOrigin(answer.url, request.url)) return request;
  const cookie = resendCookieHeader(request.headers.cookie, lines, request.url, now);
  if (cookie === request.headers.cookie) return request;
  const { cookie: _old, ...rest } = request.headers;
  return { ...request, headers: cookie ? { ...rest, cookie } : rest };
}
