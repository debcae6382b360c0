/**
 * Job detection: ApiModel → job families with evidence and confidence, plus the operations that looked
 * async but were rejected ("hints"). Pure: no I/O, no spec-specific names; overrides from `x-mcp-jobgen`
 * and the config beat every heuristic.
 */
import type { FamilyOverride, OperationOverride } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostics.js';
import type { ApiModel, Operation } from '../model/ir.js';
import type { AsyncHint, JobDetection, JobFamily } from '../model/jobs.js';
import { refName } from '../model/schemaRefs.js';
import { answerShapeNoun } from './answerShapeName.js';
import { applyFamilyOverrides, applyOperationOverrides } from './applyOverrides.js';
import { buildFamily } from './buildFamily.js';
import { withCancelInputs } from './cancelInputs.js';
import { withSuppliableLinks } from './checkLinks.js';
import { detectDiagnostic } from './codes.js';
import type { DetectContext, StartCandidate } from './detectTypes.js';
import { evaluateStart } from './evaluateStart.js';
import { FamilyNamer, nameFromSchemaRef, pathNoun, rawNameFromSchemaRef, toSnakeCase } from './familyName.js';
import { findCodeStatusStarts } from './idflow/codeStatusPoll.js';
import { findIdFlowStarts } from './idflow/idFlowJobs.js';
import { findLastOperationStarts } from './idflow/lastOperationStarts.js';
import { findLinkedStatusStarts } from './idflow/linkedStatusStarts.js';
import { withListPages } from './idflow/listPages.js';
import { withMemberSet } from './idflow/memberSets.js';
import { PairingBudget } from './idflow/pairingBudget.js';
import { isAzureLro } from './marked/azureLroStart.js';
import { SyntheticOperations } from './marked/syntheticOperations.js';
import { pollInputForm } from './pollInputForm.js';
import { detectPromotions } from './promotion/detectPromotions.js';
import { describeOp, OperationIndex, pathParams, pathShape, splitPath, successSchema } from './read/operationIndex.js';
import { SchemaReader } from './read/schemaWalk.js';
import { CANCEL_VERBS } from './read/signalWords.js';
import { readOverrides } from './readOverrides.js';
import { createsIntoPolled } from './resource/createIntoPolled.js';
import { jobItemPath } from './resource/findCompanions.js';
import { findIdFieldStarts } from './resource/findIdFieldStarts.js';
import { findIdOnlyStarts } from './resource/findIdOnlyStarts.js';
import { withCreateComingUp } from './status/createComesUp.js';
import { withNamedCodes } from './status/namedCodes.js';
import { withPhaseStates } from './status/phaseCandidate.js';
import { withUpdateCancels } from './updateCancel.js';

export interface DetectOverrides {
  operations?: Record<string, OperationOverride>;
  jobs?: Record<string, FamilyOverride>;
}

/** Bounds of one detection run; tests lower them to reach the edge with a small contract. */
export interface DetectLimits {
  /** Start–poll weighings id flow may spend (pairingBudget.ts). */
  pairings?: number;
}

