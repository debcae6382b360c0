/**
 * `src/jobs.ts`: the job-family table the runtime drives (JobFamilySpec[]). Detection speaks in operation
 * refs; the runtime speaks in tool names, so every ref is mapped through the tool plan here. Config overrides
 * (states, durations, dedupe window, origins) are already in the families: detection applies them, once
 * (detect/applyOverrides.ts).
 */
import type { JobFamilySpec, JobOperationLinkSpec, StartSpec } from '../../templates/runtime/definition.js';
import type { ApiModel } from '../model/ir.js';
import {
  type AskedInput,
  isOperationLink,
  type JobFamily,
  type JobOperationLink,
  type ProgressSpec,
  type StartOperation,
} from '../model/jobs.js';
import type { GeneratedFile } from '../model/output.js';
import { clipText, LineWriter, literal, propertyKey } from './code.js';
import { type GenerationSource, generatedHeader } from './header.js';
import { dedupeWindowOf, expectedDurationOf } from './jobText.js';
import { cancelArgNames } from './naming.js';
import { commentSafe } from './safeText.js';
import { runtimeImport } from './schemaModule.js';
import { opKey, type PlannedFamily } from './toolPlan.js';
import { DESCRIPTION_LIMIT } from './zod/limits.js';
import { propertyToZod } from './zod/properties.js';
import { createZodContext, schemaToZod } from './zod/schemaToZod.js';

export const RESULT_NODE_BUDGET = 150;

function linkSpec(link: JobOperationLink, family: PlannedFamily): JobOperationLinkSpec {
  return {
    operation: (family.linked.get(opKey(link.op)) ?? family.internal.get(opKey(link.op)))!,
    idParam: link.idParam,
    ...(link.idIn ? { idIn: link.idIn } : {}),
    ...(link.idList ? { idList: link.idList } : {}),
    ...(link.idNumeric ? { idNumeric: link.idNumeric } : {}),
    ...(link.idFilter
      ? {
          idFilter: {
            name: link.idFilter.name,
            nameKey: link.idFilter.nameKey,
            valuesKey: link.idFilter.valuesKey,
            ...(link.idFilter.code !== undefined ? { code: link.idFilter.code } : {}),
          },
        }
      : {}),
    ...(link.itemsAt !== undefined ? { itemsAt: link.itemsAt } : {}),
    ...(link.itemId !== undefined ? { itemId: link.itemId } : {}),
    ...(link.pages ? { pages: { param: link.pages.param, in: link.pages.in, next: link.pages.next } } : {}),
    carry: link.carry.map((c) => ({
      param: c.param,
      from: c.from,
      ...(c.in ? { in: c.in } : {}),
      ...(c.itemId ? { itemId: c.itemId } : {}),
    })),
    ...(link.idempotency ? { idempotency: { in: link.idempotency.in, name: link.idempotency.name } } : {}),
    ...(link.asks ? { asks: askSpecs(link.asks) } : {}),
    ...(link.sets ? { sets: link.sets.map((v) => ({ param: v.param, in: v.in, value: v.value })) } : {}),
    ...(link.fromPollUrl !== undefined ? { fromPollUrl: link.fromPollUrl } : {}),
  };
}

const CANCEL_ASK_NOTE = "The API's cancel call requires it; sent with the cancel only.";

/** Each asked input's wire name, where it goes, and the cancel tool's argument for it (naming.ts cancelArgNames). */
function askSpecs(asks: readonly AskedInput[]): NonNullable<JobOperationLinkSpec['asks']> {
  const args = cancelArgNames(asks.map((a) => a.name));
  return asks.map((a, i) => ({ param: a.name, in: a.in, arg: args[i]! }));
}

/**
 * The zod object of what the cancel tool asks beside `job_id` (detect/cancelInputs.ts), each under the upstream's own
 * schema and description; null when the cancel asks nothing.
 */
