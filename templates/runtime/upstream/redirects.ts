/**
 * The redirect half of the outbound policy, as a pure function of (request, answer): whether to follow, and
 * the next request if so. fetch's own `redirect: 'follow'` goes to any origin with the request's API-key
 * headers and body, so every upstream request is sent with `redirect: 'manual'` and each hop decided here.
 *
 * - Only 301/302/303/307/308 with a usable Location are followed, at most MAX_REDIRECTS times.
 * - The target must be on an allowed origin (the base URL's, the request's own, JOB_ALLOWED_ORIGINS).
 * - RFC 9110 §15.4 with the Fetch standard's choices: 303 turns any method but HEAD into GET, 301/302 turn
 *   POST into GET; the body and its headers go with them. 307/308 keep method and body.
 * - On any change of origin the credentials (auth headers, API-key headers and query parameters, cookies)
 *   are dropped and never come back on a later hop; query values equal to a secret are dropped too.
 */
import type { UpstreamRequest } from './request.js';

export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Fetch's "request-body-header names": they describe a body that is no longer sent. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];
const ALWAYS_CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

export function isRedirectStatus(status: number): boolean {
  return REDIRECT_STATUSES.has(status);
}

export interface RedirectPolicy {
  /** Normalised origins a redirect may lead to, besides the request's own. */
  allowedOrigins: readonly string[];
  /** Credential values (all forms): a query parameter carrying one is dropped when the origin changes. */
  secrets: readonly string[];
  maxRedirects?: number;
}

export type HopDecision =
  | { follow: true; request: UpstreamRequest }
  | { follow: false; kind: 'redirect-refused' | 'too-many-redirects'; message: string; origin: string | null };

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The next request after a redirect answer, or why it is not followed. `hops` counts the redirects already
 * followed. Messages name the origin only, never the full URL (it may carry a signed query).
 */
export function nextHop(
  current: UpstreamRequest,
  status: number,
  location: string | null,
  hops: number,
  policy: RedirectPolicy,
): HopDecision {
  let target: URL;
  try {
    target = new URL(location ?? '', current.url);
  } catch {
    return {
      follow: false,
      kind: 'redirect-refused',
      message: `The upstream answered HTTP ${status} with an unusable Location header.`,
      origin: null,
    };
  }
  if (!location || (target.protocol !== 'http:' && target.protocol !== 'https:')) {
    return {
      follow: false,
      kind: 'redirect-refused',
      message: `The upstream answered HTTP ${status} without a usable http(s) Location.`,
      origin: null,
    };
  }
  if (hops >= (policy.maxRedirects ?? MAX_REDIRECTS)) {
    return {
      follow: false,
      kind: 'too-many-redirects',
      message: `The upstream redirected more than ${policy.maxRedirects ?? MAX_REDIRECTS} times (last HTTP ${status} to ${target.origin}).`,
      origin: target.origin,
    };
  }
  const from = originOf(current.url);
  if (target.origin !== from && !policy.allowedOrigins.includes(target.origin)) {
    return {
      follow: false,
      kind: 'redirect-refused',
      message: `Refused to follow the upstream's HTTP ${status} redirect to ${target.origin}: it is not an allowed origin.`,
      origin: target.origin,
    };
  }

  const toGet = (status === 303 && current.method !== 'HEAD') || ((status === 301 || status === 302) && current.method === 'POST');
  const headers = { ...current.headers };
  const next: UpstreamRequest = { method: toGet ? 'GET' : current.method, url: target.href, headers };
  if (toGet) for (const name of BODY_HEADERS) delete headers[name];
  else if (current.body !== undefined) next.body = current.body;

  const credentials = current.credentials;
  if (target.origin !== from) {
    for (const name of [...ALWAYS_CREDENTIAL_HEADERS, ...(credentials?.headers ?? [])]) delete headers[name];
    for (const [name, value] of [...target.searchParams]) {
      if (credentials?.query[name] !== undefined || policy.secrets.includes(value)) target.searchParams.delete(name);
    }
    next.url = target.href;
  } else if (credentials) {
    // Same origin: the credential stays with the request, as headers do (a relative Location drops the query).
    for (const [name, value] of Object.entries(credentials.query)) target.searchParams.set(name, value);
    next.url = target.href;
    next.credentials = credentials;
  }
  // The signature is made again for the new URL, on the same origin only.
  if (target.origin === from && current.signing) next.signing = current.signing;
  return { follow: true, request: next };
}