export function detectJobs(model: ApiModel, overrides: DetectOverrides = {}, limits: DetectLimits = {}): JobDetection {
  const diagnostics: Diagnostic[] = [];
  const reader = new SchemaReader(model);
  const ov = readOverrides(model, overrides.operations, diagnostics);
  // Operations with any override are left to the overrides; `false` ones vanish from detection entirely.
  const overridden = (op: Operation) => ov.byOp.has(op);
  const suppressed = (op: Operation) => ov.byOp.get(op)?.value === false;
  const index = new OperationIndex(model, (s) => reader.fingerprint(s), suppressed);
  const ctx: DetectContext = { index, reader, resources: new Map(), synthetic: new SyntheticOperations() };

  const groups = new Map<string, StartCandidate[]>();
  const hintReasons = new Map<Operation, string>();
  const add = (c0: StartCandidate) => {
    // A thing made, then started: a start of each phase ends at its own verb's end (status/startVerbEnds.ts); a
    // create read at its item whose status is a thing coming up is a provisioning (status/createComesUp.ts).
    const c = withPhaseStates(withCreateComingUp(c0));
    // The family's one poll link serves every start in it: starts that hand the poll their id in another form (a
    // body member, a list item picked by a named part) are families of their own (pollInputForm.ts).
    const key = c.poll
      ? `poll:${c.poll.op.pointer}${c.ownStatus ? `#${c.status.field}` : ''}|${pollInputForm(c.poll.link)}${c.phase === 'start' ? '@start' : ''}`
      : c.linkedRead
        ? `read:${c.pollVia}:${c.linkedRead.pointer}`
        : `url:${c.start.pointer}`;
    const g = groups.get(key);
    if (g) g.push(c);
    else groups.set(key, [c]);
  };
  for (const op of model.operations) {
    if (overridden(op)) continue;
    const verdict = evaluateStart(op, ctx);
    // A start that lists its members instead of naming one job follows each (idflow/memberSets.ts).
    if (verdict?.kind === 'family') add(withMemberSet(verdict, reader));
    else if (verdict?.kind === 'hint') hintReasons.set(op, verdict.reason);
  }
  const claimed = () => {
    const s = new Set<Operation>();
    for (const g of groups.values())
      for (const c of g) {
        s.add(c.start);
        if (c.poll) s.add(c.poll.op);
        if (c.resource?.cancel) s.add(c.resource.cancel.op);
        if (c.resource?.result) s.add(c.resource.result.op);
      }
    return s;
  };
  const taken = claimed();
  for (const c of findIdFieldStarts(model.operations, ctx, (op) => !overridden(op) && !taken.has(op))) add(c);
  const takenNow = claimed();
  for (const c of findIdOnlyStarts(model.operations, ctx, (op) => !overridden(op) && !takenNow.has(op))) add(c);
  // Last: jobs without any marker, linked by where their id flows (AWS, and other vendors' job resources).
  const takenLast = claimed();
  const polled = new Set([...groups.values()].flatMap((g) => g.flatMap((c) => (c.poll ? [c.poll.op] : []))));
  const free = (op: Operation) => !overridden(op) && !takenLast.has(op);
  // A contract that marks its long-running operations (`x-ms-long-running-operation`) says by the marker's absence
  // that the others finish in the call (ARM): id flow looks for unmarked jobs only in contracts that use no marker.
  const marked = model.operations.some(isAzureLro);
  const idFlowStart = (op: Operation) => !marked && free(op);
  const budget = new PairingBudget(limits.pairings);
  for (const c of findIdFlowStarts(model.operations, ctx, idFlowStart, (op) => free(op) || polled.has(op), undefined, budget)) add(c);
  if (budget.unweighed.length > 0) diagnostics.push(unweighedDiagnostic(budget.unweighed));
  // Starts that hand out a link to their status read instead of an id (a 303's Location, a `status_url`).
  const takenLinked = claimed();
  const linkedFree = (op: Operation) => !marked && !overridden(op) && !takenLinked.has(op);
  for (const c of findLinkedStatusStarts(model.operations, ctx, linkedFree, (op) => !overridden(op))) add(c);
  // Actions read back at their item's record of its latest run (`…/estimateStatistics` → `…/lastEstimateStatisticsOperation`).
  const takenLastRun = claimed();
  for (const c of findLastOperationStarts(model.operations, ctx, (op) => !marked && !overridden(op) && !takenLastRun.has(op))) add(c);
  // Reads whose HTTP code is the state, 202 while the work runs (idflow/codeStatusPoll.ts).
  const takenCodes = claimed();
  for (const c of findCodeStatusStarts(model.operations, ctx, (op) => !marked && !overridden(op) && !takenCodes.has(op))) add(c);
  // A create into the collection a family already polls is one more start of it (resource/createIntoPolled.ts).
  const takenCreates = claimed();
  for (const c of createsIntoPolled([...groups.values()], ctx, (op) => !overridden(op) && !takenCreates.has(op))) add(c);

  const namer = new FamilyNamer();
  let families: JobFamily[] = [];
  for (const [key, group] of groups) {
    const first = group[0]!;
    const pollSchema = first.poll ? successSchema(first.poll.op) : first.statusSchema;
    const item = first.poll ? jobItemPath(first.poll.op.path, first.poll.link.idParam) : null;
    // A poll both phases share names the started thing's family apart: `channel` and `channel_start`.
    const split = key.endsWith('@start') && groups.has(key.slice(0, -'@start'.length));
    // A poll answer named for the poll (`DescribeBackupJobOutput`) is named by the poll's noun instead, whichever
    // candidate read that name (answerShapeName.ts).
    const pollRef = reader.refName(pollSchema);
    const answerNoun = answerShapeNoun(pollRef === undefined ? undefined : refName(pollRef), first.poll?.op);
    const byPollSchema = nameFromSchemaRef(pollRef);
    const name = namer.take(
      [
        answerNoun !== null && first.name === byPollSchema ? answerNoun : (first.name ?? null),
        answerNoun ?? byPollSchema,
        item ? pathNoun(item) : null,
        nameFromSchemaRef(reader.refName(successSchema(first.start))),
        rawNameFromSchemaRef(reader.refName(pollSchema)),
        // A URL-only job named by its poll field: `sbom_url` → `sbom`.
        first.pollVia?.startsWith('body:')
          ? toSnakeCase(
              first.pollVia
                .slice(5)
                .split('.')
                .at(-1)!
                .replace(/_?(url|uri)$/i, ''),
            )
          : null,
      ],
      first.start.operationId ?? splitPath(first.start.path).pathname,
      split ? '_start' : '',
    );
    families.push(buildFamily(name, group, reader));
  }

  families = withoutRoleClashes(families);
  const byPointer = new Map([...model.operations, ...ctx.synthetic.all()].map((o) => [o.pointer, o]));
  // A job the others left without a cancel may be cancelled by updating it (updateCancel.ts).
  families = withUpdateCancels(families, (p) => byPointer.get(p), ctx.index, reader);
  families = withSuppliableLinks(families, (p) => byPointer.get(p), reader, hintReasons, diagnostics);
  families = withCancelInputs(families, (p) => byPointer.get(p), reader, diagnostics);
  families = applyOperationOverrides(families, model, ov, ctx, diagnostics, namer);
  families = applyFamilyOverrides(families, overrides.jobs, diagnostics);
  families = withNamedCodes(families, reader);
  families = withListPages(families, (p) => byPointer.get(p), reader);
  // Spec order of each family's first start, whichever pass found it.
  const order = new Map(model.operations.map((o, i) => [o.pointer, i]));
  const firstStart = (f: JobFamily) => Math.min(...f.start.map((s) => order.get(s.op.pointer) ?? Infinity));
  families.sort((a, b) => firstStart(a) - firstStart(b));

  // Only the synthetic operations a surviving family links (overrides may have dropped some).
  const linked = new Set(families.flatMap((f) => [f.poll, f.cancel, f.result].flatMap((l) => (l && 'op' in l ? [l.op.pointer] : []))));
  return {
    families,
    hints: collectHints(model, families, hintReasons, (op) => overridden(op)),
    diagnostics,
    syntheticOperations: ctx.synthetic.used(linked),
    promotions: detectPromotions(model, families, reader, overrides.operations, diagnostics),
  };
}

