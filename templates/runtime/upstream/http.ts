/**
 * The one place that talks to the upstream, and the outbound policy every request (start, plain, poll,
 * cancel, result) goes through: a bounded timeout, redirects followed by hand inside the allowed origins
 * (upstream/redirects.ts), a capped and scrubbed body (upstream/body.ts), and failures that say whether the
 * request was ever sent (upstream/sendFailures.ts).
 */
import { scrubHeaders, scrubSecrets } from '../core/secrets.js';
import type { ParsedBody } from './body.js';
import { DEFAULT_MAX_BODY_BYTES, readBody, unreadableBody } from './body.js';
import { readQueryAnswer } from './queryAnswer.js';
import { isRedirectStatus, nextHop } from './redirects.js';
import type { UpstreamRequest } from './request.js';
import { describeError, provesNotSent, unsendable } from './sendFailures.js';
import { SigningError } from './sigv4.js';

export type { BodyProblem, ParsedBody } from './body.js';
export { DEFAULT_MAX_BODY_BYTES, MAX_BODY_DEPTH, parseBytes } from './body.js';

/** One redirect that was followed: its status and the URL it led to. */
export interface RedirectHop {
  status: number;
  url: string;
}

export interface UpstreamResponse {
  ok: true;
  status: number;
  /** Scrubbed of credentials (URL-valued headers lose credential parameters). */
  headers: Headers;
  /** The URL that gave this answer (after redirects). */
  url: string;
  body: ParsedBody;
  /** Redirects followed on the way, in order (empty when the first answer was final). */
  redirects: RedirectHop[];
}

export type FailureKind = 'not-sent' | 'timeout' | 'network' | 'cancelled' | 'redirect-refused' | 'too-many-redirects';

export interface UpstreamFailure {
  ok: false;
  kind: FailureKind;
  /** Scrubbed; names an origin, never a full URL of a refused redirect. */
  message: string;
  /** False only when the request surely never reached the upstream (`not-sent`). */
  maybeSent: boolean;
  /** For a redirect that was not followed: its status and target origin. */
  redirect?: { status: number; origin: string | null };
}

export type UpstreamOutcome = UpstreamResponse | UpstreamFailure;

export interface SendOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  /** Body bytes kept in memory; the rest is discarded and the body's `problem` says `oversize`. */
  maxBodyBytes?: number;
  /** The MCP request's own signal: a client that cancels its call also cancels the upstream request. */
  signal?: AbortSignal;
  /** Normalised origins redirects may lead to, besides the request's own (the base URL's, JOB_ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** Credential values in all forms: scrubbed from the answer before anyone reads it. */
  secrets?: readonly string[];
  maxRedirects?: number;
  /** Signs a request that carries `signing` (AWS SigV4), before each hop; a SigningError ends the send unsent. */
  sign?: (request: UpstreamRequest) => Promise<UpstreamRequest>;
}

export async function sendUpstream(req: UpstreamRequest, options: SendOptions): Promise<UpstreamOutcome> {
  // Checked before the clock starts: the first Headers construction of a process is slow, and it is not the upstream's time.
  const unsent = unsendable(req);
  // A timer cleared when the exchange ends, not AbortSignal.timeout: that one's timer and signal outlive a
  // quick call by the whole timeout (30 s of ~3,800 live Timeouts at 130 calls/s).
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('upstream timeout', 'TimeoutError')), options.timeoutMs);
  try {
    return await sendWithin(req, options, unsent, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function sendWithin(
  req: UpstreamRequest,
  options: SendOptions,
  unsent: string | null,
  timeout: AbortSignal,
): Promise<UpstreamOutcome> {
  const secrets = options.secrets ?? [];
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const redirects: RedirectHop[] = [];
  const fail = (kind: FailureKind, message: string, maybeSent: boolean, redirect?: UpstreamFailure['redirect']): UpstreamFailure => ({
    ok: false,
    kind,
    message: scrubSecrets(message, secrets),
    maybeSent,
    ...(redirect ? { redirect } : {}),
  });
  let current = req;
  for (;;) {
    // After a redirect the upstream has answered once already: nothing later is "never sent".
    const first = redirects.length === 0;
    const problem = first ? unsent : unsendable(current);
    if (problem) return fail(first ? 'not-sent' : 'network', `The request was not sent: ${problem}.`, !first);
    let outgoing = current;
    if (current.signing && options.sign) {
      try {
        outgoing = await options.sign(current);
      } catch (error) {
        if (!(error instanceof SigningError)) throw error;
        return fail(first ? 'not-sent' : 'network', `The request was not sent: ${error.message}`, !first);
      }
    }
    let response: Response;
    try {
      response = await options.fetch(outgoing.url, {
        method: outgoing.method,
        headers: outgoing.headers,
        body: outgoing.body as RequestInit['body'],
        signal,
        redirect: 'manual',
      });
    } catch (error) {
      if (options.signal?.aborted && !timeout.aborted) return fail('cancelled', 'The call was cancelled by the client.', true);
      if (timeout.aborted) return fail('timeout', `No answer from the upstream within ${options.timeoutMs} ms.`, true);
      if (first && provesNotSent(error)) return fail('not-sent', `The request was not sent: ${describeError(error)}.`, false);
      return fail('network', describeError(error), true);
    }
    if (isRedirectStatus(response.status) && response.headers.has('location')) {
      await response.body?.cancel().catch(() => undefined);
      const hop = nextHop(current, response.status, response.headers.get('location'), redirects.length, {
        allowedOrigins: options.allowedOrigins ?? [],
        secrets,
        ...(options.maxRedirects !== undefined ? { maxRedirects: options.maxRedirects } : {}),
      });
      if (!hop.follow) return fail(hop.kind, hop.message, true, { status: response.status, origin: hop.origin });
      redirects.push({ status: response.status, url: hop.request.url });
      current = hop.request;
      continue;
    }
    let body: ParsedBody;
    try {
      body = await readBody(response, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, secrets);
    } catch (error) {
      if (options.signal?.aborted && !timeout.aborted) return fail('cancelled', 'The call was cancelled by the client.', true);
      if (timeout.aborted) {
        return fail(
          'timeout',
          `The upstream answered HTTP ${response.status} but its body did not arrive within ${options.timeoutMs} ms.`,
          true,
        );
      }
      // The status line arrived: this is an answer with a body that cannot be read (a broken encoding, a reset).
      body = unreadableBody(
        response.headers.get('content-type'),
        `the body could not be read (${scrubSecrets(describeError(error), secrets)})`,
      );
    }
    // The query protocol answers XML: read into the JSON the job code reads, by the operation's shape.
    if (req.awsQuery) body = readQueryAnswer(body, req.awsQuery, secrets);
    return { ok: true, status: response.status, headers: scrubHeaders(response.headers, secrets), url: current.url, body, redirects };
  }
}
