/**
 * The MCP-facing settings, read once from the environment: the Tasks extension switch and the HTTP mode's
 * access rules. A malformed value is a start-up error, never a silently weaker server.
 */
import type { Env } from '../core/config.js';
import type { ServerDefinition } from '../definition.js';

export interface McpSettings {
  /** MCP_TASKS: serve the Tasks extension to clients that declare it (default on). */
  tasks: boolean;
  /** MCP_HTTP_TOKEN: bearer token every HTTP request must carry (required beyond loopback). */
  httpToken: string | null;
  /** MCP_ALLOWED_HOSTS: extra Host/Origin host names; `any` when it is `*`. */
  allowedHosts: string[] | 'any';
  /** MCP_CLIENT_CREDENTIALS: each HTTP client brings its own upstream credential in headers (default off). */
  clientCredentials: boolean;
}

export const MIN_TOKEN_LENGTH = 16;

function readSwitch(name: string, raw: string | undefined, fallback: boolean): boolean {
  const value = raw?.trim().toLowerCase();
  if (!value) return fallback;
  if (['on', 'true', '1', 'yes'].includes(value)) return true;
  if (['off', 'false', '0', 'no'].includes(value)) return false;
  throw new Error(`${name}=${raw}: expected on or off`);
}

export function readMcpSettings(def: ServerDefinition, env: Env): McpSettings {
  const token = env.MCP_HTTP_TOKEN?.trim() || null;
  if (token !== null && token.length < MIN_TOKEN_LENGTH) {
    throw new Error(`MCP_HTTP_TOKEN is too short: use at least ${MIN_TOKEN_LENGTH} random characters (e.g. openssl rand -hex 32).`);
  }
  const hosts = (env.MCP_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const clientCredentials = readSwitch('MCP_CLIENT_CREDENTIALS', env.MCP_CLIENT_CREDENTIALS, false);
  if (clientCredentials && def.securitySchemes.length === 0) {
    throw new Error('MCP_CLIENT_CREDENTIALS=on, but this API declares no credentials for clients to bring.');
  }
  return {
    tasks: readSwitch('MCP_TASKS', env.MCP_TASKS, true),
    httpToken: token,
    allowedHosts: hosts.includes('*') ? 'any' : hosts,
    clientCredentials,
  };
}