function cancelInputCode(cancel: JobFamily['cancel'], model: ApiModel): string | null {
  if (!isOperationLink(cancel) || !cancel.asks || cancel.asks.length === 0) return null;
  const zctx = createZodContext(model.schemas, 'input', RESULT_NODE_BUDGET);
  const args = cancelArgNames(cancel.asks.map((a) => a.name));
  const props = cancel.asks.map((a, i) => {
    // The contract's words, clipped so that what the runtime does with the value survives the description's limit.
    const clipped = clipText(a.description, DESCRIPTION_LIMIT - CANCEL_ASK_NOTE.length - 2);
    const own = clipped ? `${clipped}${/[.!?…]$/.test(clipped) ? '' : '.'} ` : '';
    const printed = propertyToZod(a.schema, true, zctx, 1, [], `${own}${CANCEL_ASK_NOTE}`);
    return `${propertyKey(args[i]!)}: ${printed.code}`;
  });
  return `z.strictObject({ ${props.join(', ')} })`;
}

/** Link → `{ operation, idParam, carry }`; any other variant (`via`, `field`, `finalStateVia`) is copied as is. */
function mapTarget<T>(value: JobOperationLink | T, family: PlannedFamily): JobOperationLinkSpec | T {
  return isOperationLink(value) ? linkSpec(value, family) : (value as T);
}

type NotLink<T> = Exclude<T, JobOperationLink>;

function startSpec(start: StartOperation, tool: string): StartSpec {
  return {
    operation: tool,
    idFrom: start.idFrom,
    pollUrlFrom: start.pollUrlFrom,
    cancelUrlFrom: start.cancelUrlFrom,
    ...(start.finalStateVia ? { finalStateVia: start.finalStateVia } : {}),
    ...(start.azureLro ? { azureLro: true } : {}),
    ...(start.pageable ? { pageable: { nextLinkName: start.pageable.nextLinkName, itemName: start.pageable.itemName } } : {}),
    preferAsync: start.preferAsync,
    ...(start.members ? { members: { itemsAt: start.members.itemsAt, itemId: start.members.itemId } } : {}),
    ...(start.idFromArn ? { idFromArn: start.idFromArn } : {}),
    idempotency: start.idempotency
      ? {
          in: start.idempotency.in,
          name: start.idempotency.name,
          ...(start.idempotency.firstSentHeader ? { firstSentHeader: start.idempotency.firstSentHeader } : {}),
        }
      : null,
  };
}

/** `{field, scale}` or `{counts, done, total}` in a fixed key order (the runtime's JobFamilySpec.progress), or null. */
function progressSpec(progress: ProgressSpec | null): JobFamilySpec['progress'] {
  if (progress === null) return null;
  if ('counts' in progress) return { counts: progress.counts, done: [...progress.done], total: progress.total };
  return { field: progress.field, scale: progress.scale };
}

function sortedStates<S extends string>(states: Record<string, S>): Record<string, S> {
  const out: Record<string, S> = {};
  for (const key of Object.keys(states).sort()) out[key] = states[key]!;
  return out;
}

/**
 * The data part of a JobFamilySpec (everything except the zod result schema), typed against the runtime's
 * contract so that renaming a field there fails the generator's own type-check. Key order is the printed order.
 */
