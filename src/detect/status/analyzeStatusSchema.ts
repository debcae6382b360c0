/**
 * What a poll (job resource) response says about the job: its status field and values, the lifecycle
 * those values describe, progress, error and inline result fields, and the Google Operation shape.
 */
import type { JsonSchema } from '../../model/ir.js';
import type { ProgressSpec } from '../../model/jobs.js';
import { envelopeMember, isResourceObject } from '../read/envelope.js';
import { nameTokens } from '../read/nameTokens.js';
import { ReaderMemo } from '../read/readerMemo.js';
import type { SchemaReader } from '../read/schemaWalk.js';
import { inList, OUTCOME_FIELDS, STATUS_FIELDS } from '../read/signalWords.js';
import { DONE_FLAG_LIFECYCLE, DONE_FLAG_STATES, doneFlagOf, isOperationShaped } from './doneFlag.js';
import { patternValues } from './enumPattern.js';
import { findErrorField, findNamed, isResultUrlName, matchesRule, RESULT_RULE } from './fieldRoles.js';
import { findOutcomeField, type OutcomeAnalysis } from './findOutcomeField.js';
import { findProgress } from './findProgress.js';
import { assessLifecycle, type LifecycleAssessment } from './stateWords.js';
import { isNamedState, statusValuesInDescription } from './statusByMeaning.js';
import { findStatusReason } from './statusReason.js';
import { typedOutcome, typedStates } from './typedStates.js';

export interface StatusAnalysis {
  /** Dotted path of the status field, or null. */
  field: string | null;
  /** Where the values came from: a schema enum, quoted words in the field's description, or nowhere. */
  valuesFrom: 'enum' | 'description' | 'none';
  values: string[];
  lifecycle: LifecycleAssessment;
  /** Google AIP-151 shape: `name` + boolean `done` + `metadata`/`error`/`response`. */
  googleOperation: boolean;
  doneField: string | null;
  errorField: string | null;
  /** Words beside the status that say why it is so (`StatusReason`, `message`): the reason of a failed job (statusReason.ts). */
  reasonField: string | null;
  resultField: string | null;
  resultUrlField: string | null;
  progress: ProgressSpec | null;
  /** How a finished job ended, beside the status field (`conclusion`, `state.result_state`). */
  outcome: OutcomeAnalysis | null;
}

/** One analysis per resolved schema object in a run: a job schema is read for every start and poll that answers it. */
const ANALYSES = new ReaderMemo<object | undefined, StatusAnalysis>();

/**
 * Everything below reads the schema through `reader.properties` (which resolves it first), so the analysis is a
 * fact of the resolved object, shared by every `$ref` to it. Callers copy before they change anything.
 */
export function analyzeStatusSchema(reader: SchemaReader, schema: JsonSchema | undefined): StatusAnalysis {
  const root = reader.resolve(schema);
  return ANALYSES.get(reader, root, () => analyzeStatusSchemaUncached(reader, root));
}

/** Where a schema read sits: the body, the resource an envelope holds, or a JSON:API resource's `attributes`. */
type Level = 'body' | 'envelope' | 'attributes';

