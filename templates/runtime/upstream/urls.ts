/**
 * URLs and cookies the upstream hands to a job. URLs are resolved against the request that produced them (so
 * relative Locations work) and must stay on the upstream's origin unless the user allowed another one: a
 * hostile Location header must not turn the server into a proxy into someone's network.
 */
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
 * this (so `Domain=.com` cannot send a session to every allowed host).
 */
export function mergeAnswerCookies(
  jar: Record<string, string>,
  answer: { headers: Headers; url: string },
  baseUrl: string | null,
): Record<string, string> {
  return baseUrl !== null && sameOrigin(answer.url, baseUrl) ? mergeSetCookies(jar, answer.headers) : jar;
}

export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** name → value from every Set-Cookie header, merged over the job's jar; expired cookies are dropped. */
export function mergeSetCookies(jar: Record<string, string>, headers: Headers): Record<string, string> {
  const lines = typeof headers.getSetCookie === 'function' ? headers.getSetCookie() : [];
  if (lines.length === 0) return jar;
  const next = { ...jar };
  for (const line of lines) {
    const [pair, ...attributes] = line.split(';');
    const eq = pair!.indexOf('=');
    if (eq <= 0) continue;
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const expired = attributes.some((attr) => {
      const [key, val] = attr.split('=').map((s) => s.trim().toLowerCase());
      if (key === 'max-age') return Number(val) <= 0;
      if (key === 'expires') return Date.parse(val ?? '') < Date.now();
      return false;
    });
    if (expired) delete next[name];
    else next[name] = value;
  }
  return next;
}
