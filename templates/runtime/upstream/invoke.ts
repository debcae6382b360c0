/**
 * Calls one upstream operation or URL on behalf of a tool: base URL, credentials, request assembly and the
 * bounded send, with every early failure already turned into an `isError` result.
 */
import { parseOrigins } from '../core/config.js';
import type { RuntimeContext } from '../core/context.js';
import { credentialEnvNames } from '../core/context.js';
import type { HttpMethod, OperationSpec } from '../definition.js';
import type { AuthParts } from './auth.js';
import { selectAuth } from './auth.js';
import type { UpstreamOutcome } from './http.js';
import { sendUpstream } from './http.js';
import type { RequestCredentials, RequestExtras, UpstreamRequest } from './request.js';
import { buildUpstreamRequest, credentialsOf, withJarCookies } from './request.js';
import { ArgumentError } from './serialize.js';
import { type SigningSpec, signRequest } from './sigv4.js';
import { errorResult, httpErrorResult, type ToolError, transportErrorResult } from './toolResults.js';

export type Invocation =
  | { ok: true; request: UpstreamRequest; response: Extract<UpstreamOutcome, { ok: true }> }
  | { ok: false; request: UpstreamRequest | null; result: ToolError; outcome?: UpstreamOutcome };

export function prepareOperation(
  ctx: RuntimeContext,
  op: OperationSpec,
  args: Record<string, unknown>,
  extras?: RequestExtras,
): { ok: true; request: UpstreamRequest } | { ok: false; result: ToolError } {
  const secrets = ctx.config.secrets;
  if (!ctx.config.baseUrl) return { ok: false, result: errorResult(ctx.config.baseUrlProblem ?? 'No upstream base URL.', secrets) };
  const auth = selectAuth(op, ctx.def.securitySchemes, ctx.config.env);
  if (!auth.ok) return { ok: false, result: errorResult(auth.message, secrets, 'Ask the server operator to configure credentials.') };
  try {
    const withOperator = { ...extras, operatorHeaders: ctx.config.upstreamHeaders };
    return { ok: true, request: buildUpstreamRequest(op, args, ctx.config.baseUrl, auth.parts, withOperator) };
  } catch (error) {
    if (error instanceof ArgumentError) {
      return {
        ok: false,
        result: errorResult(`Bad arguments for ${op.tool}: ${error.message}`, secrets, 'Fix the argument and call again.'),
      };
    }
    throw error;
  }
}

/**
 * The origins any upstream request may be redirected to: the base URL's, JOB_ALLOWED_ORIGINS and the
 * families' configured origins (the request's own origin is always allowed by sendUpstream).
 */
export function outboundOrigins(ctx: RuntimeContext): string[] {
  const origins = new Set<string>(ctx.config.allowedOrigins);
  if (ctx.config.baseUrl) origins.add(new URL(ctx.config.baseUrl).origin);
  for (const family of ctx.def.families) for (const origin of parseOrigins(family.allowedOrigins.join(','))) origins.add(origin);
  return [...origins];
}

/**
 * sendUpstream under this server's outbound policy: its fetch, timeout, allowed origins and secrets. Work that
 * goes on in the background (a start past its wait, a promoted call) passes its own, longer `timeoutMs`.
 */
export function sendFor(
  ctx: RuntimeContext,
  request: UpstreamRequest,
  signal?: AbortSignal,
  timeoutMs = ctx.config.upstreamTimeoutMs,
): Promise<UpstreamOutcome> {
  return sendUpstream(request, {
    fetch: ctx.fetch,
    timeoutMs,
    allowedOrigins: outboundOrigins(ctx),
    secrets: ctx.config.secrets,
    // SigV4 credentials are read from this context's env (a client's own in MCP_CLIENT_CREDENTIALS mode) as each hop leaves.
    sign: (req) => signRequest(req, req.signing!, ctx.config.env),
    ...(signal ? { signal } : {}),
  });
}

/** Sends a prepared request; a non-2xx answer is returned as a failed invocation with its error result. */
export async function send(
  ctx: RuntimeContext,
  request: UpstreamRequest,
  credentialEnv: string[],
  what?: string,
  signal?: AbortSignal,
  timeoutMs?: number,
): Promise<Invocation> {
  const outcome = await sendFor(ctx, request, signal, timeoutMs);
  if (!outcome.ok) return { ok: false, request, outcome, result: transportErrorResult(outcome, ctx.config.secrets, request.url) };
  if (outcome.status >= 200 && outcome.status < 300) return { ok: true, request, response: outcome };
  return { ok: false, request, outcome, result: httpErrorResult(outcome, ctx.config.secrets, credentialEnv, what) };
}

export async function invokeOperation(
  ctx: RuntimeContext,
  op: OperationSpec,
  args: Record<string, unknown>,
  extras?: RequestExtras,
  signal?: AbortSignal,
): Promise<Invocation> {
  const prepared = prepareOperation(ctx, op, args, extras);
  if (!prepared.ok) return { ok: false, request: null, result: prepared.result };
  return send(ctx, prepared.request, credentialEnvNames(op, ctx.def.securitySchemes), undefined, signal);
}

/**
 * A request to a URL the upstream handed out (poll, cancel, result). Credentials, and the operator's
 * UPSTREAM_HEADERS, go only to the upstream's own origin: a URL on an allowed foreign origin (a storage host
 * with a signed URL) gets none of them.
 */
export function prepareUrlRequest(
  ctx: RuntimeContext,
  method: HttpMethod,
  url: string,
  authFrom: OperationSpec | undefined,
  jar: RequestExtras['jar'],
): UpstreamRequest {
  let target = new URL(url);
  const base = ctx.config.baseUrl ? new URL(ctx.config.baseUrl).origin : null;
  const own = target.origin === base;
  const operatorHeaders = own ? ctx.config.upstreamHeaders : {};
  // An operator's Accept (`application/vnd.github+json`) wins here as on operation requests, where it is kept.
  const headers: Record<string, string> = { accept: 'application/json, */*;q=0.8', ...operatorHeaders };
  let credentials: RequestCredentials | undefined =
    Object.keys(operatorHeaders).length > 0 ? credentialsOf(EMPTY_AUTH, operatorHeaders) : undefined;
  let signing: SigningSpec | undefined;
  let authCookies: Record<string, string> = {};
  if (authFrom && own) {
    const auth = selectAuth(authFrom, ctx.def.securitySchemes, ctx.config.env);
    if (auth.ok) {
      target = applyAuth(target, headers, auth.parts);
      authCookies = auth.parts.cookies;
      credentials = credentialsOf(auth.parts, operatorHeaders);
      signing = auth.parts.signing;
    }
  }
  // The job's cookies are host-only to the API's origin (urls.ts mergeAnswerCookies).
  const cookieHeader = own ? withJarCookies(authCookies, jar, target.href) : '';
  if (cookieHeader) headers.cookie = cookieHeader;
  return { method, url: target.href, headers, ...(credentials ? { credentials } : {}), ...(signing ? { signing } : {}) };
}

const EMPTY_AUTH: AuthParts = { headers: {}, query: {}, cookies: {} };

/** Auth headers and query parameters; the credential's cookie joins the Cookie header with the jar's. */
function applyAuth(target: URL, headers: Record<string, string>, parts: AuthParts): URL {
  Object.assign(headers, parts.headers);
  for (const [k, v] of Object.entries(parts.query)) target.searchParams.set(k, v);
  return target;
}
