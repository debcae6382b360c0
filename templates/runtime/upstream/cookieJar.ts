/**
 * A job's cookie jar, as RFC 6265 (with the limits of its successor draft, 6265bis) keeps one for a single
 * host: every cookie is host-only to the API's origin (urls.ts mergeAnswerCookies decides which answers may set
 * one; `Domain` never widens it), with its Path, Secure flag and expiry, identified by (name, path).
 *
 * A hand-written jar rather than tough-cookie: with `Domain` ignored the hard part of a general jar (domain
 * matching against the public suffix list) is not needed, the record must be a small JSON list every store
 * backend keeps, and the caps below (which a general jar does not have) are what keep a hostile upstream from
 * growing a job record without bound. Pure functions over plain data; `now` is always passed in.
 */
import type { JobCookies, StoredCookie } from '../store/types.js';

/** Cookies kept per job (RFC 6265 6.1 asks a client to keep at least 50 per domain). */
export const MAX_COOKIES = 50;
/** Name plus value of one cookie (6265bis 5.7: a longer one is ignored). */
export const MAX_COOKIE_BYTES = 4096;
/** An attribute value longer than this is ignored (6265bis 5.7). */
export const MAX_ATTRIBUTE_BYTES = 1024;
/**
 * The whole jar (name, value and path of every cookie): the oldest cookies are evicted past it, so neither a
 * record nor the Cookie header built from it grows past a few KiB whatever an upstream sets.
 */
export const MAX_JAR_BYTES = 8192;
/** An expiry further out is cut to this (6265bis 5.6.1/5.6.2: 400 days). */
export const MAX_LIFETIME_MS = 400 * 24 * 60 * 60 * 1000;

/** What one Set-Cookie line says, before it is stored: `expires` of 0 means "delete now". */
export type ParsedCookie = Omit<StoredCookie, 'created'>;

// CTL except HTAB (6265bis 5.7: a cookie carrying one is ignored).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this finds
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/**
 * One Set-Cookie line received from `requestUrl` (RFC 6265 5.2 with 6265bis's limits), or null when the line is
 * ignored. Never throws: garbage attributes are skipped, a garbage line is null.
 */
export function parseSetCookie(line: string, requestUrl: string, now: number): ParsedCookie | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  const semi = line.indexOf(';');
  const pair = semi < 0 ? line : line.slice(0, semi);
  const eq = pair.indexOf('=');
  if (eq < 0) return null;
  const name = trimWsp(pair.slice(0, eq));
  const value = trimWsp(pair.slice(eq + 1));
  if (name === '' || name.length + value.length > MAX_COOKIE_BYTES) return null;
  if (CONTROL.test(name) || CONTROL.test(value)) return null;

  let maxAge: number | null = null;
  let expires: number | null = null;
  let path: string | null = null;
  let secure = false;
  for (const attribute of semi < 0 ? [] : line.slice(semi + 1).split(';')) {
    const at = attribute.indexOf('=');
    const key = trimWsp(at < 0 ? attribute : attribute.slice(0, at)).toLowerCase();
    const raw = at < 0 ? '' : trimWsp(attribute.slice(at + 1));
    if (raw.length > MAX_ATTRIBUTE_BYTES) continue;
    if (key === 'max-age') maxAge = parseMaxAge(raw, now) ?? maxAge;
    else if (key === 'expires') expires = parseCookieDate(raw) ?? expires;
    else if (key === 'path') path = raw.startsWith('/') ? raw : null;
    else if (key === 'secure') secure = true;
    // Domain is ignored (host-only); HttpOnly and SameSite mean nothing outside a browser.
  }
  // 6265bis 5.7: a Secure cookie from a non-secure origin is ignored, so a plain-HTTP answer cannot plant one.
  if (secure && url.protocol !== 'https:') return null;
  // Max-Age wins over Expires whatever their order (RFC 6265 5.3 step 3).
  const expiry = maxAge ?? expires;
  return {
    name,
    value,
    path: path ?? defaultPath(url.pathname),
    secure,
    expires: expiry === null ? null : Math.min(expiry, now + MAX_LIFETIME_MS),
  };
}

/**
 * The jar after an answer from `requestUrl` set `lines`: a cookie replaces the one with its (name, path) and keeps
 * that one's creation time (RFC 6265 5.3 step 11), an expired one deletes it, and the oldest are evicted past the
 * caps. Returns `jar` itself when the answer set nothing.
 */
