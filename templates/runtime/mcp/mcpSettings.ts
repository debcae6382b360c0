/**
 * The MCP-facing settings, read once from the environment: the Tasks extension switch, the HTTP mode's
 * access rules and which tools are offered how (toolsets, mode, page size). A malformed value is a start-up
 * error, never a silently weaker server. Toolset names are checked against the registry in toolSelection.ts.
 */
import type { Env } from '../core/env.js';
import { DEFAULT_TOOLS_PAGE_SIZE } from '../defaults.js';
import type { ServerDefinition, ToolMode } from '../definition.js';

export interface McpSettings {
  /** MCP_TASKS: serve the Tasks extension to clients that declare it (default on). */
  tasks: boolean;
  /** MCP_HTTP_TOKEN: bearer token every HTTP request must carry (required beyond loopback). */
  httpToken: string | null;
  /** MCP_ALLOWED_HOSTS: extra Host/Origin host names; `any` when it is `*`. */
  allowedHosts: string[] | 'any';
  /** MCP_CLIENT_CREDENTIALS: each HTTP client brings its own upstream credential in headers (default off). */
  clientCredentials: boolean;
  /** MCP_TOOLSETS: the toolset names asked for, as written (unset or empty: `all`). */
  toolsets: string[];
  /** MCP_TOOL_MODE, else the definition's default. */
  toolMode: ToolMode;
  /** MCP_TOOLS_PAGE_SIZE: tools per tools/list page; 0 = one page. */
  pageSize: number;
}

export const MIN_TOKEN_LENGTH = 16;

function readSwitch(name: string, raw: string | undefined, fallback: boolean): boolean {
  const value = raw?.trim().toLowerCase();
  if (!value) return fallback;
  if (['on', 'true', '1', 'yes'].includes(value)) return true;
  if (['off', 'false', '0', 'no'].includes(value)) return false;
  throw new Error(`${name}=${raw}: expected on or off`);
}

function readToolMode(raw: string | undefined, fallback: ToolMode): ToolMode {
  const value = raw?.trim().toLowerCase();
  if (!value) return fallback;
  if (value === 'static' || value === 'dynamic') return value;
  throw new Error(`MCP_TOOL_MODE=${raw}: expected static (one tool per operation) or dynamic (search, describe and call meta-tools)`);
}

function readPageSize(raw: string | undefined): number {
  const value = raw?.trim();
  if (!value) return DEFAULT_TOOLS_PAGE_SIZE;
  const size = Number(value);
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new Error(`MCP_TOOLS_PAGE_SIZE=${raw}: expected a whole number of tools per tools/list page (0 = no pages)`);
  }
  return size;
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
    toolsets: (env.MCP_TOOLSETS ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    toolMode: readToolMode(env.MCP_TOOL_MODE, def.toolMode),
    pageSize: readPageSize(env.MCP_TOOLS_PAGE_SIZE),
  };
}
