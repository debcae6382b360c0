/**
 * The tool plan's types: what crosses the seam from the planner (planTools.ts) to the finders it calls
 * (listTool.ts, outputPointers.ts, operationParts.ts) and to every printer. Kept apart from the planner so the
 * finders can name a planned operation without importing the planner that imports them.
 */

import type { OutputPointerSpec } from '../../templates/runtime/definition.js';
import type { Diagnostic } from '../model/diagnostics.js';
import type { Operation } from '../model/ir.js';
import type { JobFamily, PromotionDecision } from '../model/jobs.js';
import { operationKey } from '../model/operationKey.js';

/**
 * `start` operations answer through the job tools. Poll/cancel/result operations of a family stay plain tools
 * (role `tool`, with `follows` set): an agent must still be able to read or cancel a job this server did not
 * start (a GitHub workflow run started by a push), and their descriptions point at the job tools. `internal`
 * operations are ones the spec does not declare (detection's synthetic AIP-151 GetOperation): the runtime
 * calls them for a family but registers no tool for them.
 */
export type ToolRole = 'tool' | 'start' | 'internal';

export interface PlannedOperation {
  op: Operation;
  tool: string;
  role: ToolRole;
  /** Family name when role is `start`. */
  family?: string;
  /** Family whose poll/cancel/result this plain operation is, and which part. */
  follows?: { family: string; part: 'poll' | 'cancel' | 'result' };
  /** `operationId`, else `METHOD /path`: how users refer to it (renames, diagnostics, `_meta`). */
  label: string;
  /** A plain tool promoted to a job when a call outlives JOB_PROMOTE_AFTER_MS (detection's PromotionDecision). */
  promote?: PromotionDecision;
}

export interface PlannedFamily {
  family: JobFamily;
  title: string;
  starts: PlannedOperation[];
  tools: { status: string; cancel: string | null; result: string | null };
  /** The plain tool listing the family's upstream jobs (listTool.ts), or null. */
  listTool: string | null;
  /** Where the real output lives when it is not in the job document (outputPointers.ts). */
  outputs: OutputPointerSpec[];
  /** Tool name of each linked plain operation (poll/cancel/result), keyed by `METHOD path`. */
  linked: Map<string, string>;
  /** The same for linked internal operations (synthetic ones: no tool of their own). */
  internal: Map<string, string>;
}

export interface ToolGroup {
  /** File stem: `src/tools/<stem>.ts`. */
  stem: string;
  operations: PlannedOperation[];
}

export interface ToolPlan {
  operations: PlannedOperation[];
  families: PlannedFamily[];
  groups: ToolGroup[];
  listJobsTool: string | null;
  /** Status tool of promoted calls; null when no tool is promotable. */
  callStatusTool: string | null;
  diagnostics: Diagnostic[];
}

/** The plan's key for an operation: the IR toolkit's `METHOD /path`. */
export const opKey = operationKey;
