/**
 * URLs and cookies the upstream hands to a job. URLs are resolved against the request that produced them (so
 * relative Locations work) and must stay on the upstream's origin unless the user allowed another one: a
 * hostile Location header must not turn the server into a proxy into someone's network.
 */
import type { JobCookies, StoredCookie } from '../store/types.js';
import { readJar, storeSetCookies } from './cookieJar.js';

export function resolveUrl(value: string, requestUrl: string): string | null {
  try {
    const url = new URL(value, requestUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function isAllowedOrigin(url: string, baseUrl: string | null, allowed: readonly string[]): boolean {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return false;
  }
  if (baseUrl && new URL(baseUrl).origin === origin) return true;
  return allowed.some((entry) => {
    try {
      return new URL(entry).origin === origin;
    } catch {
      return false;
    }
  });
}

/**
 * A job's cookies are host-only to the API's own origin (the base URL's), as a cookie jar keeps a cookie set
 * without `Domain` (RFC 6265 5.3): an answer from another origin the operator allowed (an Operation-Location
 * elsewhere) neither adds to the jar nor, in prepareUrlRequest, receives it. A `Domain` attribute never widens
 * this (so `Domain=.com` cannot send a session to every allowed host). Path, Secure, expiry and the caps are the
 * jar's (cookieJar.ts). Always returns the jar in the current shape, so a record written before it is upgraded
 * by its next write.
 */
export function mergeAnswerCookies(
  stored: JobCookies,
  answer: { headers: Headers; url: string },
  baseUrl: string | null,
  now: number,
): StoredCookie[] {
  const jar = readJar(stored, now);
  if (baseUrl === null || !sameOrigin(answer.url, baseUrl)) return jar;
  return storeSetCookies(jar, setCookieLines(answer.headers), answer.url, now);
}

export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** Every Set-Cookie line of an answer, each its own (never comma-joined). */
export function setCookieLines(headers: Headers): string[] {
  return typeof headers.getSetCookie === 'function' ? headers.getSetCookie() : [];
}