/** MJG309: the starts id flow did not weigh, the first few named, so the user knows where to declare families. */
function unweighedDiagnostic(starts: readonly Operation[]): Diagnostic {
  const named = starts.slice(0, 5).map(describeOp).join(', ');
  const more = starts.length > 5 ? ` and ${starts.length - 5} more` : '';
  return detectDiagnostic(
    'MJG309',
    `job detection weighed as many start–poll pairs as one run may; ${starts.length} operation(s) that might start a job were not weighed: ${named}${more}`,
    { pointer: starts[0]!.pointer },
  );
}

/**
 * An operation plays one role in one family: a start that is also another family's poll, cancel or result
 * (or a second family's start) keeps only its first role, so that every operation becomes exactly one tool.
 */
function withoutRoleClashes(families: JobFamily[]): JobFamily[] {
  const companions = new Set<string>();
  for (const f of families) for (const l of [f.poll, f.cancel, f.result]) if (l && 'op' in l) companions.add(l.op.pointer);
  const started = new Set<string>();
  const out: JobFamily[] = [];
  for (const f of families) {
    f.start = f.start.filter((s) => !companions.has(s.op.pointer) && !started.has(s.op.pointer));
    for (const s of f.start) started.add(s.op.pointer);
    if (f.start.length > 0) out.push(f);
  }
  return out;
}