export function storeSetCookies(jar: readonly StoredCookie[], lines: readonly string[], requestUrl: string, now: number): StoredCookie[] {
  if (lines.length === 0) return jar as StoredCookie[];
  let next = jar.filter((cookie) => isLive(cookie, now));
  for (const line of lines) {
    const parsed = parseSetCookie(line, requestUrl, now);
    if (!parsed) continue;
    const at = next.findIndex((cookie) => cookie.name === parsed.name && cookie.path === parsed.path);
    const created = at < 0 ? now : next[at]!.created;
    if (at >= 0) next.splice(at, 1);
    if (parsed.expires !== null && parsed.expires <= now) continue;
    const cookie: StoredCookie = { ...parsed, created };
    next = evictOldest([...next, cookie], cookie);
  }
  return next;
}

/** `name=value` pairs for a request to `url`: path-matched, Secure ones over https only, longest path first. */
export function cookiesFor(jar: readonly StoredCookie[], url: string, now: number): Array<[string, string]> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return [];
  }
  return jar
    .filter((c) => isLive(c, now) && pathMatches(c.path, target.pathname) && (!c.secure || target.protocol === 'https:'))
    .map((cookie, index) => ({ cookie, index }))
    .sort((a, b) => b.cookie.path.length - a.cookie.path.length || a.cookie.created - b.cookie.created || a.index - b.index)
    .map(({ cookie }) => [cookie.name, cookie.value]);
}

/**
 * A stored jar as this runtime keeps it, from whatever the store holds: the list it writes, or the name → value
 * object records written before the jar existed (cookies for `/`, no expiry), or nothing readable (empty).
 * Entries that do not have the jar's shape are dropped, expired ones too, and the caps are applied.
 */
export function readJar(stored: JobCookies | null | undefined, now: number): StoredCookie[] {
  const cookies: StoredCookie[] = [];
  if (Array.isArray(stored)) {
    for (const entry of stored as unknown[]) if (isStoredCookie(entry) && isLive(entry, now)) cookies.push(entry);
  } else if (stored && typeof stored === 'object') {
    for (const [name, value] of Object.entries(stored)) {
      if (typeof value !== 'string' || name === '' || CONTROL.test(name) || CONTROL.test(value)) continue;
      if (name.length + value.length > MAX_COOKIE_BYTES) continue;
      cookies.push({ name, value, path: '/', secure: false, expires: null, created: 0 });
    }
  }
  return newestWithinCaps(cookies);
}

/** RFC 6265 5.1.4: the folder of the request path (`/v1/jobs/1` → `/v1/jobs`), `/` at the top. */
export function defaultPath(pathname: string): string {
  if (!pathname.startsWith('/')) return '/';
  const last = pathname.lastIndexOf('/');
  return last <= 0 ? '/' : pathname.slice(0, last);
}

