/**
 * The terminal outcome field: some job resources say "it finished" in the status (`completed`, `TERMINATED`)
 * and "how it ended" in a sibling (`conclusion: failure`, `result_state: FAILED`). Without it a finished but
 * failed run would read as succeeded. Names and words are data (signalWords / stateWords).
 */
import type { JsonSchema } from '../../model/ir.js';
import type { CanonicalState } from '../../model/jobs.js';
import { type SchemaReader, valuesFromDescription } from '../read/schemaWalk.js';
import { inList, OUTCOME_FIELDS, OUTCOME_FIELDS_NEEDING_VALUES } from '../read/signalWords.js';
import { assessOutcomes } from './stateWords.js';
import { statusValuesInDescription } from './statusByMeaning.js';

export interface OutcomeAnalysis {
  /** Dotted path, at the same object level as the status field (`conclusion`, `state.result_state`). */
  field: string;
  /** Outcome value → terminal state; empty when the contract lists no values (the runtime then reads words). */
  outcomes: Record<string, CanonicalState>;
  valuesFrom: 'enum' | 'description' | 'none';
}

/** Looks beside `statusField` (a dotted path into `schema`) for an outcome field; null when there is none. */
export function findOutcomeField(reader: SchemaReader, schema: JsonSchema | undefined, statusField: string | null): OutcomeAnalysis | null {
  if (statusField === null) return null;
  const dot = statusField.lastIndexOf('.');
  const parentPath = dot < 0 ? null : statusField.slice(0, dot);
  const statusName = statusField.slice(dot + 1);
  const parent = parentPath === null ? schema : reader.propertyAt(schema, parentPath);
  const prefix = parentPath === null ? '' : `${parentPath}.`;
  // Dedicated names first (they need no values), then the ambiguous ones that must prove themselves by values.
  for (const [names, needValues] of [
    [OUTCOME_FIELDS, false],
    [OUTCOME_FIELDS_NEEDING_VALUES, true],
  ] as const) {
    for (const [name, prop] of reader.properties(parent)) {
      if (name === statusName || !inList(names, name)) continue;
      // Beside a state read by its `name` (Bitbucket's `state.name`), the outcome is an object named the same way
      // (`state.result.name`: SUCCESSFUL, FAILED, …).
      const named = statusName === 'name' && reader.typeOf(prop) === 'object' ? reader.properties(prop).get('name') : undefined;
      const value = isScalar(reader, prop) ? prop : named !== undefined && isScalar(reader, named) ? named : null;
      if (value === null) continue;
      const found = outcomeOf(reader, value, needValues);
      if (found) return { field: `${prefix}${name}${value === named ? '.name' : ''}`, ...found };
    }
  }
  return null;
}

function outcomeOf(reader: SchemaReader, prop: JsonSchema, needValues: boolean): Omit<OutcomeAnalysis, 'field'> | null {
  const listed = reader.enumValues(prop);
  // Values in prose as the status's are read ("How a done pipeline ended: passed, failed, stopped (…) or canceled
  // (…).": Semaphore's `result` beside its `state`), where the quoted or coded forms find none.
  const text = reader.description(prop);
  const quoted = valuesFromDescription(text);
  const values = listed ?? (quoted.length > 0 || !text ? quoted : statusValuesInDescription(text));
  const valuesFrom: OutcomeAnalysis['valuesFrom'] = listed ? 'enum' : values.length > 0 ? 'description' : 'none';
  if (values.length === 0) return needValues ? null : { outcomes: {}, valuesFrom };
  const { outcomes, successAndFailure } = assessOutcomes(values);
  // Listed values that are not success/failure words: a business field that happens to have an outcome-ish name.
  if (!successAndFailure) return null;
  return { outcomes, valuesFrom };
}

function isScalar(reader: SchemaReader, s: JsonSchema): boolean {
  const t = reader.typeOf(s);
  return t === 'string' || (t === undefined && reader.enumValues(s) !== null) || reader.enumCodes(s) !== null;
}