/** The analysis itself, without the memo (tests compare the two). */
export function analyzeStatusSchemaUncached(reader: SchemaReader, schema: JsonSchema | undefined, level: Level = 'body'): StatusAnalysis {
  const props = reader.properties(schema);
  const googleOperation = isOperationShaped(reader, schema);
  const direct = googleOperation ? null : findStatusField(reader, schema);
  // The resource inside an envelope (`{data: {...}, meta}`) is read whole, as if it were the body: its status, and
  // its result URL, progress and outcome beside it. One level only; and a JSON:API resource object is read in its
  // `attributes`, where the format puts its fields (`{data: {type, id, attributes: {status}}}`), once: a resource
  // whose attributes are itself (a hostile `$ref` cycle) must not be walked without end.
  const open = !googleOperation && direct === null;
  const member = open && level === 'body' ? envelopeMember(reader, schema) : null;
  const attributes = open && member === null && level !== 'attributes' && isResourceObject(reader, schema) ? 'attributes' : null;
  const inside = member ?? attributes;
  if (inside !== null) {
    const inner = analyzeStatusSchemaUncached(reader, props.get(inside), member !== null ? 'envelope' : 'attributes');
    if (inner.field !== null) return within(inside, inner, findErrorField(reader, props));
  }
  const found = direct;
  // A status spelled as subtypes of a typed object (Bitbucket `state`: typedStates.ts).
  const typed = googleOperation || found ? null : typedStates(reader, schema);
  // No status word: a flag that says the work ended, beside its error (doneFlag.ts: Mapbox's `complete`).
  const flag = googleOperation || found || typed ? null : doneFlagOf(reader, schema);
  const field = found ?? typed?.field ?? flag;
  let values: string[] = typed?.values ?? (flag ? Object.keys(DONE_FLAG_STATES) : []);
  let valuesFrom: StatusAnalysis['valuesFrom'] = typed || flag ? 'enum' : 'none';
  if (found) {
    const fs = reader.propertyAt(schema, found);
    const e = listedValues(reader, fs);
    if (e) {
      values = e;
      valuesFrom = 'enum';
    } else {
      // The values its description states, read as id flow reads them (statusByMeaning.ts): quoted, `A | B`, or a
      // plain list ("one of waiting, processing, finished or error": CloudConvert's job).
      values = statusValuesInDescription(reader.descriptionWithBranches(fs));
      if (values.length > 0) valuesFrom = 'description';
    }
  }
  const lifecycle = flag ? DONE_FLAG_LIFECYCLE : assessLifecycle(googleOperation ? [] : values);
  const outcome = typed ? typedOutcome(typed) : findOutcomeField(reader, schema, field);
  const resultField = googleOperation
    ? props.has('response')
      ? 'response'
      : null
    : findNamed(props, (n) => matchesRule(RESULT_RULE, n) && !isResultUrlName(n));
  return {
    field,
    valuesFrom,
    values,
    lifecycle,
    googleOperation,
    doneField: googleOperation ? 'done' : null,
    errorField: googleOperation ? (props.has('error') ? 'error' : null) : errorFieldBeside(reader, schema, field),
    reasonField: field === null ? null : reasonBeside(reader, schema, field),
    // A `result: success|failure` string is how the job ended, not its payload.
    resultField: resultField !== null && resultField === outcome?.field ? null : resultField,
    resultUrlField: findNamed(props, (n) => isResultUrlName(n) && reader.typeOf(props.get(n)) !== 'object'),
    progress: findProgress(reader, props),
    outcome,
  };
}

/** The error field beside the status (`data.failure_reason` next to `data.status`), else at the top level. */
function errorFieldBeside(reader: SchemaReader, schema: JsonSchema | undefined, statusField: string | null): string | null {
  const dot = statusField?.lastIndexOf('.') ?? -1;
  if (statusField && dot > 0) {
    const parent = statusField.slice(0, dot);
    const inner = findErrorField(reader, reader.properties(reader.propertyAt(schema, parent)));
    if (inner) return `${parent}.${inner}`;
  }
  return findErrorField(reader, reader.properties(schema));
}

/**
 * The reason a family keeps: the analysis's, only while the family reads the status it was found beside (an Azure
 * monitor's assumed `status`, an override's other field, have none read), and never its error field again.
 */
export function keptReason(a: StatusAnalysis, statusField: string | null, errorField: string | null): string | null {
  return a.reasonField !== null && statusField === a.field && a.reasonField !== errorField ? a.reasonField : null;
}

/** The reason field in the object that holds the status (`Change.StatusReason` beside `Change.Status`). */
export function reasonBeside(reader: SchemaReader, schema: JsonSchema | undefined, statusField: string): string | null {
  const dot = statusField.lastIndexOf('.');
  const parent = dot > 0 ? statusField.slice(0, dot) : null;
  const props = reader.properties(parent === null ? schema : reader.propertyAt(schema, parent));
  const reason = findStatusReason(reader, props, statusField.slice(dot + 1));
  return reason === null ? null : parent === null ? reason : `${parent}.${reason}`;
}