export function familySpecData(planned: PlannedFamily): Omit<JobFamilySpec, 'resultOutput' | 'cancelInput'> {
  const { family } = planned;
  return {
    name: family.name,
    ...(family.kind ? { kind: family.kind } : {}),
    title: planned.title,
    tools: planned.tools,
    confidence: family.confidence,
    starts: family.start.map((s, i) => startSpec(s, planned.starts[i]!.tool)),
    poll: mapTarget<NotLink<JobFamily['poll']>>(family.poll, planned),
    cancel: family.cancel ? mapTarget<NotLink<NonNullable<JobFamily['cancel']>>>(family.cancel, planned) : null,
    result: family.result ? mapTarget<NotLink<NonNullable<JobFamily['result']>>>(family.result, planned) : null,
    statusField: family.statusField,
    doneField: family.doneField,
    errorField: family.errorField,
    ...(family.reasonField ? { reasonField: family.reasonField } : {}),
    resultField: family.resultField,
    progress: progressSpec(family.progress),
    states: sortedStates(family.states),
    ...(family.statusCodes ? { statusCodes: family.statusCodes } : {}),
    outcomeField: family.outcomeField,
    outcomes: sortedStates(family.outcomes),
    ...(family.outcomeCodes ? { outcomeCodes: family.outcomeCodes } : {}),
    ...(family.statusByCode ? { statusByCode: true as const } : {}),
    ...(family.returnsToRest
      ? { returnsToRest: { ...family.returnsToRest, lastRunOutcomes: sortedStates(family.returnsToRest.lastRunOutcomes) } }
      : {}),
    // Sorted as the states are: the contract's enum order is no meaning (metamorphic `order`).
    ...(family.restsBeforeStart ? { restsBeforeStart: [...family.restsBeforeStart].sort() } : {}),
    ...(family.neutralEnds ? { neutralEnds: [...family.neutralEnds].sort() } : {}),
    ...(family.earlierRun ? { earlierRun: { ...family.earlierRun } } : {}),
    retryAfter: family.retryAfter,
    expectedDurationMs: expectedDurationOf(planned),
    etaField: family.etaField,
    ...(family.etaUnit ? { etaUnit: family.etaUnit } : {}),
    dedupeWindowMs: dedupeWindowOf(planned),
    allowedOrigins: [...(family.allowedOrigins ?? [])].sort(),
    listTool: planned.listTool,
    ...(planned.outputs.length > 0 ? { outputs: planned.outputs } : {}),
  };
}

export function emitJobs(families: PlannedFamily[], model: ApiModel, source?: GenerationSource): GeneratedFile {
  const w = new LineWriter();
  w.line(generatedHeader(model.title, source));
  const results = families.map((f) =>
    f.family.resultSchema === undefined
      ? null
      : schemaToZod(f.family.resultSchema, createZodContext(model.schemas, 'output', RESULT_NODE_BUDGET)).code,
  );
  const cancelInputs = families.map((f) => cancelInputCode(f.family.cancel, model));
  // zod from the runtime, which has it compiled in (schemaModule.ts runtimeImport).
  if ([...results, ...cancelInputs].some((r) => r !== null)) w.line(runtimeImport(['z'], '../runtime/index.js').trimEnd());
  w.line("import type { JobFamilySpec } from '../runtime/definition.js';");
  w.blank();
  if (families.length === 0) {
    w.line('export const families: JobFamilySpec[] = [];');
    return { path: 'src/jobs.ts', contents: w.toString() };
  }
  w.block(
    'export const families: JobFamilySpec[] = [',
    () => {
      families.forEach((family, i) => {
        writeEvidence(w, family);
        w.block(
          '{',
          () => {
            for (const [key, value] of Object.entries(familySpecData(family))) w.expr(`${key}: `, literal(value));
            if (results[i]) w.expr('resultOutput: ', results[i]!);
            if (cancelInputs[i]) w.expr('cancelInput: ', cancelInputs[i]!);
          },
          '},',
        );
      });
    },
    '];',
  );
  return { path: 'src/jobs.ts', contents: w.toString() };
}

/**
 * Why this is a job family, above its entry: what detection saw in the contract (the same evidence `mcp-jobgen
 * explain` prints), so an owner reading jobs.ts can judge it without running the generator. Spec text, so made
 * comment-safe, one item per line, each bounded.
 */
function writeEvidence(w: LineWriter, planned: PlannedFamily): void {
  const { family } = planned;
  w.line(commentSafe(`// ${planned.title} (\`${family.name}\`, ${family.confidence} confidence), a job family because:`));
  for (const item of family.evidence) w.line(`// - ${commentSafe(clipText(item, EVIDENCE_LIMIT))}`);
}

/** Characters per evidence line: long enum lists stay readable. */
const EVIDENCE_LIMIT = 240;
