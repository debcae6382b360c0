/**
 * OpenAPI parameter serialisation (style/explode) and request body encoding. Kept apart from request
 * assembly so each rule is testable on its own.
 */
import { jsonDepth } from '../core/jsonBounds.js';
import { DEFAULT_PARAM_STYLE, defaultExplode } from '../defaults.js';
import type { BodySpec, ParamSpec } from '../definition.js';
import { MAX_BODY_DEPTH } from './body.js';

/** Thrown for arguments that cannot be sent safely; becomes an `isError` result, never a protocol error. */
export class ArgumentError extends Error {
  override readonly name = 'ArgumentError';
}

const CONTROL = /[\r\n\0]/;

/** Whether a value holds a character no request line or header may carry (CR, LF, NUL). */
export function hasControlChars(value: string): boolean {
  return CONTROL.test(value);
}

export function assertNoControlChars(where: string, value: string): void {
  if (hasControlChars(value)) throw new ArgumentError(`${where} must not contain CR, LF or NUL characters.`);
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Simple style (path and header): arrays comma-joined, objects as k,v pairs (explode: k=v). */
function simpleStyle(param: ParamSpec, value: unknown): string {
  if (Array.isArray(value)) return value.map(scalar).join(',');
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return param.explode ? entries.map(([k, v]) => `${k}=${scalar(v)}`).join(',') : entries.flat().map(scalar).join(',');
  }
  return scalar(value);
}

/**
 * Path value: one segment, whatever it holds. A `/` is percent-encoded like `?` and `#` (`a/b` → `a%2Fb`), so a
 * value can never reach a path the template does not describe (a tool of another toolset, say); a value whose
 * `/`-separated parts hold a `.` or `..` is refused outright, because some servers and proxies decode `%2F`
 * before routing. Slashes that are separators come only from a parameter the contract marks raw
 * (`allowReserved`: `x-ms-skip-url-encoding`, an AIP-122 resource name of a Google API), via encodeRawPathValue.
 */
export function encodePathValue(param: ParamSpec, value: unknown): string {
  const text = simpleStyle(param, value);
  if (text === '') throw new ArgumentError(`Path parameter "${param.arg}" must not be empty.`);
  assertNoControlChars(`Path parameter "${param.arg}"`, text);
  if (text.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new ArgumentError(`Path parameter "${param.arg}" must not contain "." or ".." segments.`);
  }
  return encodeComponent(param, text);
}

/** encodeURIComponent, with a lone surrogate (which it throws on) refused as a bad argument. */
function encodeComponent(param: ParamSpec, text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    throw new ArgumentError(`Path parameter "${param.arg}" is not valid Unicode text (a lone surrogate).`);
  }
}

/** RFC 3986 pchar (unreserved, sub-delims, `:`, `@`) plus `/`; a `%` only as the start of a valid escape. */
const PATH_CHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2}/y;
/** `.`/`..` as a URL parser reads them (WHATWG URL: `%2e` is a dot too). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Path value sent as it is (`x-ms-skip-url-encoding`: an ARM resource id such as
 * `subscriptions/s/resourceGroups/g`): its slashes are path separators and its valid escapes are kept, but it
 * stays a path. A value that would change the request's origin (an absolute URL, a `//` network-path) or climb
 * out of the template (`.`/`..`) is refused; a character a path cannot hold (`?`, `#`, space, non-ASCII) is
 * percent-encoded, so it cannot start a query or fragment. Empty is allowed (the tenant scope of an ARM
 * extension resource): the request builder then joins the slashes around it.
 */
export function encodeRawPathValue(param: ParamSpec, value: unknown): string {
  const text = simpleStyle(param, value);
  assertNoControlChars(`Path parameter "${param.arg}"`, text);
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(text) || /^[/\\]{2}/.test(text)) {
    throw new ArgumentError(
      `Path parameter "${param.arg}" must be a path (such as "subscriptions/{id}/resourceGroups/{name}"), not an absolute URL or a "//" network path.`,
    );
  }
  let out = '';
  for (let at = 0; at < text.length; ) {
    PATH_CHAR.lastIndex = at;
    const kept = PATH_CHAR.exec(text);
    if (kept) {
      out += kept[0];
      at += kept[0].length;
    } else {
      const char = String.fromCodePoint(text.codePointAt(at)!);
      out += encodeComponent(param, char);
      at += char.length;
    }
  }
  if (out.split('/').some((segment) => DOT_SEGMENT.test(segment))) {
    throw new ArgumentError(`Path parameter "${param.arg}" must not contain "." or ".." segments.`);
  }
  return out;
}

