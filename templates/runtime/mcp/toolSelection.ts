/**
 * Which tools this process offers and how: MCP_TOOLSETS picks toolsets (the spec's tags, `jobs`, `all`), and
 * the mode decides whether tools/list shows them one per operation (static) or shows a few meta-tools that
 * search, describe and call them (dynamic). Pure over the registry: decided once at start-up, so every
 * connection and every stateless HTTP request sees the same list. A name that matches no toolset is a start-up
 * error naming the valid ones; a misspelt toolset must never silently serve nothing or everything.
 */
import { ALL_TOOLSET, JOBS_TOOLSET } from '../defaults.js';
import type { ServerDefinition, ToolMode } from '../definition.js';
import type { ToolEntry } from './toolRegistry.js';

export interface ToolSelection {
  mode: ToolMode;
  /** The toolsets in force, as the definition names them; `['all']` when every tool is selected. */
  toolsets: string[];
  /** Every tool of the selected toolsets, in registration order (static: the listed tools; dynamic: what the meta-tools reach). */
  operations: ToolEntry[];
}

/** Comparison key that forgives case and separators: `Code-Scanning` and `code_scanning` name the same toolset. */
export function looseToolsetKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** Every name MCP_TOOLSETS accepts, in the order the README shows them. */
export function validToolsets(def: ServerDefinition): string[] {
  // Promoted calls are jobs too: their status tool and list_jobs are in `jobs`.
  const jobs = def.families.length > 0 || Boolean(def.callStatusTool);
  return [ALL_TOOLSET, ...(jobs ? [JOBS_TOOLSET] : []), ...def.toolsets.map((t) => t.name)];
}

/**
 * The definition's names for the requested toolsets: exact names first, then a unique case- and
 * separator-insensitive match. `all` (or nothing) selects everything.
 */
export function resolveToolsets(requested: readonly string[], valid: readonly string[]): string[] {
  if (requested.length === 0) return [ALL_TOOLSET];
  const exact = new Set(valid);
  const loose = new Map<string, string[]>();
  for (const name of valid) loose.set(looseToolsetKey(name), [...(loose.get(looseToolsetKey(name)) ?? []), name]);
  const chosen: string[] = [];
  const unknown: string[] = [];
  for (const name of requested) {
    const match = exact.has(name)
      ? name
      : loose.get(looseToolsetKey(name))?.length === 1
        ? loose.get(looseToolsetKey(name))![0]
        : undefined;
    if (match === undefined) unknown.push(name);
    else if (!chosen.includes(match)) chosen.push(match);
  }
  if (unknown.length > 0) {
    const what = unknown.map((n) => `"${n}"`).join(', ');
    throw new Error(`MCP_TOOLSETS names no such toolset: ${what}. Valid toolsets: ${valid.join(', ')}.`);
  }
  return chosen.includes(ALL_TOOLSET) ? [ALL_TOOLSET] : chosen;
}

export function selectTools(
  def: ServerDefinition,
  entries: readonly ToolEntry[],
  requested: readonly string[],
  mode: ToolMode,
): ToolSelection {
  const toolsets = resolveToolsets(requested, validToolsets(def));
  const everything = toolsets.includes(ALL_TOOLSET);
  const wanted = new Set(toolsets);
  const operations = entries.filter((entry) => everything || entry.toolsets.some((name) => wanted.has(name)));
  return { mode, toolsets, operations };
}
