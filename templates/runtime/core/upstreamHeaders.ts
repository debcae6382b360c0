/**
 * UPSTREAM_HEADERS: headers the operator adds to every request sent to the API's own origin. These are headers
 * the contract leaves out but the upstream or its gateway wants: a client correlation id (Azure's
 * `x-ms-client-request-id`), a tenant, an API-version or beta header.
 *
 * - The value is a JSON object of header names to string values. It is checked at start-up: a malformed value
 *   stops the server from starting, so nothing is ever sent with only part of it.
 * - The values are scrubbed from output like credentials, since they may be keys.
 * - They travel the way credentials do: never to a foreign origin, and dropped on a redirect that leaves the
 *   API's origin.
 * - Everything else is applied after them and wins: the operation's own parameters, the credentials, and the
 *   runtime's headers (idempotency keys, cookies).
 * - Names the server sets itself are refused, because a constant value there would be wrong or unsafe: framing
 *   and hop-by-hop headers, credentials (the credential env vars feed the partition that keeps clients apart),
 *   and idempotency keys (one key on every call would make the upstream dedupe unrelated calls).
 */
import { SERVER_OWNED_HEADERS } from '../defaults.js';
import type { ServerDefinition } from '../definition.js';

/** RFC 9110 §5.6.2 `token`: what a field name may be made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A field value holds no control character but HTAB (RFC 9110 §5.5). */
function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c === 0x7f) return true;
  }
  return false;
}

/** Framing, hop-by-hop and proxy headers (defaults.ts), credentials and the body's own type: the server's to set. */
const SERVER_OWNED = new Map<string, string>([
  ...SERVER_OWNED_HEADERS,
  ['content-type', "set from the operation's request body"],
  ['authorization', "a credential: set it through the security scheme's env var"],
]);

/** Header names the definition gives a meaning of its own: an API key's header, an idempotency header. */
function definitionOwned(def: ServerDefinition): Map<string, string> {
  const owned = new Map<string, string>();
  for (const scheme of def.securitySchemes) {
    if (scheme.type === 'apiKey' && scheme.in === 'header') {
      owned.set(scheme.name.toLowerCase(), `the ${scheme.key} credential's header: set ${scheme.env.value} instead`);
    }
    if (scheme.type === 'awsSigv4') {
      for (const name of ['x-amz-date', 'x-amz-security-token', 'x-amz-content-sha256']) {
        owned.set(name, `part of the AWS signature: set ${scheme.env.accessKeyId} and ${scheme.env.secretAccessKey} instead`);
      }
    }
  }
  const idempotency = 'an idempotency-key header: one value on every call would make the upstream dedupe unrelated calls';
  for (const family of def.families) {
    for (const start of family.starts) if (start.idempotency?.in === 'header') owned.set(start.idempotency.name.toLowerCase(), idempotency);
  }
  for (const op of def.operations) {
    if (op.promote?.idempotency?.in === 'header') owned.set(op.promote.idempotency.name.toLowerCase(), idempotency);
  }
  return owned;
}

/**
 * The operator's headers, lower-cased names to values ({} when UPSTREAM_HEADERS is unset or blank). Throws a
 * start-up error that names the problem; it never quotes a value, since a value may be a key.
 */
export function readUpstreamHeaders(def: ServerDefinition, raw: string | undefined): Record<string, string> {
  const text = raw?.trim();
  if (!text) return {};
  const expected = 'expected a JSON object of header names to string values, e.g. {"x-tenant": "acme"}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`UPSTREAM_HEADERS is not valid JSON: ${expected}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`UPSTREAM_HEADERS: ${expected}`);
  const owned = definitionOwned(def);
  // A Map, so that a name like `__proto__` is a name like any other.
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(parsed)) {
    if (!TOKEN.test(name))
      throw new Error(`UPSTREAM_HEADERS: ${JSON.stringify(name)} is not a header name (RFC 9110 token characters only)`);
    const lower = name.toLowerCase();
    const reason = SERVER_OWNED.get(lower) ?? owned.get(lower);
    if (reason) throw new Error(`UPSTREAM_HEADERS: ${lower} cannot be set here: it is ${reason}`);
    if (typeof value !== 'string') throw new Error(`UPSTREAM_HEADERS: the value of ${lower} must be a string`);
    if (hasControl(value)) throw new Error(`UPSTREAM_HEADERS: the value of ${lower} contains a control character (CR, LF, NUL, …)`);
    if (headers.has(lower)) throw new Error(`UPSTREAM_HEADERS: ${lower} is given twice (names are case-insensitive)`);
    headers.set(lower, value);
  }
  return Object.fromEntries(headers);
}
