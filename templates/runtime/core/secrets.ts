/**
 * Every way a credential is kept out of what leaves the server: tool texts, structured results, URLs that are
 * stored or shown. The secret list itself (credential values and their derived forms) is built once here from
 * the definition's security schemes and the environment.
 */
import type { ServerDefinition } from '../definition.js';
import type { Env } from './config.js';

/** Credential values from the environment and the forms they travel in (basic-auth base64, URL-encoded), longest first. */
export function collectSecrets(def: ServerDefinition, env: Env): string[] {
  const secrets = new Set<string>();
  for (const scheme of def.securitySchemes) {
    const values = Object.values(scheme.env)
      .map((name) => env[name])
      .filter((v): v is string => !!v);
    for (const value of values) secrets.add(value);
    if (scheme.type === 'basic') {
      const user = env[scheme.env.username] ?? '';
      const pass = env[scheme.env.password] ?? '';
      if (user || pass) secrets.add(Buffer.from(`${user}:${pass}`).toString('base64'));
    }
  }
  for (const value of [...secrets]) {
    const encoded = encodeURIComponent(value);
    if (encoded !== value) secrets.add(encoded);
  }
  // Very short values would scrub ordinary words; they are too weak to be real credentials anyway.
  return [...secrets].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
}

/** Replaces every known secret in a text. Applied to every text and URL a tool result carries. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/** Secrets echoed back by an upstream (e.g. a token in a returned URL) are scrubbed from structured data too. */
export function scrubStructured(value: Record<string, unknown>, secrets: readonly string[]): Record<string, unknown> {
  if (secrets.length === 0) return value;
  const text = JSON.stringify(value);
  const scrubbed = scrubSecrets(
    text,
    secrets.map((s) => JSON.stringify(s).slice(1, -1)),
  );
  return scrubbed === text ? value : (JSON.parse(scrubbed) as Record<string, unknown>);
}

/** A URL fit to store or show: query kept (api-version), parameters whose value is a credential removed. */
export function withoutSecretParams(url: string, secrets: readonly string[]): string {
  const parsed = new URL(url);
  for (const [name, value] of [...parsed.searchParams]) if (secrets.includes(value)) parsed.searchParams.delete(name);
  return parsed.href;
}
