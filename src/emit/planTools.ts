/**
 * The tool plan: every decision about names, roles and files, made once before any file is printed, so the
 * definition, the tool files, the job table and the README all agree. Spec order throughout; names come
 * only from naming.ts.
 */

import { DYNAMIC_TOOLS } from '../../templates/runtime/defaults.js';
import type { Diagnostic } from '../model/diagnostics.js';
import type { ApiModel, Operation } from '../model/ir.js';
import { isOperationLink, type JobDetection, type JobFamily, type OperationRef } from '../model/jobs.js';
import { emitDiagnostic } from './codes.js';
import { findListTool } from './listTool.js';
import { baseToolName, jobToolBase, jobToolName, NameRegistry, TOOL_NAME_PATTERN, toFileStem, toSnakeCase, toTitle } from './naming.js';
import type { EmitOptions } from './options.js';
import { findOutputPointers } from './outputPointers.js';
import { findQueryTwins } from './queryTwins.js';
import { opKey, type PlannedFamily, type PlannedOperation, type ToolGroup, type ToolPlan, type ToolRole } from './toolPlan.js';

/** Above this, a tag's file is split so no single file makes tsc slow (GitHub's `repos` has 204 operations). */
export const MAX_OPERATIONS_PER_FILE = 60;

export function operationLabel(op: Operation): string {
  return op.operationId ?? opKey(op);
}

function linkedRefs(family: JobFamily): OperationRef[] {
  return [family.poll, family.cancel, family.result].filter(isOperationLink).map((l) => l.op);
}

export function planTools(model: ApiModel, detection: JobDetection, options: EmitOptions): ToolPlan {
  const diagnostics: Diagnostic[] = [];
  // Each operation's key, made once: the maps below are all keyed by it.
  const keys = model.operations.map(opKey);
  const byKey = new Map<string, Operation>();
  model.operations.forEach((op, i) => {
    if (!byKey.has(keys[i]!)) byKey.set(keys[i]!, op);
  });
  // Operations detection adds where a convention guarantees them (AIP-151 GetOperation): internal, no tool.
  const synthetic = (detection.syntheticOperations ?? []).filter((op) => !byKey.has(opKey(op)));
  for (const op of synthetic) byKey.set(opKey(op), op);

  // Families whose operations are all present (an include/exclude filter may have removed some).
  const families: JobFamily[] = [];
  for (const family of detection.families) {
    const missing = [...family.start.map((s) => s.op), ...linkedRefs(family)].filter((ref) => !byKey.has(opKey(ref)));
    if (missing.length > 0) {
      const message = `Job family "${family.name}" refers to ${opKey(missing[0]!)}, which is not generated; its operations stay plain tools.`;
      diagnostics.push(emitDiagnostic('MJG501', message, { pointer: missing[0]!.pointer }));
      continue;
    }
    families.push(family);
  }

  const roles = new Map<string, { role: ToolRole; family?: string }>();
  for (const family of families) for (const s of family.start) roles.set(opKey(s.op), { role: 'start', family: family.name });
  const follows = new Map<string, PlannedOperation['follows']>();
  for (const family of families) {
    for (const part of ['poll', 'cancel', 'result'] as const) {
      const link = family[part];
      if (isOperationLink(link) && !follows.has(opKey(link.op))) follows.set(opKey(link.op), { family: family.name, part });
    }
  }

  // An AWS query action declared as GET and POST twins is one tool (queryTwins.ts).
  const twins = findQueryTwins(model.operations, (op) => roles.has(opKey(op)) || follows.has(opKey(op)));
  const shown = model.operations.filter((op) => !twins.hidden.has(op));
  const shownKeys = shown.map(opKey);

  const registry = new NameRegistry();
  // Dynamic mode's meta-tools and shared job tools (templates/runtime/defaults.ts) keep their names.
  for (const reserved of Object.values(DYNAMIC_TOOLS)) registry.claimExact(reserved);
  const names = claimOperationNames(shown, shownKeys, options.rename ?? {}, registry, diagnostics, twins.names);
  const operations: PlannedOperation[] = shown.map((op, i) => {
    const role = roles.get(shownKeys[i]!) ?? { role: 'tool' as const };
    const followed = role.role === 'tool' ? follows.get(shownKeys[i]!) : undefined;
    return {
      op,
      tool: names[i]!,
      role: role.role,
      ...(role.family ? { family: role.family } : {}),
      ...(followed ? { follows: followed } : {}),
      label: operationLabel(op),
    };
  });
  const toolByKey = new Map(operations.map((p, i) => [shownKeys[i]!, p.tool] as const));
  // The first planned operation per key, as a scan with find() would meet it.
  const plannedByKey = new Map<string, PlannedOperation>();
  operations.forEach((p, i) => {
    if (!plannedByKey.has(shownKeys[i]!)) plannedByKey.set(shownKeys[i]!, p);
  });

  const planned = families.map((family): PlannedFamily => {
    const starts = family.start.map((s) => plannedByKey.get(opKey(s.op))!);
    const base = jobToolBase(family.name, starts[0]?.tool ?? '', model.title);
    const linked = new Map<string, string>();
    for (const ref of linkedRefs(family)) {
      const tool = toolByKey.get(opKey(ref));
      if (tool !== undefined) linked.set(opKey(ref), tool);
    }
    return {
      family,
      title: toTitle(family.name) || 'Job',
      starts,
      tools: {
        status: registry.claim(jobToolName(base, 'status')),
        cancel: family.cancel ? registry.claim(jobToolName(base, 'cancel')) : null,
        // An Azure LRO's final GET is planned from the start's answer at run time (core-lro): always a result tool.
        result: family.result || family.start.some((s) => s.azureLro) ? registry.claim(jobToolName(base, 'result')) : null,
      },
      listTool: findListTool(family, operations),
      linked,
      outputs: family.result || family.resultField ? [] : findOutputPointers(family, model, operations),
      internal: new Map(),
    };
  });
  const promotions = new Map((detection.promotions ?? []).filter((p) => p.promote).map((p) => [opKey(p.op), p] as const));
  operations.forEach((p, i) => {
    const decision = p.role === 'tool' && promotions.size > 0 ? promotions.get(shownKeys[i]!) : undefined;
    if (decision) p.promote = decision;
  });
  const promotable = operations.some((p) => p.promote);
  const listJobsTool = planned.length > 0 || promotable ? registry.claim('list_jobs') : null;
  const callStatusTool = promotable ? registry.claim('call_status') : null;
  // Named last, so that synthetic operations never change another tool's name.
  const used = new Set(planned.flatMap((p) => linkedRefs(p.family).map(opKey)));
  const internal: PlannedOperation[] = synthetic
    .filter((op) => used.has(opKey(op)))
    .map((op) => ({
      op,
      tool: registry.claim(baseToolName(op.operationId, op.method, op.path)),
      role: 'internal',
      label: operationLabel(op),
    }));
  for (const p of planned) {
    for (const ref of linkedRefs(p.family)) {
      const tool = internal.find((i) => opKey(i.op) === opKey(ref))?.tool;
      if (tool !== undefined) p.internal.set(opKey(ref), tool);
    }
  }
  return { operations, families: planned, groups: groupOperations(operations, internal), listJobsTool, callStatusTool, diagnostics };
}