/** RFC 6265 5.1.4 path-match: `/v1` matches `/v1`, `/v1/`, `/v1/jobs`, never `/v10`. */
export function pathMatches(cookiePath: string, requestPath: string): boolean {
  if (cookiePath === requestPath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/** Max-Age (RFC 6265 5.2.2): digits, optionally after `-`; zero or less expires the cookie at once. */
function parseMaxAge(raw: string, now: number): number | null {
  if (!/^-?\d+$/.test(raw)) return null;
  const seconds = Number(raw);
  // A huge number of digits is still "far away": capped by the caller, never Infinity or NaN.
  return seconds <= 0 ? 0 : now + Math.min(seconds * 1000, MAX_LIFETIME_MS);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// RFC 6265 5.1.1 delimiters: %x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E.
const DATE_DELIMITERS = /[\t\u0020-\u002f\u003b-\u0040\u005b-\u0060\u007b-\u007e]+/;
const TIME = /^(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\D|$)/;
const DAY = /^(\d{1,2})(?:\D|$)/;
const YEAR = /^(\d{2,4})(?:\D|$)/;

/**
 * The cookie-date algorithm of RFC 6265 5.1.1, which reads the many date shapes servers send (`Wed, 09 Jun 2021
 * 10:18:14 GMT`, `Wednesday, 09-Jun-21 10:18:14 GMT`, asctime): ms since epoch, or null when it is not a date.
 */
export function parseCookieDate(text: string): number | null {
  let time: number[] | null = null;
  let day: number | null = null;
  let month: number | null = null;
  let year: number | null = null;
  for (const token of text.split(DATE_DELIMITERS)) {
    if (token === '') continue;
    const t: RegExpExecArray | null = time === null ? TIME.exec(token) : null;
    if (t) {
      time = [Number(t[1]), Number(t[2]), Number(t[3])];
      continue;
    }
    const d: RegExpExecArray | null = day === null ? DAY.exec(token) : null;
    if (d) {
      day = Number(d[1]);
      continue;
    }
    const m: number = month === null ? MONTHS.indexOf(token.slice(0, 3).toLowerCase()) : -1;
    if (m >= 0) {
      month = m;
      continue;
    }
    const y: RegExpExecArray | null = year === null ? YEAR.exec(token) : null;
    if (y) year = Number(y[1]);
  }
  if (time === null || day === null || month === null || year === null) return null;
  if (year >= 70 && year <= 99) year += 1900;
  else if (year >= 0 && year <= 69) year += 2000;
  const [hour, minute, second] = time as [number, number, number];
  if (day < 1 || day > 31 || year < 1601 || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.UTC(year, month, day, hour, minute, second);
  // 31 February does not exist: Date.UTC would roll it into March.
  return new Date(ms).getUTCDate() === day ? ms : null;
}

function isLive(cookie: StoredCookie, now: number): boolean {
  return cookie.expires === null || cookie.expires > now;
}

function sizeOf(cookie: StoredCookie): number {
  return cookie.name.length + cookie.value.length + cookie.path.length;
}

/** Evicts the oldest cookies other than `keep` until the jar is within MAX_COOKIES and MAX_JAR_BYTES. */
function evictOldest(jar: StoredCookie[], keep: StoredCookie): StoredCookie[] {
  let bytes = jar.reduce((sum, cookie) => sum + sizeOf(cookie), 0);
  while (jar.length > MAX_COOKIES || bytes > MAX_JAR_BYTES) {
    let oldest = -1;
    for (let i = 0; i < jar.length; i++) {
      if (jar[i] !== keep && (oldest < 0 || jar[i]!.created < jar[oldest]!.created)) oldest = i;
    }
    if (oldest < 0) break;
    bytes -= sizeOf(jar[oldest]!);
    jar.splice(oldest, 1);
  }
  return jar;
}

/**
 * The newest cookies that fit the caps, in their stored order: what evicting the oldest one by one leaves, in
 * one pass however many a store holds (a record written before the caps may hold thousands).
 */
function newestWithinCaps(cookies: StoredCookie[]): StoredCookie[] {
  const newestFirst = cookies
    .map((cookie, index) => ({ cookie, index }))
    .sort((a, b) => b.cookie.created - a.cookie.created || b.index - a.index);
  const kept = new Set<number>();
  let bytes = 0;
  for (const { cookie, index } of newestFirst) {
    if (kept.size >= MAX_COOKIES || bytes + sizeOf(cookie) > MAX_JAR_BYTES) break;
    bytes += sizeOf(cookie);
    kept.add(index);
  }
  return cookies.filter((_cookie, index) => kept.has(index));
}

function isStoredCookie(value: unknown): value is StoredCookie {
  if (!value || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.name === 'string' &&
    c.name !== '' &&
    typeof c.value === 'string' &&
    typeof c.path === 'string' &&
    c.path.startsWith('/') &&
    typeof c.secure === 'boolean' &&
    (c.expires === null || typeof c.expires === 'number') &&
    typeof c.created === 'number' &&
    sizeOf(c as unknown as StoredCookie) <= MAX_COOKIE_BYTES + MAX_ATTRIBUTE_BYTES
  );
}

/** Spaces and tabs off both ends, by index: a regex anchored at the end rescans a long run of spaces. */
function trimWsp(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text[start] === ' ' || text[start] === '\t')) start++;
  while (end > start && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  return text.slice(start, end);
}

/**
 * A request's Cookie header after an answer from its own URL set `lines`, for sending that request again (a
 * retry keeps the cookies a transient answer set, as a client's jar would): a cookie that applies to the URL
 * replaces the pair of its name or joins at the end, an expired one removes it. Returns `header` when nothing
 * applies; undefined when no cookie is left.
 */
export function resendCookieHeader(header: string | undefined, lines: readonly string[], url: string, now: number): string | undefined {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return header;
  }
  const pairs: Array<[string, string]> = [];
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) pairs.push([trimWsp(part.slice(0, eq)), trimWsp(part.slice(eq + 1))]);
  }
  let changed = false;
  for (const line of lines) {
    const parsed = parseSetCookie(line, url, now);
    if (!parsed || !pathMatches(parsed.path, target.pathname) || (parsed.secure && target.protocol !== 'https:')) continue;
    changed = true;
    const at = pairs.findIndex(([name]) => name === parsed.name);
    const expired = parsed.expires !== null && parsed.expires <= now;
    if (expired) {
      if (at >= 0) pairs.splice(at, 1);
    } else if (at >= 0) pairs[at] = [parsed.name, parsed.value];
    else pairs.push([parsed.name, parsed.value]);
  }
  if (!changed) return header;
  return pairs.length > 0 ? formatCookiePairs(pairs) : undefined;
}

/** A Cookie header value (RFC 6265 5.4): `name=value` pairs joined by `; `. */
export function formatCookiePairs(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([name, value]) => `${name}=${value}`).join('; ');
}
