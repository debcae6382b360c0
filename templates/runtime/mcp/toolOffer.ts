/**
 * What tools/list shows and what tools/call accepts, fixed at start-up from the selection (toolSelection.ts).
 *
 * - static: every selected tool is listed and callable.
 * - dynamic: the meta-tools (search, describe, call), the shared job tools, list_jobs and the status tool of
 *   promoted calls are listed (a promoted call's handle names that tool, so it must be there to poll); every
 *   selected tool stays callable by its own name too (job families keep their own tools in every mode, and a
 *   start's text names its family's status tool), and is what call_operation reaches.
 *
 * A tool outside the selection is neither listed nor callable, by name or through call_operation: MCP_TOOLSETS
 * is a restriction an operator can rely on (e.g. only read-only toolsets).
 */
import { listFingerprint } from './listCursor.js';
import type { ToolEntry } from './toolRegistry.js';
import type { ToolSelection } from './toolSelection.js';

export interface ToolOffer {
  mode: ToolSelection['mode'];
  toolsets: string[];
  /** tools/list, in order. */
  listed: ToolEntry[];
  /** tools/call by name. */
  callable: Map<string, ToolEntry>;
  /** What call_operation, describe_operation and search_operations reach: the selected tools, no meta-tool. */
  reachable: Map<string, ToolEntry>;
  pageSize: number;
  /** Identifies this list for its page cursors (names, order and page size). */
  fingerprint: string;
}

/**
 * `metaTools`: dynamic mode's own tools, listed first (empty in static mode). `jobTools`: the job tools that
 * dynamic mode lists too when they are selected (list_jobs, the promoted calls' status tool).
 */
export function offerTools(
  selection: ToolSelection,
  metaTools: readonly ToolEntry[],
  jobTools: ReadonlyArray<string | null>,
  pageSize: number,
): ToolOffer {
  const reachable = new Map(selection.operations.map((entry) => [entry.name, entry] as const));
  let listed: ToolEntry[];
  if (selection.mode === 'static') listed = selection.operations;
  else {
    const always = jobTools.flatMap((name) => (name && reachable.has(name) ? [reachable.get(name)!] : []));
    listed = [...metaTools, ...always];
  }
  const callable = new Map(reachable);
  for (const entry of metaTools) callable.set(entry.name, entry);
  return {
    mode: selection.mode,
    toolsets: selection.toolsets,
    listed,
    callable,
    reachable,
    pageSize,
    fingerprint: listFingerprint([String(pageSize), ...listed.map((entry) => entry.name)]),
  };
}
