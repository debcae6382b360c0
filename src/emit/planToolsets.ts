/**
 * Toolsets: which MCP_TOOLSETS names select which tools, and the mode a server starts in. Decided once from the
 * tool plan, so the definition, every tool file and the README agree.
 *
 * The rule: a toolset per tag (an operation with several tags is in each; one without a usable tag is in the
 * toolset of its first literal path segment). A toolset counts its operations plus the job tools its starts
 * pull in (the family's status, cancel and result tools, and list_jobs). A tag whose toolset would hold more
 * than MAX_TOOLSET_TOOLS is split into the fewest near-equal parts `<tag>_1`, `<tag>_2`, … over its
 * operations sorted by path, cutting only between resources (operations on one path template stay together),
 * so each part is a contiguous, describable stretch of the API. `all` and `jobs` are reserved names.
 */
import { ALL_TOOLSET, DYNAMIC_MODE_ABOVE_OPERATIONS, JOBS_TOOLSET, MAX_TOOLSET_TOOLS } from '../../templates/runtime/defaults.js';
import type { ToolMode, ToolsetSpec } from '../../templates/runtime/definition.js';
import type { ApiModel } from '../model/ir.js';
import { clipText } from './code.js';
import { NameRegistry, toSnakeCase } from './naming.js';
import type { PlannedFamily, PlannedOperation, ToolPlan } from './toolPlan.js';

export interface PlannedToolset extends ToolsetSpec {
  /** Operations in the toolset, in spec order. */
  operations: PlannedOperation[];
  /** Tools it selects: its operations plus the job tools its starts pull in. */
  toolCount: number;
}

export interface ToolsetPlan {
  toolsets: PlannedToolset[];
  /** Tool name → the toolsets it belongs to. */
  byTool: Map<string, string[]>;
  /** The mode the server starts in when MCP_TOOL_MODE is unset. */
  toolMode: ToolMode;
}

const DESCRIPTION_CHARS = 200;

export function defaultToolMode(operationCount: number): ToolMode {
  return operationCount > DYNAMIC_MODE_ABOVE_OPERATIONS ? 'dynamic' : 'static';
}

/** Job tools a family adds to a toolset holding one of its starts (list_jobs is counted once per toolset). */
export function familyToolCount(family: PlannedFamily): number {
  return 1 + (family.tools.cancel ? 1 : 0) + (family.tools.result ? 1 : 0);
}

/** Tools a set of operations selects. */
export function toolCount(operations: readonly PlannedOperation[], families: ReadonlyMap<string, PlannedFamily>): number {
  const started = new Set<string>();
  for (const p of operations) if (p.role === 'start' && p.family) started.add(p.family);
  return countTools(operations.length, started, families, operations.some(isPromotable));
}

const isPromotable = (p: PlannedOperation): boolean => p.promote !== undefined;

/**
 * `operations` tools plus what the runtime lists beside them in the same toolset (templates/runtime/mcp/jobTools.ts,
 * callTools.ts): the job tools of the families `started`; list_jobs once, where a family starts or a call can be
 * promoted (it finds a promoted call's lost job_id); call_status where a call can be promoted.
 */
function countTools(
  operations: number,
  started: ReadonlySet<string>,
  families: ReadonlyMap<string, PlannedFamily>,
  promotable: boolean,
): number {
  let count = operations;
  for (const name of started) count += familyToolCount(families.get(name)!);
  return count + (started.size > 0 || promotable ? 1 : 0) + (promotable ? 1 : 0);
}

interface Group {
  key: string;
  /** The tag as written (for its description), or the path segment. */
  source: { tag: string } | { segment: string };
  operations: PlannedOperation[];
}

function groupKeys(planned: PlannedOperation): Array<{ key: string; source: Group['source'] }> {
  const keys = planned.op.tags.map((tag) => ({ key: toSnakeCase(tag), source: { tag } })).filter((k) => k.key !== '');
  if (keys.length > 0) return keys;
  const segment = planned.op.path.split(/[/?]/).find((s) => s && !s.startsWith('{')) ?? '';
  return [{ key: toSnakeCase(segment) || 'default', source: { segment } }];
}

function groupOperations(operations: readonly PlannedOperation[]): Group[] {
  const groups = new Map<string, Group>();
  for (const planned of operations) {
    for (const { key, source } of groupKeys(planned)) {
      const group = groups.get(key) ?? { key, source, operations: [] };
      // A second tag with the same key (`Repos`, `repos`) adds nothing: it can only be the operation just added.
      if (group.operations.at(-1) !== planned) group.operations.push(planned);
      groups.set(key, group);
    }
  }
  return [...groups.values()];
}

/** The path without its parameters: operations on one resource share it and stay in one part. */
function resourceKey(planned: PlannedOperation): string {
  return planned.op.path
    .split('?')[0]!
    .split('/')
    .filter((s) => s && !s.startsWith('{'))
    .join('/');
}

