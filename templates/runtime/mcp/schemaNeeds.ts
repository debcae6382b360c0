/**
 * Which operations' schema modules (OperationSpec.loadSchemas) must be loaded before the server answers anything:
 * those something reads synchronously outside a tool call. A job family's operations are read by the watcher,
 * the recovery scan and the status tools (polls parse their arguments with the poll operation's schema); a tool
 * whose tools/list entry is not all in its shipped JSON is converted from zod when listed or described. The
 * generator keeps the family operations' schemas in the tool files themselves, so this is normally a handful of
 * tools or none; it is the runtime's own rule so that a definition written by hand is served correctly too.
 */
import type { OperationSpec, ServerDefinition } from '../definition.js';

/** Output keys the runtime adds to a plain tool's output, which it must check the operation's own output for (zod). */
const ADDED_OUTPUT_KEYS = ['"mcp_job":', '"mcp_answer":'];

export function schemasNeededAtStart(def: ServerDefinition): OperationSpec[] {
  const familyOps = new Set<string>();
  for (const family of def.families) {
    for (const start of family.starts) familyOps.add(start.operation);
    for (const link of [family.poll, family.cancel, family.result]) if (link && 'operation' in link) familyOps.add(link.operation);
  }
  return def.operations.filter((op) => op.loadSchemas && (familyOps.has(op.tool) || !listsFromJson(op)));
}

/**
 * Whether tools/list can show the operation from its shipped JSON alone (mcp/toolRegistry.ts shippedSchemas): an
 * output with top-level `required` keys, or one that declares a key the runtime adds, is converted from zod. Read
 * from the text without parsing it: a `"required":` anywhere in it (outputs list every key optional, so this is
 * rare) counts, which may load a module early but never too late.
 */
function listsFromJson(op: OperationSpec): boolean {
  if (!op.listed) return false;
  const output = op.listed.output;
  return output === undefined || (!output.includes('"required":') && !ADDED_OUTPUT_KEYS.some((key) => output.includes(key)));
}
