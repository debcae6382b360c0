/**
 * The MCP-facing settings, read once from the environment. A malformed value is a start-up error, never a
 * silently different server.
 */
import type { Env } from '../core/config.js';
import type { ServerDefinition } from '../definition.js';

export interface McpSettings {
  /** MCP_TASKS: serve the Tasks extension to clients that declare it (default on). */
  tasks: boolean;
}

function readSwitch(name: string, raw: string | undefined, fallback: boolean): boolean {
  const value = raw?.trim().toLowerCase();
  if (!value) return fallback;
  if (['on', 'true', '1', 'yes'].includes(value)) return true;
  if (['off', 'false', '0', 'no'].includes(value)) return false;
  throw new Error(`${name}=${raw}: expected on or off`);
}

export function readMcpSettings(_def: ServerDefinition, env: Env): McpSettings {
  return { tasks: readSwitch('MCP_TASKS', env.MCP_TASKS, true) };
}