/** Query pairs for one parameter, following style (form, spaceDelimited, pipeDelimited, deepObject) and explode. */
export function queryPairs(param: ParamSpec, value: unknown): Array<[string, string]> {
  const style = param.style ?? DEFAULT_PARAM_STYLE[param.in];
  const explode = param.explode ?? defaultExplode(style);
  const pairs: Array<[string, string]> = [];
  if (Array.isArray(value)) {
    if (explode && (style === 'form' || style === 'deepObject')) for (const item of value) pairs.push([param.name, scalar(item)]);
    else {
      const sep = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
      pairs.push([param.name, value.map(scalar).join(sep)]);
    }
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (style === 'deepObject') for (const [k, v] of entries) pairs.push([`${param.name}[${k}]`, scalar(v)]);
    else if (explode) for (const [k, v] of entries) pairs.push([k, scalar(v)]);
    else pairs.push([param.name, entries.flatMap(([k, v]) => [k, scalar(v)]).join(',')]);
  } else {
    pairs.push([param.name, scalar(value)]);
  }
  for (const [k, v] of pairs) assertNoControlChars(`Query parameter "${param.arg}"`, `${k}${v}`);
  return pairs;
}

/** Header value (simple style): arrays comma-joined, objects as k,v pairs (explode: k=v). */
export function headerValue(param: ParamSpec, value: unknown): string {
  const text = simpleStyle(param, value);
  assertNoControlChars(`Header parameter "${param.arg}"`, text);
  return text;
}

export function cookieValue(where: string, value: unknown): string {
  const text = Array.isArray(value) ? value.map(scalar).join(',') : scalar(value);
  assertNoControlChars(where, text);
  if (text.includes(';')) throw new ArgumentError(`${where} must not contain ";".`);
  return text;
}

export interface EncodedBody {
  body: string | Uint8Array | FormData | URLSearchParams;
  /** Null when fetch must set it (multipart boundary). */
  contentType: string | null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Binary bodies arrive as base64 strings in the tool input; anything that is not valid base64 is sent as UTF-8 text. */
export function decodeBinaryArg(value: unknown): Uint8Array {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const compact = text.replace(/\s+/g, '');
  if (compact.length > 0 && compact.length % 4 === 0 && BASE64.test(compact)) return new Uint8Array(Buffer.from(compact, 'base64'));
  return new Uint8Array(Buffer.from(text, 'utf8'));
}

export function encodeBody(spec: BodySpec, value: unknown): EncodedBody {
  // Deeper bodies are refused: JSON.stringify (and likely the upstream's parser) would overflow on them.
  if (jsonDepth(value, MAX_BODY_DEPTH + 1) > MAX_BODY_DEPTH) {
    throw new ArgumentError(`The request body "${spec.arg}" is nested deeper than ${MAX_BODY_DEPTH} levels.`);
  }
  // Chosen by the essence (`application/json;charset=UTF-8` is JSON, RFC 9110 §8.3.1), as the generator chose the
  // argument's form (src/model/mediaTypes.ts, which the runtime cannot import); sent as the contract names it.
  const media = spec.mediaType.split(';')[0]!.trim().toLowerCase();
  if (media === 'application/json' || media.endsWith('+json') || media === '*/*') {
    return { body: JSON.stringify(value), contentType: media === '*/*' ? 'application/json' : spec.mediaType };
  }
  if (media === 'application/x-www-form-urlencoded') {
    const params = new URLSearchParams();
    for (const [key, field] of Object.entries(asObject(value))) {
      if (field === undefined) continue;
      if (Array.isArray(field)) for (const item of field) params.append(key, scalar(item));
      else params.append(key, scalar(field));
    }
    return { body: params, contentType: 'application/x-www-form-urlencoded' };
  }
  if (media === 'multipart/form-data') {
    const form = new FormData();
    for (const [key, field] of Object.entries(asObject(value))) {
      if (field === undefined) continue;
      if (Array.isArray(field)) for (const item of field) form.append(key, scalar(item));
      else if (field !== null && typeof field === 'object') {
        form.append(key, new Blob([JSON.stringify(field)], { type: 'application/json' }));
      } else form.append(key, scalar(field));
    }
    return { body: form, contentType: null };
  }
  if (media.startsWith('text/') || media === 'application/xml') {
    return { body: typeof value === 'string' ? value : JSON.stringify(value), contentType: spec.mediaType };
  }
  return { body: decodeBinaryArg(value), contentType: spec.mediaType };
}

function asObject(value: unknown): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new ArgumentError('The request body must be an object of form fields.');
}
