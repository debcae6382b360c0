/**
 * Every way a credential is kept out of what leaves the server or is kept: tool texts, structured results,
 * stored records, URLs, logs. The secret list (credential values and every form they travel in) is built once
 * here; the scrubbing functions below are the only ones the runtime uses. The rule for bounded texts is
 * "scrub, then cut": a token straddling a cut would otherwise survive in part.
 */
import type { ServerDefinition } from '../definition.js';
import type { Env } from './env.js';
import { copyJson } from './jsonBounds.js';

export const REDACTED = '[redacted]';

/** Values this short would scrub ordinary words; they are too weak to be real credentials anyway. */
export const MIN_SECRET_LENGTH = 4;

/**
 * The forms a credential value can take on the wire or in an echo: as is, percent-encoded (upper- and
 * lower-case hex), form-encoded (`+` for space), JSON-escaped (with and without `\/`). Longest first, so a
 * longer form is replaced before a shorter one inside it.
 */
export function secretForms(values: Iterable<string>): string[] {
  const forms = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    const percent = encodeURIComponent(value);
    const json = JSON.stringify(value).slice(1, -1);
    for (const form of [
      value,
      percent,
      percent.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
      new URLSearchParams({ v: value }).toString().slice(2),
      json,
      json.replaceAll('/', '\\/'),
    ]) {
      forms.add(form);
    }
  }
  return [...forms].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}

/** Basic auth travels as base64 of `user:pass`: that string is a secret of its own. */
export function basicToken(user: string, pass: string): string {
  return Buffer.from(`${user}:${pass}`).toString('base64');
}

/**
 * Credential values from the environment and their derived forms, for the definition's security schemes, plus
 * `extra` values kept as secrets too (the operator's UPSTREAM_HEADERS values).
 */
export function collectSecrets(def: ServerDefinition, env: Env, extra: readonly string[] = []): string[] {
  const values: string[] = [...extra];
  for (const scheme of def.securitySchemes) {
    for (const name of Object.values(scheme.env)) {
      const value = env[name];
      if (value) values.push(value);
    }
    if (scheme.type === 'basic') {
      const user = env[scheme.env.username] ?? '';
      const pass = env[scheme.env.password] ?? '';
      if (user || pass) values.push(basicToken(user, pass));
    }
  }
  return secretForms(values);
}

/** Replaces every known secret in a text. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out;
}

export function containsSecret(text: string, secrets: readonly string[]): boolean {
  return secrets.some((secret) => text.includes(secret));
}

/**
 * A copy of a JSON value with every string (keys too) scrubbed. Iterative, so a deeply nested upstream
 * document cannot overflow the stack; returns the value itself when there is nothing to scrub.
 */
export function scrubValue<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  return copyJson(value, { mapString: (text) => scrubSecrets(text, secrets) }) as T;
}

/**
 * Structured tool output: the same as scrubValue, but the value itself when no string in it (keys too) holds a
 * secret, which is every answer but the rare one that echoes a credential. Its JSON text shows that at the cost
 * of one native serialisation, where the copy walks every value in JS on every status call. A secret with a
 * character JSON escapes (a quote, a backslash, a control character, a surrogate) could hide in that text, so
 * such a list is always copied. Its shape is kept: keys are field names of the output schema and values are
 * scrubbed inside their strings only.
 */
export function scrubStructured<T extends Record<string, unknown>>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  if (secrets.every(writtenAsIs)) {
    let text: string | undefined;
    try {
      text = JSON.stringify(value);
    } catch {
      // A cycle or a bigint: the copy below handles both.
    }
    if (text !== undefined && !containsSecret(text, secrets)) return value;
  }
  return scrubValue(value, secrets);
}

/** Whether JSON text holds `secret` as is: it has no character JSON.stringify writes as an escape. */
function writtenAsIs(secret: string): boolean {
  return JSON.stringify(secret).length === secret.length + 2;
}

/** Scrub, then cut to `limit` characters: never the other way round. */
export function cutText(text: string, limit: number, secrets: readonly string[]): string {
  const scrubbed = scrubSecrets(text, secrets);
  return scrubbed.length <= limit ? scrubbed : scrubbed.slice(0, limit);
}

/** A URL fit to store or show: query kept (api-version), parameters whose value is a credential removed. */
export function withoutSecretParams(url: string, secrets: readonly string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  for (const [name, value] of [...parsed.searchParams]) {
    if (secrets.includes(value)) {
      parsed.searchParams.delete(name);
      changed = true;
    }
  }
  return changed ? parsed.href : url;
}

/** A URL from outside (a Location, a stored poll URL): credential parameters removed, any other trace scrubbed. */
export function scrubUrl(url: string, secrets: readonly string[]): string {
  if (secrets.length === 0) return url;
  return scrubSecrets(withoutSecretParams(url, secrets), secrets);
}

/**
 * Response headers with secrets removed: URL-valued headers (Location, Operation-Location) lose credential
 * parameters, every other value is scrubbed. The same object when nothing matched.
 */
export function scrubHeaders(headers: Headers, secrets: readonly string[]): Headers {
  if (secrets.length === 0) return headers;
  let dirty = false;
  for (const [, value] of headers) if (containsSecret(value, secrets)) dirty = true;
  if (!dirty) return headers;
  const clean = new Headers();
  for (const [name, value] of headers) clean.append(name, containsSecret(value, secrets) ? scrubUrl(value, secrets) : value);
  return clean;
}