/** `status`, `state`, ... at the top level; then `*_status`; then inside a `status` object (Kubernetes `status.phase`). */
function findStatusField(reader: SchemaReader, schema: JsonSchema | undefined): string | null {
  const props = reader.properties(schema);
  for (const name of STATUS_FIELDS) {
    const own = ownStatusField(props, name);
    // Spelled otherwise, it counts as the `*Status` names do: only with its values listed.
    if (own !== null && isScalarStatus(reader, own[1]) && (own[0] === name || listedValues(reader, own[1]) !== null)) return own[0];
  }
  const suffixed = [...props].filter(([name, p]) => isSuffixedStatus(reader, name, p)).map(([name]) => name);
  if (suffixed.length > 0) return ownOfSuffixed(suffixed);
  for (const container of ['status', 'state']) {
    const inner = props.get(container);
    if (inner === undefined || reader.typeOf(inner) !== 'object') continue;
    const innerProps = reader.properties(inner);
    for (const name of STATUS_FIELDS) {
      const p = innerProps.get(name);
      if (p !== undefined && isScalarStatus(reader, p)) return `${container}.${name}`;
    }
    // `state: {type, name: PENDING | …}` (Bitbucket Pipelines): the state's name, its values listed.
    for (const namer of ['name', 'type']) {
      const named = innerProps.get(namer);
      if (named !== undefined && isScalarStatus(reader, named) && isNamedState(namer, container, reader, named))
        return `${container}.${namer}`;
    }
    // `state: {life_cycle_state, result_state}` (Databricks): the first enumerated `*_state` / `*_status`.
    for (const [name, p] of innerProps) {
      if (isSuffixedStatus(reader, name, p)) return `${container}.${name}`;
    }
  }
  return null;
}

/**
 * Of several enumerated `*State` / `*Status` fields, the thing's own: the one that says which state is `current`
 * (Dataflow's `currentState` beside the `requestedState` a client sets), else the first by name, so that the order a
 * schema lists them in never decides (metamorphic test, `order`).
 */
function ownOfSuffixed(names: readonly string[]): string {
  const current = names.filter((n) => nameTokens(n)[0] === 'current');
  return [...(current.length > 0 ? current : names)].sort()[0]!;
}

/**
 * A status field by its name, exactly or else in another case: AWS REST answers spell it `Status`, and a
 * `*Status` of a part read first (MediaConvert's `Job.AccelerationStatus` before `Job.Status`) is not the job's.
 * A `State` whose values only a description gives (Lambda event source mappings) is left to id flow, which reads
 * descriptions: read here it would make the 202 of an update a job with no state map.
 */
function ownStatusField(props: Map<string, JsonSchema>, name: string): [string, JsonSchema] | null {
  const exact = props.get(name);
  if (exact !== undefined) return [name, exact];
  for (const [other, p] of props) if (other.toLowerCase() === name.toLowerCase()) return [other, p];
  return null;
}

/**
 * The analysis of the object at `member` (an envelope's resource, the parent of a status read deeper), its paths from
 * the body; the outer error field last.
 */
export function within(member: string, a: StatusAnalysis, envelopeError: string | null): StatusAnalysis {
  const at = (path: string | null) => (path === null ? null : `${member}.${path}`);
  const progress =
    a.progress &&
    ('field' in a.progress
      ? { ...a.progress, field: at(a.progress.field)! }
      : // Counts beside the status itself (`''`) stand in the member.
        { ...a.progress, counts: a.progress.counts === '' ? member : at(a.progress.counts)! });
  return {
    ...a,
    field: at(a.field),
    doneField: at(a.doneField),
    errorField: at(a.errorField) ?? envelopeError,
    reasonField: at(a.reasonField),
    resultField: at(a.resultField),
    resultUrlField: at(a.resultUrlField),
    progress,
    outcome: a.outcome && { ...a.outcome, field: at(a.outcome.field)! },
  };
}

/**
 * An enumerated `*_status` / `*State` field that is not an outcome (`result_state` says how, not whether), or the
 * name of one (`stateName`, `status_name`: MongoDB Atlas's cluster `stateName`, the state's name is the state).
 */
function isSuffixedStatus(reader: SchemaReader, name: string, p: JsonSchema): boolean {
  return (
    /(_status|Status|_state|State|^status|^state)(_?[Nn]ame)?$/.test(name) &&
    !inList(OUTCOME_FIELDS, name) &&
    listedValues(reader, p) !== null &&
    isScalarStatus(reader, p)
  );
}

function isScalarStatus(reader: SchemaReader, s: JsonSchema): boolean {
  const t = reader.typeOf(s);
  return t === 'string' || (t === undefined && listedValues(reader, s) !== null) || reader.enumCodes(s) !== null;
}

/** The values a status lists: its enum, or an enum written as a pattern of literals (enumPattern.ts). */
function listedValues(reader: SchemaReader, s: JsonSchema | undefined): string[] | null {
  return reader.enumValues(s) ?? patternValues(reader, s);
}
