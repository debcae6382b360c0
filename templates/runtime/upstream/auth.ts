/**
 * Credentials from the environment, applied per operation. An operation lists security alternatives (OR) of
 * schemes that must all hold (AND); the first alternative whose env vars are all set wins, so a user only
 * configures the scheme they actually have.
 */
import type { Env } from '../core/env.js';
import type { OperationSpec, SecuritySchemeSpec } from '../definition.js';

export interface AuthParts {
  headers: Record<string, string>;
  query: Record<string, string>;
  cookies: Record<string, string>;
}

export type AuthSelection = { ok: true; parts: AuthParts; schemes: string[] } | { ok: false; message: string };

function envNames(scheme: SecuritySchemeSpec): string[] {
  return Object.values(scheme.env);
}

function isSatisfied(scheme: SecuritySchemeSpec, env: Env): boolean {
  if (scheme.type === 'basic') return !!env[scheme.env.username];
  return envNames(scheme).every((name) => !!env[name]);
}

function applyScheme(scheme: SecuritySchemeSpec, env: Env, parts: AuthParts): void {
  switch (scheme.type) {
    case 'bearer':
      parts.headers.authorization = `Bearer ${env[scheme.env.token]}`;
      return;
    case 'basic': {
      const token = Buffer.from(`${env[scheme.env.username] ?? ''}:${env[scheme.env.password] ?? ''}`).toString('base64');
      parts.headers.authorization = `Basic ${token}`;
      return;
    }
    case 'apiKey': {
      const value = env[scheme.env.value] ?? '';
      if (scheme.in === 'header') parts.headers[scheme.name.toLowerCase()] = value;
      else if (scheme.in === 'query') parts.query[scheme.name] = value;
      else parts.cookies[scheme.name] = value;
      return;
    }
  }
}

/** Picks the credentials for one operation; a clear message names the env vars when none are set. */
export function selectAuth(op: OperationSpec, schemes: SecuritySchemeSpec[], env: Env): AuthSelection {
  const empty = (): AuthParts => ({ headers: {}, query: {}, cookies: {} });
  if (op.security.length === 0) return { ok: true, parts: empty(), schemes: [] };
  const byKey = new Map(schemes.map((s) => [s.key, s]));
  for (const alternative of op.security) {
    const members = alternative.map((key) => byKey.get(key));
    // A scheme the generator could not describe (e.g. OAuth flows) is treated as unsatisfiable, not ignored.
    if (members.some((m) => !m)) continue;
    const resolved = members as SecuritySchemeSpec[];
    if (!resolved.every((s) => isSatisfied(s, env))) continue;
    const parts = empty();
    for (const scheme of resolved) applyScheme(scheme, env, parts);
    return { ok: true, parts, schemes: alternative };
  }
  const options = op.security
    .map((alt) =>
      alt
        .map((key) => byKey.get(key))
        .map((s, i) => (s ? envNames(s).join(' + ') : `${alt[i]} (unsupported scheme)`))
        .join(' and '),
    )
    .filter((text) => text.length > 0);
  return {
    ok: false,
    message: `Missing credentials for ${op.tool}: set ${options.join(', or ')} in the server's environment.`,
  };
}
