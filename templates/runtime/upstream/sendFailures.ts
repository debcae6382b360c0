/**
 * Was a failed request ever sent? The answer decides a start's fate: a request that surely never reached the
 * upstream is `rejected` (a retry is new work, and the dedupe key is free again), anything else may have
 * started work and is `unknown`. "Never sent" is decided before the call where possible (URL, scheme, header
 * values, a body on GET) and from the error otherwise (refused connection, DNS, TLS handshake, blocked port).
 */
import { maxHeaderSize } from 'node:http';
import type { UpstreamRequest } from './request.js';

/** Errors raised before a single request byte can have left: connect, DNS and TLS handshake failures. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'EAI_NODATA',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ERR_INVALID_URL',
  'ERR_INVALID_CHAR',
  'ERR_INVALID_HTTP_TOKEN',
  'UND_ERR_INVALID_ARG',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/;
/** fetch's own refusals before any connection, which carry a message and no code. */
const NOT_SENT_MESSAGES = /^(bad port|unknown scheme|invalid method)/i;

/** Why the request cannot be sent at all, or null. Never names a header value (it may be a credential). */
export function unsendable(request: UpstreamRequest): string | null {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'the request URL is not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `the URL scheme ${url.protocol} is not http(s)`;
  for (const [name, value] of Object.entries(request.headers)) {
    try {
      new Headers([[name, value]]);
    } catch {
      return `the value of header "${name}" cannot be sent in HTTP (only visible ISO-8859-1 characters, no CR/LF)`;
    }
  }
  if ((request.method === 'GET' || request.method === 'HEAD') && request.body !== undefined)
    return `a ${request.method} request cannot carry a body`;
  return null;
}

function codesOf(error: unknown): string[] {
  const cause = (error as { cause?: unknown })?.cause;
  const codes: string[] = [];
  for (const candidate of [error, cause, ...((cause as { errors?: unknown[] })?.errors ?? [])]) {
    const code = (candidate as { code?: unknown })?.code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

/** True when the error proves nothing reached the upstream. */
export function provesNotSent(error: unknown): boolean {
  const cause = (error as { cause?: unknown })?.cause;
  const inner = (cause as { errors?: unknown[] })?.errors;
  // Happy eyeballs: every address refused.
  if (Array.isArray(inner) && inner.length > 0) return inner.every((e) => provesNotSent({ cause: e }));
  const code = (cause as { code?: unknown })?.code ?? (error as { code?: unknown })?.code;
  if (typeof code === 'string' && (NOT_SENT_CODES.has(code) || TLS_CODE.test(code))) return true;
  if (cause instanceof Error && NOT_SENT_MESSAGES.test(cause.message)) return true;
  // fetch validates its arguments (URL, headers, body) synchronously and throws a bare TypeError: no network yet.
  return error instanceof TypeError && cause === undefined && codesOf(error).length === 0;
}

/**
 * Failures whose own text says little (`fetch failed: Headers Overflow Error`), told in words an agent and an
 * operator can act on, with the code kept.
 */
const EXPLAINED_CODES: Record<string, () => string> = {
  UND_ERR_HEADERS_OVERFLOW: () =>
    `the upstream's answer headers are larger than the ${maxHeaderSize} bytes this server reads (UND_ERR_HEADERS_OVERFLOW; Node's --max-http-header-size), so the answer was not read`,
  UND_ERR_RES_EXCEEDED_MAX_SIZE: () => 'the upstream answer is larger than this server reads (UND_ERR_RES_EXCEEDED_MAX_SIZE)',
};

export function describeError(error: unknown): string {
  for (const code of codesOf(error)) if (Object.hasOwn(EXPLAINED_CODES, code)) return EXPLAINED_CODES[code]!();
  const base = error instanceof Error ? error.message : String(error);
  const cause = (error as { cause?: unknown })?.cause;
  const detail = cause instanceof Error ? cause.message || (cause as { code?: string }).code || '' : '';
  return detail && detail !== base ? `${base}: ${detail}` : base;
}