/** Renames first (they win), then derived names in spec order. */
function claimOperationNames(
  ops: Operation[],
  keys: readonly string[],
  rename: Record<string, string>,
  registry: NameRegistry,
  diagnostics: Diagnostic[],
  baseNames: ReadonlyMap<Operation, string>,
): string[] {
  // Own keys only: an operationId such as `constructor` is not a rename.
  const renamed = (key: string): string | undefined => (Object.hasOwn(rename, key) ? rename[key] : undefined);
  const anyRenames = Object.keys(rename).length > 0;
  const names: Array<string | undefined> = ops.map((op, i) => {
    if (!anyRenames) return undefined;
    const wanted = renamed(op.operationId ?? '') ?? renamed(keys[i]!);
    if (wanted === undefined) return undefined;
    if (!TOOL_NAME_PATTERN.test(wanted)) {
      const message = `Rename of ${operationLabel(op)} to "${wanted}" ignored: tool names must match ^[a-zA-Z0-9_-]{1,64}$.`;
      diagnostics.push(emitDiagnostic('MJG502', message, { pointer: op.pointer }));
      return undefined;
    }
    if (!registry.claimExact(wanted)) {
      const why = (Object.values(DYNAMIC_TOOLS) as string[]).includes(wanted)
        ? 'the generated server reserves it for dynamic mode'
        : 'another operation was renamed to it';
      const message = `Rename of ${operationLabel(op)} to "${wanted}" ignored: ${why}.`;
      diagnostics.push(emitDiagnostic('MJG503', message, { pointer: op.pointer }));
      return undefined;
    }
    return wanted;
  });
  return ops.map((op, i) => names[i] ?? registry.claim(baseToolName(baseNames.get(op) ?? op.operationId, op.method, op.path)));
}

/** Group by first tag, else first literal path segment; big groups are split into parts. Internal ones last, apart. */
function groupOperations(operations: PlannedOperation[], internal: PlannedOperation[]): ToolGroup[] {
  const byStem = new Map<string, PlannedOperation[]>();
  // Stem of each first tag (hundreds of operations share one), or null when the tag names no file.
  const stemOfTag = new Map<string, string | null>();
  for (const planned of operations) {
    const tag = planned.op.tags[0] ?? '';
    let stem = stemOfTag.get(tag);
    if (stem === undefined) {
      stem = toSnakeCase(tag) !== '' ? toFileStem(tag) : null;
      stemOfTag.set(tag, stem);
    }
    // A tag with no ASCII letters or digits (`日本語`) names no file; the path still does.
    if (stem === null) {
      const segment = planned.op.path.split(/[/?]/).find((s) => s && !s.startsWith('{')) ?? '';
      stem = toFileStem(toSnakeCase(segment) !== '' ? segment : 'default');
    }
    const list = byStem.get(stem) ?? [];
    list.push(planned);
    byStem.set(stem, list);
  }
  const stems = new NameRegistry(64, true);
  for (const stem of byStem.keys()) stems.claimExact(stem);
  const groups: ToolGroup[] = [];
  for (const [stem, list] of byStem) {
    for (let start = 0; start < list.length; start += MAX_OPERATIONS_PER_FILE) {
      const part = start === 0 ? stem : stems.claim(`${stem}_part${start / MAX_OPERATIONS_PER_FILE + 1}`);
      groups.push({ stem: part, operations: list.slice(start, start + MAX_OPERATIONS_PER_FILE) });
    }
  }
  if (internal.length > 0) groups.push({ stem: stems.claim('internal'), operations: internal });
  return groups;
}