/** Splits a too-big group into the fewest near-equal parts, each within the limit, cutting between resources. */
export function splitOperations(
  operations: readonly PlannedOperation[],
  families: ReadonlyMap<string, PlannedFamily>,
  limit = MAX_TOOLSET_TOOLS,
): PlannedOperation[][] {
  const total = toolCount(operations, families);
  if (total <= limit) return [[...operations]];
  const order = new Map(operations.map((p, i) => [p, i] as const));
  // Each key once, not once per comparison: GitHub's `repos` group sorts 300 operations.
  const keys = new Map(operations.map((p) => [p, resourceKey(p)] as const));
  const sorted = [...operations].sort((a, b) => {
    const ka = keys.get(a)!;
    const kb = keys.get(b)!;
    return ka < kb ? -1 : ka > kb ? 1 : order.get(a)! - order.get(b)!;
  });
  const runs: PlannedOperation[][] = [];
  for (const planned of sorted) {
    const last = runs.at(-1);
    if (last && keys.get(last[0]!) === keys.get(planned)) last.push(planned);
    else runs.push([planned]);
  }
  const target = Math.ceil(total / Math.ceil(total / limit));
  const parts: PlannedOperation[][] = [];
  let current: PlannedOperation[] = [];
  // toolCount(current) kept as it grows (the families its starts pull in), not recounted per run.
  let started = new Set<string>();
  let promotable = false;
  for (const run of runs) {
    // A single resource bigger than the limit (never seen in a real API) is cut by count, as a last resort,
    // leaving room for every job tool the run could pull in.
    const pulled = toolCount(run, families) - run.length;
    const pieces = run.length + pulled <= limit ? [run] : chunk(run, Math.max(1, limit - pulled));
    for (const piece of pieces) {
      const joinedStarted = new Set(started);
      for (const p of piece) if (p.role === 'start' && p.family) joinedStarted.add(p.family);
      const joinedPromotable: boolean = promotable || piece.some(isPromotable);
      const joinedCount = countTools(current.length + piece.length, joinedStarted, families, joinedPromotable);
      if (current.length > 0 && (joinedCount > limit || countTools(current.length, started, families, promotable) >= target)) {
        parts.push(current);
        current = [...piece];
        started = new Set();
        for (const p of piece) if (p.role === 'start' && p.family) started.add(p.family);
        promotable = piece.some(isPromotable);
      } else {
        for (const p of piece) current.push(p);
        started = joinedStarted;
        promotable = joinedPromotable;
      }
    }
  }
  if (current.length > 0) parts.push(current);
  // Spec order inside each part, as everywhere else.
  return parts.map((part) => part.sort((a, b) => order.get(a)! - order.get(b)!));
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function baseDescription(group: Group, model: ApiModel): string {
  if ('tag' in group.source) {
    const about = clipText(model.tagDescriptions?.[group.source.tag], DESCRIPTION_CHARS);
    return about || `Operations tagged "${group.source.tag}".`;
  }
  return group.source.segment ? `Operations under /${group.source.segment}.` : 'Operations without a tag.';
}

function pathRange(part: readonly PlannedOperation[]): string {
  const paths = part.map((p) => p.op.path).sort();
  return paths.length === 1 ? paths[0]! : `${paths[0]} … ${paths.at(-1)}`;
}

export function planToolsets(model: ApiModel, plan: ToolPlan): ToolsetPlan {
  const families = new Map(plan.families.map((f) => [f.family.name, f] as const));
  const names = new NameRegistry(64, true);
  names.claimExact(ALL_TOOLSET);
  names.claimExact(JOBS_TOOLSET);
  const toolsets: PlannedToolset[] = [];
  for (const group of groupOperations(plan.operations)) {
    const parts = splitOperations(group.operations, families);
    const description = baseDescription(group, model);
    parts.forEach((part, i) => {
      const name = parts.length === 1 ? names.claim(group.key) : names.claim(`${group.key}_${i + 1}`);
      const text = parts.length === 1 ? description : `${description} Part ${i + 1} of ${parts.length}: ${pathRange(part)}.`;
      toolsets.push({ name, description: text, operations: part, toolCount: toolCount(part, families) });
    });
  }
  // Names were handed out in spec order (stable); they are shown in name order (easy to scan).
  toolsets.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // Appended in place: a copy per toolset made an operation tagged 10,000 times cost 50 million copied names.
  const byTool = new Map<string, string[]>();
  for (const toolset of toolsets) {
    for (const planned of toolset.operations) {
      const names = byTool.get(planned.tool);
      if (names) names.push(toolset.name);
      else byTool.set(planned.tool, [toolset.name]);
    }
  }
  return { toolsets, byTool, toolMode: defaultToolMode(plan.operations.length) };
}
