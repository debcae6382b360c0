/**
 * Overrides beat heuristics. Operation overrides (`x-mcp-jobgen`, config `operations`) move an operation
 * into a named family in a given role, creating the family if no heuristic found it; family overrides
 * (config `jobs`) drop a family, add state words and set its expected duration.
 */
import type { FamilyOverride } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { blankJobFamily } from '../model/factories.js';
import type { ApiModel, Operation } from '../model/ir.js';
import type { JobFamily, JobOperationLink, StartArgSource, ValueSource } from '../model/jobs.js';
import { toStartOperation } from './buildFamily.js';
import { detectDiagnostic } from './codes.js';
import type { DetectContext } from './detectTypes.js';
import type { FamilyNamer } from './familyName.js';
import { readStartSignals } from './marked/startSignals.js';
import { describeOp, pathParams, successSchema, toOperationRef, trailingParam } from './read/operationIndex.js';
import { valuesFromDescription } from './read/schemaWalk.js';
import type { OverrideSet } from './readOverrides.js';
import { analyzeStatusSchema, keptReason } from './status/analyzeStatusSchema.js';
import { assessLifecycle } from './status/stateWords.js';

type Forced = Exclude<NonNullable<ReturnType<OverrideSet['byOp']['get']>>['value'], false>;

export function applyOperationOverrides(
  families: JobFamily[],
  model: ApiModel,
  ov: OverrideSet,
  ctx: DetectContext,
  diagnostics: Diagnostic[],
  namer: FamilyNamer,
): JobFamily[] {
  const forced = [...ov.byOp.entries()].filter((e): e is [Operation, { value: Forced; source: string }] => e[1].value !== false);
  if (forced.length === 0) return families;
  const byName = new Map(families.map((f) => [f.name, f]));
  const touched = new Set<JobFamily>();
  const byPointer = new Map(model.operations.map((o) => [o.pointer, o]));
  for (const [op, { value, source }] of forced) {
    for (const f of byName.values()) detach(f, op);
    let f = byName.get(value.family);
    if (!f) {
      f = emptyFamily(value.family);
      namer.reserve(value.family);
      byName.set(value.family, f);
    }
    touched.add(f);
    f.evidence.push(`${source} makes ${describeOp(op)} the ${value.role} of ${value.family}`);
    const link: JobOperationLink = {
      op: toOperationRef(op),
      idParam: value.idParam ?? trailingParam(op.path) ?? pathParams(op.path).at(-1) ?? '',
      ...(value.idIn || value.idList ? { idIn: value.idIn ?? 'body' } : {}),
      ...(value.idList ? { idList: true as const } : {}),
      carry: [],
    };
    if (value.kind) f.kind = value.kind;
    if (value.role === 'start') {
      const idFrom = value.idFrom && /^(header|body|arg):.+/.test(value.idFrom) ? (value.idFrom as ValueSource | StartArgSource) : null;
      f.start.push(toStartOperation(op, readStartSignals(op, ctx.reader), idFrom));
    } else if (value.role === 'poll') {
      f.poll = link;
      setStatus(f, op, value.statusField, ctx);
    } else if (value.role === 'cancel') f.cancel = link;
    else f.result = link;
  }
  const out: JobFamily[] = [];
  for (const f of byName.values()) {
    if (touched.has(f)) fillLinks(f, byPointer, ctx);
    const complete = f.start.length > 0 && f.poll !== null;
    if (complete) out.push(f);
    else if (touched.has(f)) {
      diagnostics.push(
        detectDiagnostic(
          'MJG302',
          `job family "${f.name}" has no ${f.start.length === 0 ? 'start' : 'poll'} operation after overrides and is dropped`,
          {
            help: 'Mark a start and a poll operation of the family with x-mcp-jobgen or config operations.',
          },
        ),
      );
    }
  }
  return out;
}

