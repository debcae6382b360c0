/**
 * MCP_CLIENT_CREDENTIALS=on (HTTP mode only): each MCP client brings its own upstream credential in request
 * headers, one header per credential env var (`X-Upstream-<ENV_NAME>`, `_` as `-`), and each distinct
 * credential set is its own job partition, so client Y never lists, reads, polls or cancels client X's jobs
 * (the Tasks extension included). The operator's own credential env vars are not used in this mode.
 *
 * The MCP request's own `Authorization` header is never forwarded upstream (the MCP authorization spec
 * forbids token passthrough); it stays the MCP_HTTP_TOKEN check.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { RuntimeContext } from '../core/context.js';
import type { Env } from '../core/env.js';
import { credentialPartition } from '../core/idempotency.js';
import { collectSecrets } from '../core/secrets.js';
import { credentialHeaderName as credentialHeader } from '../defaults.js';
import type { ServerDefinition } from '../definition.js';

export function credentialEnvNames(def: ServerDefinition): string[] {
  return [...new Set(def.securitySchemes.flatMap((scheme) => Object.values(scheme.env)))].sort();
}

type HeaderSource = IncomingHttpHeaders | Headers;

function header(headers: HeaderSource, name: string): string | undefined {
  const raw = headers instanceof Headers ? headers.get(name) : headers[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value?.trim() || undefined;
}

/**
 * The request's own context: the process context with the credential env vars replaced by the headers'
 * values, their secrets added to what is scrubbed, and the partition those credentials hash to. Null when
 * the request carries none of the headers (such a client has nothing to authenticate with upstream).
 */
export function clientContext(base: RuntimeContext, headers: HeaderSource): RuntimeContext | null {
  const names = credentialEnvNames(base.def);
  const env: Env = { ...base.config.env };
  const values: Record<string, string | undefined> = {};
  for (const name of names) {
    values[name] = header(headers, credentialHeader(name));
    env[name] = values[name];
  }
  if (Object.values(values).every((v) => v === undefined)) return null;
  const secrets = [...new Set([...collectSecrets(base.def, env), ...base.config.secrets])].sort((a, b) => b.length - a.length);
  return {
    ...base,
    config: { ...base.config, env, secrets },
    partition: credentialPartition(values, base.config.env.JOB_PARTITION_SECRET),
  };
}

export function missingCredentialMessage(def: ServerDefinition): string {
  const headers = credentialEnvNames(def).map(credentialHeader).join(', ');
  return `Unauthorized: this server runs with MCP_CLIENT_CREDENTIALS=on; send your upstream credential in ${headers}.`;
}