function parentShape(path: string): string {
  const { pathname } = splitPath(path);
  return pathShape(pathname.slice(0, pathname.lastIndexOf('/')));
}

const CANCEL_SUFFIX = new RegExp(`[/:](${CANCEL_VERBS.join('|')})$`, 'i');

function collectHints(
  model: ApiModel,
  families: JobFamily[],
  reasons: Map<Operation, string>,
  overridden: (op: Operation) => boolean,
): AsyncHint[] {
  const inFamily = new Set<string>();
  for (const f of families) {
    for (const s of f.start) inFamily.add(s.op.pointer);
    for (const l of [f.poll, f.cancel, f.result]) if (l && 'op' in l) inFamily.add(l.op.pointer);
  }
  // Job item paths, so that an extra action on a known job (`…/runs/{id}/force-cancel`) says so.
  const items = families.flatMap((f) => {
    if (!('op' in f.poll)) return [];
    const shape = pathShape(jobItemPath(f.poll.op.path, f.poll.idParam));
    return [{ name: f.name, below: `${shape}/`, verb: `${shape}:` }];
  });
  // Families polled with the id in the query (`GET /runs/get?run_id=`): their verbs are siblings of the poll.
  const queryParents = families.flatMap((f) =>
    'op' in f.poll && !pathParams(f.poll.op.path).includes(f.poll.idParam) ? [{ name: f.name, parent: parentShape(f.poll.op.path) }] : [],
  );
  const hints: AsyncHint[] = [];
  for (const op of model.operations) {
    if (overridden(op) || inFamily.has(op.pointer)) continue;
    let reason = reasons.get(op);
    if (reason) {
      const shape = pathShape(op.path);
      const onJob = items.find((i) => shape.startsWith(i.below) || shape.startsWith(i.verb));
      if (onJob) reason = `acts on a job of family ${onJob.name} (${reason})`;
    }
    const queryJob = !reason && op.method !== 'GET' ? queryParents.find((q) => q.parent === parentShape(op.path)) : undefined;
    if (queryJob && CANCEL_SUFFIX.test(splitPath(op.path).pathname)) {
      reason = `cancels a job of family ${queryJob.name}, but takes its id neither in the query nor in a JSON body field of the poll's name: kept as a plain tool`;
    }
    if (!reason && op.method !== 'GET' && CANCEL_SUFFIX.test(splitPath(op.path).pathname)) {
      reason = 'cancel-like verb on a resource that is not a job (no job lifecycle found): a business action, kept as a plain tool';
    }
    if (!reason) continue;
    const hint: AsyncHint = { method: op.method, path: op.path, reason };
    if (op.operationId !== undefined) hint.operationId = op.operationId;
    hints.push(hint);
  }
  return hints;
}