export function applyFamilyOverrides(
  families: JobFamily[],
  jobs: Record<string, FamilyOverride> | undefined,
  diagnostics: Diagnostic[],
): JobFamily[] {
  if (!jobs) return families;
  const names = new Set(families.map((f) => f.name));
  for (const key of Object.keys(jobs)) {
    if (!names.has(key)) {
      diagnostics.push(
        detectDiagnostic('MJG304', `config jobs["${key}"] names no detected job family`, {
          help: `Detected families: ${[...names].join(', ') || '(none)'}. Run \`mcp-jobgen explain\` to list them.`,
        }),
      );
    }
  }
  const out: JobFamily[] = [];
  for (const f of families) {
    const o = jobs[f.name];
    if (!o) {
      out.push(f);
      continue;
    }
    if (o.enabled === false) continue;
    if (o.states) f.states = { ...f.states, ...o.states };
    if (o.expectedDurationMs !== undefined) f.expectedDurationMs = o.expectedDurationMs;
    if (o.dedupeWindowMs !== undefined) f.dedupeWindowMs = o.dedupeWindowMs;
    if (o.allowedOrigins !== undefined) f.allowedOrigins = [...o.allowedOrigins];
    out.push(f);
  }
  return out;
}

/** A family the config declares from nothing: its poll is set by the override's `poll` role before it is used. */
function emptyFamily(name: string): JobFamily {
  return blankJobFamily(name, [], null as unknown as JobFamily['poll']);
}

/** Removes an operation from the roles a heuristic gave it. */
function detach(f: JobFamily, op: Operation): void {
  f.start = f.start.filter((s) => s.op.pointer !== op.pointer);
  if (f.poll && 'op' in f.poll && f.poll.op.pointer === op.pointer) f.poll = null as unknown as JobFamily['poll'];
  if (f.cancel && 'op' in f.cancel && f.cancel.op.pointer === op.pointer) f.cancel = null;
  if (f.result && 'op' in f.result && f.result.op.pointer === op.pointer) f.result = null;
}

function setStatus(f: JobFamily, op: Operation, statusField: string | undefined, ctx: DetectContext): void {
  const schema = successSchema(op);
  const a = analyzeStatusSchema(ctx.reader, schema);
  f.statusField = statusField ?? a.field;
  let states = a.lifecycle.states;
  if (statusField && statusField !== a.field) {
    const fs = ctx.reader.propertyAt(schema, statusField);
    states = assessLifecycle(ctx.reader.enumValues(fs) ?? valuesFromDescription(ctx.reader.description(fs))).states;
  }
  f.states = { ...states, ...f.states };
  f.doneField = a.doneField;
  f.errorField = a.errorField;
  const reason = keptReason(a, f.statusField, a.errorField);
  if (reason !== null) f.reasonField = reason;
  else delete f.reasonField;
  f.resultField = a.resultField;
  f.progress = a.progress;
  // An outcome only pairs with the status field it was found beside.
  const outcome = f.statusField === a.field ? a.outcome : null;
  f.outcomeField = outcome?.field ?? null;
  f.outcomes = outcome ? { ...outcome.outcomes } : {};
  if (schema !== undefined) f.statusSchema = schema;
}

/** Carry and id sources for links made by overrides, relative to the family's first start. */
function fillLinks(f: JobFamily, byPointer: Map<string, Operation>, ctx: DetectContext): void {
  const start = f.start[0];
  if (!start) return;
  const startParams = new Set(pathParams(start.op.path));
  for (const l of [f.poll, f.cancel, f.result]) {
    if (!l || !('op' in l) || l.carry.length > 0) continue;
    for (const p of pathParams(l.op.path)) {
      if (p === l.idParam && !startParams.has(p)) continue;
      l.carry.push({ param: p, from: startParams.has(p) ? `arg:${p}` : `body:${p}` });
    }
  }
  if (!f.poll && start.pollUrlFrom[0]) f.poll = { via: start.pollUrlFrom[0] };
  const idParam = f.poll && 'op' in f.poll ? f.poll.idParam : null;
  for (const s of f.start) {
    if (s.idFrom || !idParam || startParams.has(idParam)) continue;
    const startOp = byPointer.get(s.op.pointer);
    const props = startOp ? ctx.reader.properties(successSchema(startOp)) : new Map();
    const field = [idParam, 'id', 'name'].find((n) => props.has(n));
    s.idFrom = field ? `body:${field}` : (s.pollUrlFrom[0] ?? null);
  }
}
